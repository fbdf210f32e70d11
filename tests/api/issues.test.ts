/** /api/issues: the issue reporter's row, its two e-mails, the screenshot rules and the admin list. */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_MESSAGES } from '../../src/shared/validation/issues.ts';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  readMailbox,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';

async function postForm(client: TestClient, path: string, form: FormData): Promise<Response> {
  const headers: Record<string, string> = {};
  if (client.ip) headers['x-forwarded-for'] = client.ip;
  if (client.origin) headers.origin = client.origin;
  const cookie = client.cookieHeader();
  if (cookie) headers.cookie = cookie;
  return fetch(`${client.baseUrl}${path}`, { method: 'POST', headers, body: form });
}

const VALID = {
  title: 'Map does not load',
  description: 'The pickup map stays blank on my phone.',
  category: 'bug',
  priority: 'high',
};

describe.each(databaseKinds())('issue reporter (%s)', (kind) => {
  let server: TestServer;
  let reporter: Awaited<ReturnType<typeof signedInClient>>;
  const support = 'support@shuttlequote.example';

  beforeAll(async () => {
    server = await startServer(kind);
    reporter = await signedInClient(server, { fullName: 'Rita Reporter', userType: 'driver' });
  });
  afterAll(() => server?.close());

  it('stores a pending issue and e-mails support and the submitter', async () => {
    const res = await reporter.client.post('/api/issues', VALID);
    expect(res.status).toBe(201);
    const { issue, warning } = (await res.json()) as {
      issue: { id: string; status: string };
      warning?: string;
    };
    expect(issue.status).toBe('pending');
    expect(warning).toBeUndefined();

    const [row] = await rows<Record<string, unknown>>(
      server.db,
      sql`select * from issues where id = ${issue.id}`,
    );
    expect(row).toMatchObject({
      title: VALID.title,
      description: VALID.description,
      category: 'bug',
      priority: 'high',
      status: 'pending',
      user_id: reporter.userId,
      user_email: reporter.email,
      user_type: 'driver',
      screenshot_url: null,
    });

    const toSupport = (await readMailbox(server.baseUrl, support)).filter((m) => m.kind === 'issue');
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.subject).toContain(VALID.title);
    expect(toSupport[0]!.text).toContain(VALID.description);
    expect(toSupport[0]!.meta).toMatchObject({
      formData: {
        title: VALID.title,
        category: 'bug',
        priority: 'high',
        userName: 'Rita Reporter',
        userEmail: reporter.email,
        description: VALID.description,
        attachments: [],
      },
    });
    const toReporter = (await readMailbox(server.baseUrl, reporter.email)).filter((m) => m.kind === 'issue');
    expect(toReporter).toHaveLength(1);
    expect(toReporter[0]!.text).toContain('Thank you for your feedback');
  });

  it('stores the issue and its two e-mails together: if the e-mails cannot be recorded, there is no issue', async () => {
    // The outbox refuses the thank-you (a real database error), after the report to support was recorded.
    await server.db.execute(
      sql`alter table mail_outbox add constraint refuse_issue_thanks_for_test
            check (not (kind = 'issue' and meta ? 'confirmation')) not valid`,
    );
    const title = 'Timetable page is empty';
    try {
      const res = await reporter.client.post('/api/issues', { ...VALID, title });
      expect(res.status).toBe(500);
      expect((await errorOf(res)).code).toBe('internal');
    } finally {
      await server.db.execute(sql`alter table mail_outbox drop constraint refuse_issue_thanks_for_test`);
    }
    expect(await rows(server.db, sql`select 1 from issues where title = ${title}`)).toHaveLength(0);
    const toSupport = await readMailbox(server.baseUrl, support);
    expect(toSupport.some((m) => m.subject.includes(title))).toBe(false);
  });

  it('takes a multipart report with a screenshot, and drops a bad screenshot with a warning', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID, category: 'feature', priority: 'low' }))
      form.append(k, v);
    form.append('screenshot', new Blob([png], { type: 'image/png' }), 'screen.png');
    const res = await postForm(reporter.client, '/api/issues', form);
    expect(res.status).toBe(201);
    const { issue } = (await res.json()) as { issue: { screenshotUrl: string } };
    expect(issue.screenshotUrl).toMatch(
      new RegExp(`^/api/issues/screenshots/${reporter.userId}-\\d+\\.png$`),
    );
    const shot = await reporter.client.get(issue.screenshotUrl);
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    const other = await signedInClient(server);
    expect((await other.client.get(issue.screenshotUrl)).status).toBe(404);

    const bad = new FormData();
    for (const [k, v] of Object.entries(VALID)) bad.append(k, v);
    bad.append('screenshot', new Blob([Buffer.from('plain text pretending')]), 'shot.png');
    const res2 = await postForm(reporter.client, '/api/issues', bad);
    expect(res2.status).toBe(201);
    const body2 = (await res2.json()) as { issue: { screenshotUrl: string | null }; warning: string };
    expect(body2.issue.screenshotUrl).toBeNull();
    expect(body2.warning).toBe(ISSUE_MESSAGES.screenshotProcessFailed);
  });

  it('checks each field with the §5 messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, title: 'abc ' }, ISSUE_MESSAGES.titleTooShort],
      [{ ...VALID, description: 'too short' }, ISSUE_MESSAGES.descriptionTooShort],
      [{ ...VALID, category: '' }, ISSUE_MESSAGES.categoryRequired],
      [{ ...VALID, category: 'praise' }, ISSUE_MESSAGES.categoryRequired],
      [{ ...VALID, priority: undefined }, ISSUE_MESSAGES.priorityRequired],
    ];
    for (const [body, message] of cases) {
      const res = await reporter.client.post('/api/issues', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
  });

  it('refuses guests, and lists issues for administrators only', async () => {
    const guest = await server.client().post('/api/issues', VALID);
    expect(guest.status).toBe(401);
    expect((await errorOf(guest)).message).toBe(ISSUE_MESSAGES.loginRequired);

    expect((await reporter.client.get('/api/issues')).status).toBe(403);
    const admin = await signedInClient(server);
    await makeAdmin(server, admin);
    const list = await admin.client.get('/api/issues');
    expect(list.status).toBe(200);
    const { issues } = (await list.json()) as { issues: { title: string; userEmail: string }[] };
    expect(issues.some((i) => i.title === VALID.title && i.userEmail === reporter.email)).toBe(true);
  });
});
