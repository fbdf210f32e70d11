/**
 * Bounded input (issue 11 part 5): every /api body has a limit (JSON 100 KB; uploads, analytics and error
 * reports their own), answered 413 in the JSON envelope before the body is read. The large bodies here come
 * from a stream that counts how many bytes the connection pulled from it: a server that reads the whole
 * body before answering has pulled all of it by the time its answer arrives.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../src/shared/messages.ts';
import { UPLOAD_MESSAGES } from '../../src/shared/validation/uploads.ts';
import {
  errorOf,
  oneDatabaseKind,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { rideBody } from './ride-fixtures.ts';

const MB = 1024 * 1024;
const BIG = 50 * MB;

interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes the connection had pulled from the body stream when the answer's headers arrived. */
  pulledAtAnswer: number;
}

/**
 * POSTs `total` bytes of `fill`, from a stream that produces them only as the socket takes them. With
 * `chunked`, no Content-Length is sent (Transfer-Encoding: chunked). Its own connection: the server stops
 * reading this one.
 */
function streamedPost(
  client: TestClient,
  path: string,
  opts: { total: number; chunked?: boolean; contentType?: string; fill?: number },
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let pulled = 0;
    let answered = false;
    const piece = Buffer.alloc(64 * 1024, opts.fill ?? 0x20);
    const source = new Readable({
      read() {
        if (pulled >= opts.total) {
          this.push(null);
          return;
        }
        const n = Math.min(piece.length, opts.total - pulled);
        pulled += n;
        this.push(n === piece.length ? piece : piece.subarray(0, n));
      },
    });
    const headers: Record<string, string> = {
      'content-type': opts.contentType ?? 'application/json',
      cookie: client.cookieHeader(),
    };
    if (client.ip) headers['x-forwarded-for'] = client.ip;
    if (client.origin) headers.origin = client.origin;
    if (!opts.chunked) headers['content-length'] = String(opts.total);
    const req = httpRequest(`${client.baseUrl}${path}`, { method: 'POST', agent: false, headers }, (res) => {
      answered = true;
      const pulledAtAnswer = pulled;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => {
        source.unpipe(req);
        source.destroy();
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, pulledAtAnswer });
      });
    });
    // Once answered, the server may close the connection while the body is still being sent.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    source.pipe(req);
  });
}

const errorIn = (answer: StreamedAnswer) => (JSON.parse(answer.body) as { error: unknown }).error;

/** A JSON body of exactly `size` bytes: the value, padded with trailing spaces (still valid JSON). */
function paddedJson(value: unknown, size: number): string {
  const json = JSON.stringify(value);
  if (json.length > size) throw new Error('value larger than the size');
  return json + ' '.repeat(size - json.length);
}

function postRaw(client: TestClient, path: string, body: string | FormData, contentType?: string) {
  const headers: Record<string, string> = { cookie: client.cookieHeader() };
  if (contentType) headers['content-type'] = contentType;
  if (client.ip) headers['x-forwarded-for'] = client.ip;
  if (client.origin) headers.origin = client.origin;
  return fetch(`${client.baseUrl}${path}`, { method: 'POST', headers, body });
}

