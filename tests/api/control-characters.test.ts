/**
 * Issue 28, finding 7: a NUL byte in some fields answered 500 (driver sign-up's BSP number or company name;
 * the contact form's subject or message). Control characters are now refused with 400 in one place, for
 * every route (tests/api/fuzz.test.ts sends them to each); tab and line breaks stay allowed in text.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../src/shared/messages.ts';
import {
  errorOf,
  oneDatabaseKind,
  readMailbox,
  rows,
  signedInClient,
  signupBody,
  startServer,
  type TestServer,
} from './helpers.ts';

const SUPPORT = 'nul-support@support.test';

describe.each(oneDatabaseKind())('control characters (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(() => server?.close());

  async function expectRefused(res: Response, path: string) {
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: 'validation',
      message: API_MESSAGES.controlCharacters,
      issues: [{ path, message: API_MESSAGES.controlCharacters }],
    });
  }

  const contact = (subject: string, message: string) => ({
    type: 'contact',
    replyTo: 'mia@example.test',
    formData: { name: 'Mia Obrien', email: 'mia@example.test', userType: 'customer', subject, message },
  });

  it("probe: a NUL byte in a driver's BSP number or company name is a 400, and no account is made (issue 28 finding 7)", async () => {
    for (const field of ['bspNumber', 'companyName'] as const) {
      const body = signupBody({ userType: 'driver', companyName: 'Bay Shuttles' });
      const res = await server.client().post('/api/account/signup', { ...body, [field]: `BSP\u0000-123` });
      await expectRefused(res, field);
      expect(await rows(server.db, sql`select 1 from users where email = ${body.email}`)).toHaveLength(0);
    }
  });

  it("probe: a NUL byte in the contact form's subject or message is a 400, and nothing is sent (issue 28 finding 7)", async () => {
    await expectRefused(
      await server
        .client()
        .post('/api/send-email', contact('Airport\u0000 trips', 'Can I book a shuttle for six people?')),
      'formData.subject',
    );
    await expectRefused(
      await server
        .client()
        .post('/api/send-email', contact('Airport trips', 'Can I book a shuttle\u0007 for six people?')),
      'formData.message',
    );
    expect(await readMailbox(server.baseUrl, SUPPORT)).toEqual([]);
    // Tab and line breaks are text, not control: the same form with them goes through.
    const ok = await server
      .client()
      .post(
        '/api/send-email',
        contact('Airport trips', 'Can I book a shuttle for six people,\r\nwith two surfboards?\tThanks'),
      );
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it('refuses them in a query, a path, a JSON key and a multipart form field (issue 28 finding 7)', async () => {
    const client = server.client();
    await expectRefused(await client.get('/api/places?q=Nelson%00Bay'), 'q');
    await expectRefused(await client.get('/api/places?q=Nelson%0ABay'), 'q');
    await expectRefused(await client.get('/api/driver-cards/abc%00def'), '(path)');
    await expectRefused(await client.post('/api/send-email', { 'type\u0000': 'contact' }), 'type\u0000');

    const reporter = await signedInClient(server);
    const form = new FormData();
    form.append('title', 'The map\u0000 froze');
    form.append('description', 'It froze when I opened my booking.');
    form.append('category', 'bug');
    form.append('priority', 'low');
    await expectRefused(await reporter.client.postForm('/api/issues', form), 'title');
    expect(await rows(server.db, sql`select 1 from issues where user_id = ${reporter.userId}`)).toHaveLength(
      0,
    );
  });
});
