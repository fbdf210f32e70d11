/** Avatars: upload resized to 256x256 WebP, the get/update remote procedures, the initials picture. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/shared/validation/uploads.ts';
import {
  databaseKinds,
  errorOf,
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

function avatarForm(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe.each(databaseKinds())('avatars (%s)', (kind) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signedInClient>>;
  let bob: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    server = await startServer(kind);
    alice = await signedInClient(server);
    bob = await signedInClient(server);
  });
  afterAll(() => server?.close());

  it('resizes an upload to 256x256 WebP, serves it publicly and shows it in the session', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c03' } })
      .jpeg()
      .toBuffer();
    const res = await postForm(alice.client, '/api/avatars', avatarForm(jpeg, 'me.jpg'));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; type: string };
    expect(body.type).toBe('image/webp');
    expect(body.url).toMatch(new RegExp(`^/api/avatars/file/${alice.userId}/\\d+-[0-9a-f]{16}\\.webp$`));

    const file = await server.client().get(body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    expect((await alice.client.session()).user).toMatchObject({ avatarUrl: body.url });
  });

  it('refuses a non-image, a file above 2 MB, and guests', async () => {
    const text = Buffer.from('not an image at all, only text '.repeat(5));
    const res = await postForm(alice.client, '/api/avatars', avatarForm(text, 'me.png'));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(UPLOAD_MESSAGES.typeUndetermined);

    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const res2 = await postForm(alice.client, '/api/avatars', avatarForm(pdf, 'me.pdf'));
    expect((await errorOf(res2)).message).toBe(UPLOAD_MESSAGES.imageRequired);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const res3 = await postForm(alice.client, '/api/avatars', avatarForm(big, 'big.png'));
    expect(res3.status).toBe(413);

    const res4 = await postForm(server.client(), '/api/avatars', avatarForm(png, 'a.png'));
    expect(res4.status).toBe(401);
  });

  it('get_user_avatar and update_user_avatar: own uploads only', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const bobUpload = (await (
      await postForm(bob.client, '/api/avatars', avatarForm(png, 'b.png'))
    ).json()) as { url: string };
    const aliceUpload = (await (
      await postForm(alice.client, '/api/avatars', avatarForm(png, 'a.png'))
    ).json()) as { url: string };

    const got = await alice.client.post('/api/rpc/get_user_avatar', { p_user_id: bob.userId });
    expect(got.status).toBe(200);
    expect(await got.json()).toBe(bobUpload.url);

    // Someone else's picture, an outside address or a made-up path: refused, nothing changes.
    for (const url of [
      bobUpload.url,
      'https://evil.example/x.png',
      `/api/avatars/file/${alice.userId}/1700000000000-0123456789abcdef.webp`,
    ]) {
      const res = await alice.client.post('/api/rpc/update_user_avatar', { p_avatar_url: url });
      expect(res.status).toBe(403);
    }
    expect(
      await (await bob.client.post('/api/rpc/get_user_avatar', { p_user_id: alice.userId })).json(),
    ).toBe(aliceUpload.url);

    // An earlier own upload is accepted.
    const first = (await alice.client.session()).user as unknown as { avatarUrl: string };
    const again = (await (await postForm(alice.client, '/api/avatars', avatarForm(png, 'c.png'))).json()) as {
      url: string;
    };
    expect(again.url).not.toBe(first.avatarUrl);
    const set = await alice.client.post('/api/rpc/update_user_avatar', { p_avatar_url: aliceUpload.url });
    expect(set.status).toBe(200);
    expect(await set.json()).toBe(true);
    expect((await alice.client.session()).user).toMatchObject({ avatarUrl: aliceUpload.url });

    // Clearing it; and guests cannot call either.
    expect(
      await (await alice.client.post('/api/rpc/update_user_avatar', { p_avatar_url: null })).json(),
    ).toBe(true);
    expect(
      await (await bob.client.post('/api/rpc/get_user_avatar', { p_user_id: alice.userId })).json(),
    ).toBe(null);
    expect((await server.client().post('/api/rpc/update_user_avatar', { p_avatar_url: null })).status).toBe(
      401,
    );
  });

  it('draws the initials picture itself, escaping the name and checking every parameter', async () => {
    const guest = server.client();
    const res = await guest.get(
      `/api/avatars/initials?name=${encodeURIComponent('<script>alert(1)</script> Smith')}&size=128&background=1e40af&color=ffffff&rounded=true&bold=true&format=svg`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await res.text();
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('<circle');
    expect(svg).toContain('font-weight="700"');
    expect(svg).toContain('fill="#1e40af"');
    expect(svg).toMatch(/>SS<\/text>/);

    const defaults = await (
      await guest.get('/api/avatars/initials?size=99999&background=red"/><script>&color=zzz')
    ).text();
    expect(defaults).toContain('width="512"');
    expect(defaults).toContain('fill="#1e40af"');
    expect(defaults).toContain('fill="#ffffff"');
    expect(defaults).toContain('<title>User</title>');
    expect(defaults).toContain('<rect');
    expect(await (await guest.get('/api/avatars/initials?name=Ann+Lee&size=2')).text()).toContain(
      'width="16"',
    );
  });
});
