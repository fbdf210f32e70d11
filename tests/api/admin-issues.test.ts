/** Issue 14: reported issues get a status, filters, and replies e-mailed to the reporter, kept with the issue. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIssueDetailDto, AdminIssueDto } from '../../src/shared/admin/issues.ts';
import {
  databaseKinds,
  errorOf,
  latestMail,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';

describe.each(databaseKinds())('admin issue triage (%s)', (kind) => {
  let server: TestServer;
  let reporter: { client: TestClient; email: string; userId: string };
  let admin: { client: TestClient; email: string; password: string };

  beforeAll(async () => {
    server = await startServer(kind);
    reporter = await signedInClient(server, { fullName: 'Rita Reporter' });
    admin = await signedInClient(server, { fullName: 'Ada Admin' });
    await makeAdmin(server, admin);
  });
  afterAll(() => server?.close());

  async function report(title: string, priority = 'medium') {
    const res = await reporter.client.post('/api/issues', {
      title,
      description: 'The map does not load on my phone after I pick a suburb.',
      category: 'bug',
      priority,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { issue: { id: string } }).issue.id;
  }

  it('only admins, 404 for a missing issue, 400 for bad filters', async () => {
    const id = await report('Only admins may triage this');
    expect((await reporter.client.get('/api/admin/issues')).status).toBe(403);
    expect((await reporter.client.post(`/api/admin/issues/${id}/reply`, { body: 'Hello' })).status).toBe(403);
    expect((await admin.client.get('/api/admin/issues/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await admin.client.post('/api/admin/issues/nope/status', { status: 'closed' })).status).toBe(404);
    for (const q of ['status=open', 'priority=urgent', 'category=praise', 'cursor=zzz']) {
      expect((await admin.client.get(`/api/admin/issues?${q}`)).status, q).toBe(400);
    }
  });

  it('a reply is e-mailed to the reporter, kept with the issue, and moves a pending issue to in progress', async () => {
    const id = await report('Map does not load after choosing a suburb', 'high');
    const empty = await admin.client.post(`/api/admin/issues/${id}/reply`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Please write the reply.');

    const res = await admin.client.post(`/api/admin/issues/${id}/reply`, {
      body: 'Thanks, Rita. We found the fault and a fix goes out tonight.\n\nPlease tell us if it happens again.',
    });
    expect(res.status).toBe(201);
    const detail = (await res.json()) as AdminIssueDetailDto;
    expect(detail.issue.status).toBe('in_progress');
    expect(detail.replies).toHaveLength(1);
    expect(detail.replies[0]).toMatchObject({
      sentTo: reporter.email,
      authorName: 'Ada Admin',
      mailStatus: 'pending',
    });
    expect(detail.history.map((h) => h.text)).toEqual(['Replied to an issue', 'Status: In progress']);

    const mail = await latestMail(server.baseUrl, reporter.email, 'issue-reply');
    expect(mail.subject).toBe('Re: Map does not load after choosing a suburb');
    expect(mail.text).toContain('We found the fault and a fix goes out tonight.');
    const [outbox] = await rows<{ reply_to: string }>(
      server.db,
      sql`select reply_to from mail_outbox where kind = 'issue-reply' and "to" = ${reporter.email}`,
    );
    expect(outbox!.reply_to).toBe('support@shuttlequote.example');

    // A reply can set the status; the same status twice is refused.
    const resolved = await admin.client.post(`/api/admin/issues/${id}/reply`, {
      body: 'The fix is live.',
      status: 'resolved',
    });
    expect(((await resolved.json()) as AdminIssueDetailDto).issue.status).toBe('resolved');
    const same = await admin.client.post(`/api/admin/issues/${id}/status`, { status: 'resolved' });
    expect(same.status).toBe(409);
    expect((await admin.client.post(`/api/admin/issues/${id}/status`, { status: 'closed' })).status).toBe(
      200,
    );
    expect((await admin.client.post(`/api/admin/issues/${id}/status`, { status: 'done' })).status).toBe(400);
  });

  it('filters by status, priority and text, newest first, with pages', async () => {
    const a = await report('Filterable issue about payments');
    const b = await report('Filterable issue about the calendar', 'low');
    await admin.client.post(`/api/admin/issues/${a}/status`, { status: 'closed' });
    const list = async (q: string) => {
      const res = await admin.client.get(`/api/admin/issues?${q}`);
      expect(res.status, q).toBe(200);
      return (await res.json()) as { issues: AdminIssueDto[]; nextCursor: string | null };
    };
    expect((await list('q=filterable')).issues.map((i) => i.id)).toEqual([b, a]);
    expect((await list('q=filterable&status=closed')).issues.map((i) => i.id)).toEqual([a]);
    expect((await list('q=filterable&priority=low')).issues.map((i) => i.id)).toEqual([b]);
    const first = await list('q=filterable&limit=1');
    const second = await list(`q=filterable&limit=1&cursor=${first.nextCursor}`);
    expect(second.issues.map((i) => i.id)).toEqual([a]);
    // Statuses other than pending are stored and listed by the reporter-facing list too.
    const all = (await (await admin.client.get('/api/issues')).json()) as {
      issues: { id: string; status: string }[];
    };
    expect(all.issues.find((i) => i.id === a)?.status).toBe('closed');
  });
});
