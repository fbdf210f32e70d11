/**
 * Issue 16, security headers on each kind of response. The probe's findings: "the sandbox
 * Content-Security-Policy meant for uploaded files, avatars, screenshots and the initials SVG is
 * overwritten by the app's global policy", "no Permissions-Policy header", "the production session cookie
 * has the __Secure- prefix, not __Host-".
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDatabaseKind, signedInClient, signupBody, startServer, type TestServer } from './helpers.ts';

const SANDBOX = /^default-src 'none';( style-src 'unsafe-inline';)? sandbox$/;

describe.each(oneDatabaseKind())('security headers (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  it('probe: uploaded files and the initials picture keep their own sandbox policy', async () => {
    const person = await signedInClient(server);
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const upload = await person.client.postForm('/api/files', form);
    expect(upload.status).toBe(201);
    const { files } = (await upload.json()) as { files: { url: string }[] };
    const file = await person.client.get(files[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");

    const initials = await server.client().get('/api/avatars/initials?name=Ada+Lovelace');
    expect(initials.status).toBe(200);
    expect(initials.headers.get('content-security-policy')).toMatch(SANDBOX);
  });

  it('probe: pages and API answers carry the app policy, Permissions-Policy and nosniff', async () => {
    // /api/health twice: after the first, probes are answered from the headers it was given (issue 17).
    for (const path of ['/', '/login', '/api/health', '/api/health', '/api/session', '/api/no-such-route']) {
      const res = await server.client().get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      const permissions = res.headers.get('permissions-policy') ?? '';
      // Geolocation: this origin only (the driver's position on the day of the trip, issue 30).
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=(self)', 'payment=()', 'usb=()'])
        expect(permissions, path).toContain(feature);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });
  it('/api/health after the first (answered before the app, issue 34): the headers the app gives, whole', async () => {
    // /api/ready goes through the whole app every time, and answers JSON with no-store as health does.
    const ready = await server.client().get('/api/ready');
    expect(ready.status).toBe(200);
    // What may differ: the date, the request id (per request) and the length of the body.
    const comparable = (h: Headers) =>
      [...h].filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name)).sort();
    for (let i = 0; i < 3; i++) {
      const res = await server.client().get('/api/health');
      const body = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.parse(body)).toEqual({ ok: true, database: kind });
      expect(comparable(res.headers)).toEqual(comparable(ready.headers));
      // Sent whole with its length, not chunked.
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(res.headers.get('transfer-encoding')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // A probe with a query still goes through the app, with the same answer.
    const withQuery = await server.client().get('/api/health?from=balancer');
    expect(withQuery.status).toBe(200);
    expect(JSON.parse(await withQuery.text())).toEqual({ ok: true, database: kind });
  });
});

describe('production cookies', () => {
  it('probe: the session cookie has the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const server = await startServer('pglite', { env: { APP_ENV: 'production' } });
    try {
      const body = signupBody();
      const client = server.client();
      expect((await client.post('/api/account/signup', body)).status).toBe(201);
      await server.db.execute(sql`update users set email_verified = true where email = ${body.email}`);
      const res = await client.post('/api/account/sign-in', { email: body.email, password: body.password });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.includes('session_token='));
      expect(session).toMatch(/^__Host-better-auth\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; Path=\/(;|$)/i);
      expect(session).not.toMatch(/; Domain=/i);
      for (const cookie of cookies) expect(cookie).toMatch(/^__Host-/);
      // The browser sends it back as it was set: the session works.
      const me = await fetch(`${server.baseUrl}/api/session`, {
        headers: { cookie: session!.split(';')[0]! },
      });
      expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(body.email);
    } finally {
      await server.close();
    }
  });
});
