/**
 * Compression of dynamic answers (issue 17, src/server/http/compress.ts): Brotli when the browser takes it,
 * else gzip; small answers as they are; never an event stream; the bytes decode to the same answer.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding } from '../../src/server/http/compress.ts';
import { oneDatabaseKind, signedInClient, startServer, type TestServer } from './helpers.ts';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['GZIP', 'gzip'],
    ['', null],
    [undefined, null],
  ])('%j -> %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe.each(oneDatabaseKind())('compressed answers (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A list of places over the threshold: the same JSON whichever way it travels. */
  const placesPath = '/api/places?q=Nelson';
  const request = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    server.app.request(path, {
      headers: { ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}), ...headers },
    });

  it('a JSON answer over 1 KB goes in Brotli when the browser takes it, else gzip, and decodes to the same', async () => {
    const plain = await request(placesPath);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await request(placesPath, 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('application/json');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(text.length / 2);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);

    const gz = await request(placesPath, 'gzip, deflate');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    // The security headers survive the new body.
    expect(gz.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an answer under 1 KB goes as it is, still marked as varying by Accept-Encoding', async () => {
    const res = await request('/api/session', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(await res.json()).toMatchObject({ user: null });
  });

  it('an event stream is never compressed (it would be held back until a block filled)', async () => {
    const { client } = await signedInClient(server);
    const abort = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/notifications/stream`, {
      headers: { cookie: client.cookieHeader(), accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
      signal: abort.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('event: ready');
    } finally {
      abort.abort();
    }
  });
});
