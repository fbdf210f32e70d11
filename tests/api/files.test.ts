/** /api/files: the server re-checks every upload rule and serves files only to their owner, safely. */

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/shared/validation/uploads.ts';
import {
  databaseKinds,
  errorOf,
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

async function pngBytes(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function formWith(files: { name: string; bytes: Uint8Array; type?: string }[], folder?: string) {
  const form = new FormData();
  for (const f of files)
    form.append(
      'files',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  if (folder !== undefined) form.append('folder', folder);
  return form;
}

describe.each(databaseKinds())('file uploads (%s)', (kind) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signedInClient>>;
  let bob: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    server = await startServer(kind);
    alice = await signedInClient(server);
    bob = await signedInClient(server);
  });
  afterAll(() => server?.close());

  it('stores a PNG and a PDF under the own folder, records them and answers the §3 items', async () => {
    const png = await pngBytes();
    const res = await postForm(
      alice.client,
      '/api/files',
      formWith(
        [
          { name: 'Photo.PNG', bytes: png, type: 'image/png' },
          { name: 'ticket.pdf', bytes: PDF },
        ],
        'docs',
      ),
    );
    expect(res.status).toBe(201);
    const { files } = (await res.json()) as {
      files: { id: string; name: string; path: string; size: number; type: string; url: string }[];
    };
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ name: 'Photo.PNG', size: png.byteLength, type: 'image/png' });
    expect(files[0]!.path).toMatch(new RegExp(`^${alice.userId}/docs/\\d+-[0-9a-f]{16}\\.png$`));
    expect(files[1]).toMatchObject({ name: 'ticket.pdf', type: 'application/pdf' });
    expect(files[0]!.url).toBe(`/api/files/${files[0]!.id}`);

    const recorded = await rows<{
      file_name: string;
      is_public: boolean;
      metadata: { originalName: string; uploadedAt: string };
    }>(server.db, sql`select * from user_files where user_id = ${alice.userId} order by file_type`);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]!.is_public).toBe(false);
    expect(recorded.map((r) => r.metadata.originalName).sort()).toEqual(['Photo.PNG', 'ticket.pdf']);
    expect(typeof recorded[0]!.metadata.uploadedAt).toBe('string');

    const list = await alice.client.get('/api/files');
    expect(((await list.json()) as { files: unknown[] }).files).toHaveLength(2);

    // The owner reads it back with the real type, nosniff, never as HTML.
    const image = await alice.client.get(files[0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const pdf = await alice.client.get(files[1]!.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-type')).not.toContain('text/html');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');

    // Another user: exactly like a missing file.
    const stolen = await bob.client.get(files[0]!.url);
    expect(stolen.status).toBe(404);
    expect((await bob.client.request(files[0]!.url, { method: 'DELETE' })).status).toBe(404);

    // The owner deletes it.
    expect((await alice.client.request(files[1]!.url, { method: 'DELETE' })).status).toBe(200);
    expect((await alice.client.get(files[1]!.url)).status).toBe(404);
  });

  it('refuses a file above 5 MB with 413', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await postForm(alice.client, '/api/files', formWith([{ name: 'big.png', bytes: big }]));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.tooLargeServer);
  });

  it('refuses a text file disguised as a PNG, and an HTML page', async () => {
    const text = Buffer.from('just some text, not an image at all\n'.repeat(10));
    const res = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'innocent.png', bytes: text, type: 'image/png' }]),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.typeUndetermined);

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res2 = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'page.html', bytes: html, type: 'text/html' }]),
    );
    expect(res2.status).toBe(400);

    // A real type that is not accepted (a ZIP) names the type.
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]);
    const res3 = await postForm(alice.client, '/api/files', formWith([{ name: 'a.zip', bytes: zip }]));
    expect(res3.status).toBe(400);
    expect((await errorOf(res3)).message).toMatch(/^File type .+ is not accepted\.$/);

    // A real PNG named .pdf: the bytes disagree with the extension.
    const res4 = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'x.pdf', bytes: await pngBytes() }]),
    );
    expect(res4.status).toBe(400);
  });

  it("refuses another user's folder and escaping paths with 403", async () => {
    const png = await pngBytes();
    const res = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'a.png', bytes: png }], `${bob.userId}/docs`),
    );
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.permissionDenied);
    const res2 = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'a.png', bytes: png }], `docs/../../${bob.userId}`),
    );
    expect(res2.status).toBe(403);
    // The own id as the first segment is fine.
    const ok = await postForm(
      alice.client,
      '/api/files',
      formWith([{ name: 'a.png', bytes: png }], `${alice.userId}/receipts`),
    );
    expect(ok.status).toBe(201);
    const { files } = (await ok.json()) as { files: { path: string }[] };
    expect(files[0]!.path.startsWith(`${alice.userId}/receipts/`)).toBe(true);
  });

  it('refuses more than 5 files, no files, and guests', async () => {
    const png = await pngBytes();
    const six = formWith(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, bytes: png })));
    const res = await postForm(alice.client, '/api/files', six);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.tooManyFiles(5));

    const none = await postForm(alice.client, '/api/files', formWith([], 'docs'));
    expect((await errorOf(none)).message).toBe(UPLOAD_MESSAGES.noFilesSelected);

    const guest = server.client();
    const anon = await postForm(guest, '/api/files', formWith([{ name: 'a.png', bytes: png }]));
    expect(anon.status).toBe(401);
    expect((await errorOf(anon)).message).toBe(UPLOAD_MESSAGES.authRequired);
    expect((await guest.get('/api/files')).status).toBe(401);
  });
});