describe.each(oneDatabaseKind())('request body limits (%s)', (kind) => {
  let server: TestServer;
  let customer: TestClient;

  beforeAll(async () => {
    server = await startServer(kind);
    customer = (await signedInClient(server, { userType: 'customer' })).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  const JSON_TOO_LARGE = {
    code: 'payload_too_large',
    message: API_MESSAGES.payloadTooLarge('100 KB'),
  };
  const UPLOAD_TOO_LARGE = { code: 'payload_too_large', message: UPLOAD_MESSAGES.tooLargeServer };

  it('a 50 MB body with its Content-Length: 413 before the server reads it', async () => {
    const answer = await streamedPost(customer, '/api/rides', { total: BIG });
    expect(answer.status).toBe(413);
    expect(errorIn(answer)).toEqual(JSON_TOO_LARGE);
    // Only what the sockets buffer on their own, never the body.
    expect(answer.pulledAtAnswer).toBeLessThan(BIG / 2);
  });

  it('a 50 MB chunked body (no Content-Length): read up to the limit, then 413', async () => {
    const answer = await streamedPost(customer, '/api/rides', { total: BIG, chunked: true });
    expect(answer.status).toBe(413);
    expect(errorIn(answer)).toEqual(JSON_TOO_LARGE);
    expect(answer.pulledAtAnswer).toBeLessThan(BIG / 2);
  });

  it('a chunked body under the limit still works', async () => {
    const answer = await streamedPost(customer, '/api/issues', {
      total: 2 * MB,
      chunked: true,
      contentType: 'multipart/form-data; boundary=x',
    });
    // Read in full (up to its 5 MB limit), then refused as a broken form, not as too large.
    expect(answer.status).toBe(400);
  });

  it('JSON: exactly 100 KB is read and handled; one byte more is 413', async () => {
    const atLimit = await postRaw(
      customer,
      '/api/rides',
      paddedJson(rideBody(), 100 * 1024),
      'application/json',
    );
    expect(atLimit.status).toBe(201);
    const over = await postRaw(
      customer,
      '/api/rides',
      paddedJson(rideBody(), 100 * 1024 + 1),
      'application/json',
    );
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toEqual(JSON_TOO_LARGE);
  });

  it('every JSON route has the limit, signed in or not, and the better-auth routes too', async () => {
    const big = paddedJson({}, 200 * 1024);
    for (const path of [
      '/api/account/sign-in',
      '/api/quotes',
      '/api/ratings',
      '/api/send-email',
      '/api/me/password',
      '/api/auth/get-session',
      '/api/no-such-route',
    ]) {
      const res = await postRaw(server.client(), path, big, 'application/json');
      expect(res.status, path).toBe(413);
      expect(await errorOf(res)).toEqual(JSON_TOO_LARGE);
    }
  });

  it('analytics batches may be larger (512 KB); error reports smaller (64 KB)', async () => {
    const now = Date.now();
    const sessionId = randomUUID();
    const longUrl = `/rides?${'q'.repeat(1000)}`;
    const batch = {
      events: Array.from({ length: 199 }, (_, i) => ({
        id: `ev-${i}`,
        name: 'click',
        properties: { text: 'Book now' },
        timestamp: now - 1000 + i,
        sessionId,
        userId: null,
        url: longUrl,
        userAgent: 'test',
        referrer: '',
      })),
      pageViews: [],
      session: {
        id: sessionId,
        startTime: now - 5000,
        lastActivity: now,
        pageViews: 0,
        events: 199,
        isActive: true,
      },
      timestamp: now,
      consent: { analytics: true },
    };
    const text = JSON.stringify(batch);
    expect(text.length).toBeGreaterThan(200 * 1024);
    const stored = await postRaw(server.client(), '/api/analytics', text, 'application/json');
    expect(stored.status).toBe(202);
    const tooBig = await postRaw(
      server.client(),
      '/api/analytics',
      paddedJson(batch, 513 * 1024),
      'text/plain',
    );
    expect(tooBig.status).toBe(413);
    expect(await errorOf(tooBig)).toEqual({
      code: 'payload_too_large',
      message: API_MESSAGES.payloadTooLarge('512 KB'),
    });

    const report = {
      errorId: `err_${randomUUID()}`,
      category: 'unknown',
      severity: 'high',
      message: 'Something failed',
      context: {},
      url: '/',
      occurredAt: new Date().toISOString(),
    };
    const fits = await postRaw(
      server.client(),
      '/api/client-errors',
      paddedJson(report, 60 * 1024),
      'application/json',
    );
    expect(fits.status).toBe(202);
    const over = await postRaw(
      server.client(),
      '/api/client-errors',
      paddedJson(report, 65 * 1024),
      'application/json',
    );
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toEqual({
      code: 'payload_too_large',
      message: API_MESSAGES.payloadTooLarge('64 KB'),
    });
  });

  describe('uploads keep their own limits and the spec wording', () => {
    it('50 MB to the file, avatar and issue routes: 413 before reading, "File too large"', async () => {
      for (const path of ['/api/files', '/api/avatars', '/api/issues']) {
        const answer = await streamedPost(customer, path, {
          total: BIG,
          contentType: 'multipart/form-data; boundary=x',
        });
        expect(answer.status, path).toBe(413);
        expect(errorIn(answer)).toEqual(UPLOAD_TOO_LARGE);
        expect(answer.pulledAtAnswer).toBeLessThan(BIG / 2);
      }
      // Over each route's own total, however little over the JSON limit it would be.
      const avatar = await streamedPost(customer, '/api/avatars', {
        total: 3 * MB,
        contentType: 'multipart/form-data; boundary=x',
      });
      expect(avatar.status).toBe(413);
      expect(errorIn(avatar)).toEqual(UPLOAD_TOO_LARGE);
    });

    it('a file far over 100 KB (and under its limit) uploads as before', async () => {
      const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#1e40af' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(MB);
      const form = new FormData();
      form.append('files', new Blob([png], { type: 'image/png' }), 'big.png');
      const res = await postRaw(customer, '/api/files', form);
      expect(res.status).toBe(201);

      const one = new FormData();
      one.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
      const avatar = await postRaw(customer, '/api/avatars', one);
      expect(avatar.status).toBe(201);
    });

    it('a file over 5 MB inside a body under the files total: still 413, from the route', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('files', new Blob([png, Buffer.alloc(5 * MB)], { type: 'image/png' }), 'big.png');
      const res = await postRaw(customer, '/api/files', form);
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual(UPLOAD_TOO_LARGE);
    });
  });
});
