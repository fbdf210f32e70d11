import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  errorOf,
  makeAdmin,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';

let n = 0;
function report(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    errorId: `err_test_${Date.now().toString(36)}_${n}`,
    category: 'database',
    severity: 'high',
    message: 'Internal Server Error',
    context: { queryKey: ['rides'] },
    url: '/rides',
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

describe.each(databaseKinds())('client error reports (%s)', (kind) => {
  let server: TestServer;
  let guest: TestClient;
  let customer: TestClient;
  let customerId: string;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startServer(kind);
    guest = server.client();
    const c = await signedInClient(server, { userType: 'customer' });
    customer = c.client;
    customerId = c.userId;
    const a = await signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' });
    await makeAdmin(server, a);
    admin = a.client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts a report once per errorId, with the user from the session', async () => {
    const body = report({ userId: 'forged' });
    const res = await customer.post('/api/client-errors', body);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ errorId: body.errorId, stored: true });
    const again = await customer.post('/api/client-errors', { ...body, message: 'changed' });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ errorId: body.errorId, stored: false });
    const stored = await rows<{ user_id: string; message: string; severity: string }>(
      server.db,
      sql`select user_id, message, severity from client_errors where error_id = ${body.errorId}`,
    );
    expect(stored).toEqual([{ user_id: customerId, message: 'Internal Server Error', severity: 'high' }]);
  });

  it('accepts a guest report (no user) and cuts a long message', async () => {
    const body = report({ severity: 'critical', category: 'payment', message: 'm'.repeat(5000) });
    expect((await guest.post('/api/client-errors', body)).status).toBe(202);
    const [row] = await rows<{ user_id: string | null; len: number }>(
      server.db,
      sql`select user_id, length(message) as len from client_errors where error_id = ${body.errorId}`,
    );
    expect(row).toEqual({ user_id: null, len: 2000 });
  });

  it.each([
    ['a low severity', { severity: 'low' }],
    ['a medium severity', { severity: 'medium' }],
    ['an unknown category', { category: 'cosmic' }],
    ['no errorId', { errorId: '' }],
    ['an errorId with spaces', { errorId: 'a b' }],
    ['an empty message', { message: '' }],
    ['a bad date', { occurredAt: 'yesterday' }],
    ['a context that is not an object', { context: 'x' }],
    ['a huge context', { context: { a: 'x'.repeat(9000) } }],
  ])('refuses %s with 400', async (_label, overrides) => {
    const res = await guest.post('/api/client-errors', report(overrides));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await guest.request('/api/client-errors', { method: 'POST', body: '{oops' });
    expect(res.status).toBe(400);
  });

  it('only admins list reports, newest first', async () => {
    expect((await guest.get('/api/client-errors')).status).toBe(401);
    expect((await customer.get('/api/client-errors')).status).toBe(403);
    const first = report({ message: 'first' });
    const second = report({ message: 'second' });
    await guest.post('/api/client-errors', first);
    await new Promise((r) => setTimeout(r, 20));
    await customer.post('/api/client-errors', second);
    const res = await admin.get('/api/client-errors');
    expect(res.status).toBe(200);
    const { errors } = (await res.json()) as { errors: { errorId: string; userEmail: string | null }[] };
    const ids = errors.map((e) => e.errorId);
    expect(ids.indexOf(second.errorId)).toBeLessThan(ids.indexOf(first.errorId));
    expect(ids.indexOf(first.errorId)).toBeGreaterThanOrEqual(0);
    expect(errors.find((e) => e.errorId === second.errorId)?.userEmail).toMatch(/@example\.com$/);
  });
});
