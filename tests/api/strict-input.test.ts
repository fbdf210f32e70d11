/**
 * Issue 16, strict input. The probe's findings: "JSON APIs accept text/plain and form bodies" and "an image
 * declaring 30000 x 30000 pixels is stored as a screenshot or file without a check".
 */
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_MESSAGES } from '../../src/shared/validation/issues.ts';
import { UPLOAD_MESSAGES } from '../../src/shared/validation/uploads.ts';
import { errorOf, oneDatabaseKind, rows, signedInClient, startServer, type TestServer } from './helpers.ts';
import { rideBody } from './ride-fixtures.ts';

/** A PNG whose header declares width x height: a few dozen bytes that would decode to gigabytes. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(oneDatabaseKind())('strict input (%s)', (kind) => {
  let server: TestServer;
  let person: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    server = await startServer(kind);
    person = await signedInClient(server);
  });
  afterAll(() => server?.close());

  it('probe: a JSON route refuses text/plain and form bodies with 415, and changes nothing', async () => {
    const before = await rows(server.db, sql`select 1 from rides`);
    const issue = { pickup: 'Nelson Bay', destination: 'Williamtown', passengers: '2' };
    for (const [type, body] of [
      ['text/plain', JSON.stringify(issue)],
      ['application/x-www-form-urlencoded', new URLSearchParams(issue).toString()],
      ['application/xml', '<issue/>'],
    ] as const) {
      const res = await person.client.request('/api/rides', {
        method: 'POST',
        body,
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
      expect(await errorOf(res)).toEqual({
        code: 'unsupported_media_type',
        message: 'Send the request body as application/json (its Content-Type header).',
      });
    }
    // Even for a guest, before anything else is read.
    const signIn = await server.client().request('/api/account/sign-in', {
      method: 'POST',
      body: `email=${encodeURIComponent(person.email)}&password=${encodeURIComponent(person.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.status).toBe(415);
    // An upload route takes multipart only.
    const upload = await person.client.post('/api/files', { files: [] });
    expect(upload.status).toBe(415);
    expect((await errorOf(upload)).message).toBe(
      'Send the request body as multipart/form-data (its Content-Type header).',
    );
    // A POST without a body, and JSON with a charset, are fine.
    expect((await person.client.request('/api/notifications/read-all', { method: 'POST' })).status).not.toBe(
      415,
    );
    const charset = await server.client().request('/api/account/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email: person.email, password: person.password }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
    expect(await rows(server.db, sql`select 1 from rides`)).toEqual(before);
  });

  it('a NUL character, which PostgreSQL text cannot hold, is a 400 and stores nothing, not a 500', async () => {
    const before = await rows(server.db, sql`select 1 from rides`);
    const res = await person.client.post('/api/rides', rideBody({ notes: 'Two bags\u0000 and a pram' }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
    expect(await rows(server.db, sql`select 1 from rides`)).toEqual(before);
  });

  it('probe: an image declaring 30000 x 30000 pixels is refused before it is stored', async () => {
    const bomb = declaredPng(30_000, 30_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);

    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomb.png');
    const res = await person.client.postForm('/api/files', form);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(await rows(server.db, sql`select 1 from user_files where user_id = ${person.userId}`)).toEqual([]);

    // As an issue's screenshot: the issue is taken, the screenshot dropped with a warning.
    const report = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Screenshot of the problem',
      description: 'The page froze when I opened my booking.',
      category: 'bug',
      priority: 'medium',
    }))
      report.append(k, v);
    report.append('screenshot', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'shot.png');
    const issue = await person.client.postForm('/api/issues', report);
    expect(issue.status).toBe(201);
    const body = (await issue.json()) as { issue: { screenshotUrl: string | null }; warning: string };
    expect(body.issue.screenshotUrl).toBeNull();
    expect(body.warning).toBe(ISSUE_MESSAGES.screenshotProcessFailed);

    // A normal photo still goes through.
    const ok = new FormData();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    ok.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    expect((await person.client.postForm('/api/files', ok)).status).toBe(201);
  });
});
