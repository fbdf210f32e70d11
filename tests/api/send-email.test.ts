/** POST /api/send-email (SPEC §7): routing decided by the server, thank-you, honeypot, validation, limits. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  readMailbox,
  signedInClient,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helpers.ts';

const SUPPORT = 'help-desk@support.test';
const DRIVERS = 'driver-desk@support.test';

describe.each(databaseKinds())('send-email (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(kind, { env: { SUPPORT_EMAIL: SUPPORT, DRIVERS_EMAIL: DRIVERS } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const contact = (email: string, extra: Record<string, unknown> = {}) => ({
    to: 'attacker@evil.test',
    subject: 'Question about airport trips',
    text: 'ignored',
    html: '<script>alert(1)</script>',
    type: 'contact',
    replyTo: email,
    formData: {
      name: "Mia O'Brien",
      email,
      phone: '0400 111 222',
      userType: 'customer',
      subject: 'Question about airport trips',
      message: 'Can I book a shuttle for six people with surfboards?',
      ...extra,
    },
  });

  it('sends a contact message to support (never to the body `to`) and thanks the sender', async () => {
    const sender = uniqueEmail('contact');
    const res = await server.client().post('/api/send-email', contact(sender));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; messageId: string };
    expect(body.success).toBe(true);
    expect(body.messageId).toMatch(/^<[0-9a-f-]{36}@support\.test>$/);

    const support = (await readMailbox(server.baseUrl, SUPPORT)).filter((m) => m.kind === 'contact');
    const mine = support.find((m) => m.text.includes(sender));
    expect(mine).toBeDefined();
    // Recorded for the mail worker, with the Message-ID the answer gave.
    expect(mine!.status).toBe('pending');
    expect(mine!.messageId).toBe(body.messageId);
    expect(mine!.text).toContain('surfboards');
    expect(mine!.html).not.toContain('<script>');
    expect(await readMailbox(server.baseUrl, 'attacker@evil.test')).toHaveLength(0);
    const thanks = await readMailbox(server.baseUrl, sender);
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.kind).toBe('contact-confirmation');
    expect(thanks[0]!.text).toContain('24 hours');
  });

  it('sends driver-support to the drivers address', async () => {
    const sender = uniqueEmail('driver');
    const res = await server.client().post('/api/send-email', {
      subject: 'Insurance question',
      text: '',
      type: 'driver-support',
      replyTo: sender,
      formData: {
        name: 'Dana Driver',
        email: sender,
        driverLicense: 'NSW-1234567',
        urgency: 'high',
        subject: 'Insurance question',
        message: 'Which insurance documents do you need from me?',
      },
    });
    expect(res.status).toBe(200);
    const drivers = await readMailbox(server.baseUrl, DRIVERS);
    expect(drivers.some((m) => m.kind === 'driver-support' && m.text.includes('NSW-1234567'))).toBe(true);
    const support = await readMailbox(server.baseUrl, SUPPORT);
    expect(support.some((m) => m.text.includes(sender))).toBe(false);
    expect((await readMailbox(server.baseUrl, sender))[0]?.kind).toBe('driver-support-confirmation');
  });

  it('sends an issue report to support for a signed-in user only', async () => {
    const sender = uniqueEmail('issue');
    const issue = {
      subject: 'Issue report',
      text: '',
      type: 'issue',
      replyTo: sender,
      formData: {
        title: 'Map does not load',
        category: 'bug',
        priority: 'critical',
        userName: 'Ivy Issue',
        userEmail: sender,
        description: 'The map on the booking page stays grey.',
        attachments: [],
      },
    };
    const anon = await server.client().post('/api/send-email', issue);
    expect(anon.status).toBe(401);
    const { client } = await signedInClient(server);
    const res = await client.post('/api/send-email', issue);
    expect(res.status).toBe(200);
    const support = await readMailbox(server.baseUrl, SUPPORT);
    expect(support.some((m) => m.kind === 'issue' && m.text.includes('Map does not load'))).toBe(true);
  });

  it('pretends success for a filled honeypot and sends nothing', async () => {
    const sender = uniqueEmail('bot');
    const res = await server
      .client()
      .post('/api/send-email', { ...contact(sender), website: 'http://spam.test' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    const res2 = await server.client().post('/api/send-email', contact(sender, { website: 'spam' }));
    expect(res2.status).toBe(200);
    expect(await readMailbox(server.baseUrl, sender)).toHaveLength(0);
    const support = await readMailbox(server.baseUrl, SUPPORT);
    expect(support.some((m) => m.text.includes(sender))).toBe(false);
  });

  it('validates the form data of its type', async () => {
    const sender = uniqueEmail('invalid');
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...contact(sender), formData: { ...contact(sender).formData, name: 'X' } },
        'Please enter your full name',
      ],
      [
        { ...contact(sender), formData: { ...contact(sender).formData, email: 'nope' } },
        'Please enter a valid email address.',
      ],
      [
        { ...contact(sender), formData: { ...contact(sender).formData, message: '  ' } },
        'Please enter your message.',
      ],
      [{ ...contact(sender), type: 'newsletter' }, 'Unknown message type.'],
      [{ ...contact(sender), replyTo: 'bad' }, 'Please enter a valid email address.'],
    ];
    for (const [body, message] of cases) {
      const res = await server.client().post('/api/send-email', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message });
    }
    expect(await readMailbox(server.baseUrl, sender)).toHaveLength(0);
  });

  it('limits messages per sender address', async () => {
    const sender = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await server.client().post('/api/send-email', contact(sender))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("answers 'Failed to send email.' only when the mail cannot be recorded, and records neither mail", async () => {
    // The outbox refuses the thank-you (a real database error, as when the database is away), after the
    // message to support was recorded in the same transaction.
    await server.db.execute(
      sql`alter table mail_outbox add constraint refuse_thanks_for_test check (kind <> 'contact-confirmation') not valid`,
    );
    const sender = uniqueEmail('fail');
    try {
      const res = await server.client().post('/api/send-email', contact(sender));
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ success: false, message: 'Failed to send email.' });
    } finally {
      await server.db.execute(sql`alter table mail_outbox drop constraint refuse_thanks_for_test`);
    }
    // Neither mail is left: the message to support was rolled back with the thank-you.
    expect(await readMailbox(server.baseUrl, sender)).toHaveLength(0);
    const support = await readMailbox(server.baseUrl, SUPPORT);
    expect(support.some((m) => m.text.includes(sender))).toBe(false);

    // With the outbox working again, the same request succeeds.
    const again = await server.client().post('/api/send-email', contact(sender));
    expect(again.status).toBe(200);
    expect((await readMailbox(server.baseUrl, sender))[0]?.kind).toBe('contact-confirmation');
  });
});
