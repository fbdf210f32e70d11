import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  latestMail,
  readMailbox,
  rows,
  signupBody,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const EMAIL_TAKEN =
  'This email address is already registered. Please use a different email or try logging in instead.';

describe.each(databaseKinds())('sign-up (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const usersByEmail = (email: string) =>
    rows<{ id: string; email: string; full_name: string; user_type: string; email_verified: boolean }>(
      server.db,
      sql`select id, email, full_name, user_type, email_verified from users where email = ${email}`,
    );

  it('creates a customer: 201, a users row and a confirmation e-mail', async () => {
    const body = signupBody({ userType: 'customer', fullName: "Cara O'Neil-Smith" });
    const res = await server.client().post('/api/account/signup', body);
    expect(res.status).toBe(201);
    const json = (await res.json()) as {
      user: { id: string; email: string; userType: string };
      confirmationRequired: boolean;
    };
    expect(json).toMatchObject({
      user: { email: body.email, fullName: "Cara O'Neil-Smith", userType: 'customer' },
      confirmationRequired: true,
    });

    const [user] = await usersByEmail(body.email);
    expect(user).toMatchObject({
      id: json.user.id,
      user_type: 'customer',
      full_name: "Cara O'Neil-Smith",
      email_verified: false,
    });
    expect(await rows(server.db, sql`select 1 from drivers where user_id = ${json.user.id}`)).toHaveLength(0);

    const mail = await readMailbox(server.baseUrl, body.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: body.email, kind: 'verify-email' });
    expect(mail[0]!.text).toContain(`${server.baseUrl}/api/auth/verify-email?token=`);
  });

  it('creates a driver with the business record and the spec defaults', async () => {
    const body = signupBody({ userType: 'driver', bspNumber: ' BSP-0042 ', companyName: 'Bay Shuttles' });
    const res = await server.client().post('/api/account/signup', body);
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: string; userType: string } };
    expect(user.userType).toBe('driver');

    const [row] = await usersByEmail(body.email);
    expect(row?.user_type).toBe('driver');
    const [driver] = await rows<{
      bsp_number: string;
      company_name: string | null;
      vehicle_details: { capacity: number };
      availability: { days: string[]; hours: { start: string; end: string } };
      insurance_details: Record<string, unknown>;
    }>(server.db, sql`select * from drivers where user_id = ${user.id}`);
    expect(driver).toBeDefined();
    expect(driver!.bsp_number).toBe('BSP-0042');
    expect(driver!.company_name).toBe('Bay Shuttles');
    expect(driver!.vehicle_details.capacity).toBe(4);
    expect(driver!.availability.hours).toEqual({ start: '09:00', end: '17:00' });
    expect(driver!.insurance_details).toEqual({});

    expect((await readMailbox(server.baseUrl, body.email)).map((m) => m.kind)).toEqual(['verify-email']);
  });

  it('a driver without a company name stores null', async () => {
    const body = signupBody({ userType: 'driver' });
    const res = await server.client().post('/api/account/signup', body);
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: string } };
    const [driver] = await rows<{ company_name: string | null }>(
      server.db,
      sql`select company_name from drivers where user_id = ${user.id}`,
    );
    expect(driver).toEqual({ company_name: null });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])(
    'a driver with a %s BSP number: 400 "BSP number is required", nothing created',
    async (_label, bspNumber) => {
      const body = { ...signupBody({ userType: 'driver' }), bspNumber };
      const res = await server.client().post('/api/account/signup', body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'validation', message: 'BSP number is required' });
      expect(await usersByEmail(body.email)).toHaveLength(0);
      expect(await readMailbox(server.baseUrl, body.email)).toHaveLength(0);
    },
  );

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a short password', { password: 'Ab1-xyz' }, 'Password must be at least 8 characters long'],
    [
      'a common password',
      { password: 'Password' },
      'Please use a stronger password. This password is too common.',
    ],
    [
      'a common password in capitals',
      { password: 'PASSWORD' },
      'Please use a stronger password. This password is too common.',
    ],
    // Shorter than 8: the length rule is reported first.
    ['qwerty', { password: 'QWERTY' }, 'Password must be at least 8 characters long'],
    ['a one-letter name', { fullName: 'A' }, 'Please enter your full name'],
    ['a name with digits', { fullName: 'John 2' }, 'Please enter your full name'],
  ])('a customer with %s: 400 with the spec message', async (_label, override, message) => {
    const body = { ...signupBody({ userType: 'customer' }), ...override };
    const res = await server.client().post('/api/account/signup', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation');
    expect(error.message).toBe(message);
    expect(error.issues?.[0]?.message).toBe(message);
    expect(await rows(server.db, sql`select 1 from users where email = ${body.email}`)).toHaveLength(0);
  });

  it('a driver with a bad name: 400 "Please enter a valid full name"', async () => {
    const body = { ...signupBody({ userType: 'driver' }), fullName: 'D4n' };
    const res = await server.client().post('/api/account/signup', body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation',
      message: 'Please enter a valid full name',
    });
  });

  it('stores the e-mail trimmed and lowercased', async () => {
    const email = uniqueEmail('mixed');
    const res = await server
      .client()
      .post('/api/account/signup', signupBody({ email: `  ${email.toUpperCase()} ` }));
    expect(res.status).toBe(201);
    expect(await usersByEmail(email)).toHaveLength(1);
  });

  it.each(['admin', 'Admin', 'superuser'])(
    'userType %j: 403 auth/admin-signup-refused, no user, a security event',
    async (userType) => {
      const body = { ...signupBody(), userType };
      const res = await server.client().post('/api/account/signup', body);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'auth/admin-signup-refused',
        message: 'Public sign-up cannot create an administrator account.',
      });
      expect(await usersByEmail(body.email)).toHaveLength(0);
      expect(await readMailbox(server.baseUrl, body.email)).toHaveLength(0);
      const events = await rows<{ details: { requestedUserType: string } }>(
        server.db,
        sql`select details from security_events where event_type = 'admin_signup_refused'`,
      );
      expect(events.map((e) => e.details.requestedUserType)).toContain(userType);
    },
  );

  it("better-auth's own sign-up endpoint is not reachable (404)", async () => {
    const email = uniqueEmail('direct');
    const res = await server.client().post('/api/auth/sign-up/email', {
      email,
      password: 'Sturdy-Pass-9',
      name: 'Eve Admin',
      userType: 'admin',
    });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: 'not_found', message: 'Not found' });
    expect(await usersByEmail(email)).toHaveLength(0);
  });

  it('the database refuses an unknown user_type (CHECK constraint)', async () => {
    const email = uniqueEmail('sql');
    const insert = server.db.execute(
      sql`insert into users (email, full_name, user_type) values (${email}, 'Sue Perr', 'superuser')`,
    );
    await expect(insert).rejects.toSatisfy((err: unknown) => {
      const e = err as { message?: string; cause?: { message?: string; code?: string } };
      const text = `${e.message ?? ''} ${e.cause?.message ?? ''}`;
      return e.cause?.code === '23514' && text.includes('users_user_type_check');
    });
    expect(await usersByEmail(email)).toHaveLength(0);
    // The same insert with a known type passes, so the failure above is the CHECK, not the statement.
    await server.db.execute(
      sql`insert into users (email, full_name, user_type) values (${email}, 'Sue Perr', 'customer')`,
    );
    expect(await usersByEmail(email)).toHaveLength(1);
  });

  it('probe: an address already registered answers exactly as a new sign-up, and its owner is e-mailed the spec message (any case)', async () => {
    const body = signupBody();
    const first = await server.client().post('/api/account/signup', body);
    expect(first.status).toBe(201);
    const shape = (json: { user: Record<string, unknown>; confirmationRequired: boolean }) => ({
      keys: Object.keys(json.user).sort(),
      confirmationRequired: json.confirmationRequired,
    });
    const firstShape = shape(await first.json());

    for (const email of [body.email, body.email.toUpperCase(), ` ${body.email} `]) {
      const res = await server
        .client()
        .post('/api/account/signup', { ...body, email, fullName: 'Someone Else' });
      expect(res.status, email).toBe(201);
      const json = await res.json();
      expect(shape(json)).toEqual(firstShape);
      expect(json.user.fullName).toBe('Someone Else');
    }
    // Also as a driver.
    const asDriver = await server
      .client()
      .post('/api/account/signup', signupBody({ userType: 'driver', email: body.email }));
    expect(asDriver.status).toBe(201);

    expect(await usersByEmail(body.email)).toHaveLength(1);
    const mail = await latestMail(server.baseUrl, body.email, 'signup-taken');
    expect(mail.text).toContain(EMAIL_TAKEN);
    expect(mail.text).toContain('/forgot-password');
    // At most 3 such e-mails an hour, so sign-ups cannot flood an inbox; plus the first confirmation.
    await server.deps.later.drain();
    const mails = await readMailbox(server.baseUrl, body.email);
    expect(mails.filter((m) => m.kind === 'signup-taken')).toHaveLength(3);
    expect(mails.filter((m) => m.kind === 'verify-email')).toHaveLength(1);
  });

  it.each([
    ['0412 345 678', '+61412345678'],
    ['0412-345-678', '+61412345678'],
    ['(04) 1234 5678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['+61 (0) 498 765 432', '+61498765432'],
    ['61498765432', '+61498765432'],
    ['+44 7911 123456', '+447911123456'],
  ])('a mobile number typed as %j is stored as %s (E.164)', async (typed, stored) => {
    for (const userType of ['customer', 'driver'] as const) {
      const body = signupBody({ userType, phone: typed });
      const res = await server.client().post('/api/account/signup', body);
      expect(res.status, `${userType} ${typed}`).toBe(201);
      const [row] = await rows<{ phone: string }>(
        server.db,
        sql`select phone from users where email = ${body.email}`,
      );
      expect(row?.phone).toBe(stored);
    }
  });

  it.each([
    ['missing', undefined, 'Please enter your mobile number.'],
    ['empty', '', 'Please enter your mobile number.'],
    ['blank', '   ', 'Please enter your mobile number.'],
    ['not a string', 412345678, 'Please enter your mobile number.'],
    ['too short', '0412 345', 'Please enter a valid mobile number, for example 0412 345 678.'],
    ['too long', '0412 345 6789', 'Please enter a valid mobile number, for example 0412 345 678.'],
    ['spelled with letters', '04l2 345 678', 'Please enter a valid mobile number, for example 0412 345 678.'],
    [
      'inside other text',
      'call 0412 345 678',
      'Please enter a valid mobile number, for example 0412 345 678.',
    ],
    [
      'a landline',
      '(02) 4981 1234',
      'Please enter a mobile number (04xx xxx xxx): on the day of the trip your driver or customer calls or texts it.',
    ],
    [
      'a 1300 number',
      '1300 123 456',
      'Please enter a mobile number (04xx xxx xxx): on the day of the trip your driver or customer calls or texts it.',
    ],
  ])(
    'a sign-up whose mobile number is %s: 400 with its message, nothing created',
    async (_label, phone, message) => {
      for (const userType of ['customer', 'driver'] as const) {
        const body = { ...signupBody({ userType }), phone };
        const res = await server.client().post('/api/account/signup', body);
        expect(res.status, `${userType} ${String(phone)}`).toBe(400);
        const error = await errorOf(res);
        expect(error).toMatchObject({ code: 'validation', message });
        expect(error.issues?.[0]).toMatchObject({ path: 'phone', message });
        expect(await usersByEmail(body.email)).toHaveLength(0);
        expect(await readMailbox(server.baseUrl, body.email)).toHaveLength(0);
      }
    },
  );

  it('the confirmation e-mail comes in the branded layout: the link as a button and in the text, support contacts', async () => {
    const body = signupBody();
    expect((await server.client().post('/api/account/signup', body)).status).toBe(201);
    const [mail] = await readMailbox(server.baseUrl, body.email);
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    expect(link).toContain('/api/auth/verify-email?token=');
    const env = server.deps.env;
    expect(mail!.subject).toBe(`Confirm your e-mail address for ${env.BRAND_NAME}`);
    for (const part of [mail!.text, mail!.html!]) {
      expect(part).toContain(env.BRAND_NAME);
      expect(part).toContain('Confirm my e-mail address');
      expect(part).toContain(env.SUPPORT_EMAIL);
      expect(part).toContain(env.SUPPORT_PHONE);
      expect(part).toContain('If you did not sign up, ignore this e-mail.');
    }
    expect(mail!.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toContain('max-width:600px');
  });

  it('a body that is not JSON: 400, not 500', async () => {
    const res = await server.client().post('/api/account/signup', '{not json');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
  });
});
