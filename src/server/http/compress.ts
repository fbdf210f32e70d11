/**
 * Compression of dynamic answers (issue 17). hono/compress pipes every answer through a web
 * CompressionStream: 0.7-1.0 ms of CPU per answer, small ones included (it cannot see the size of a
 * c.json answer, which has no Content-Length, so its 1 KB threshold never applied). Dynamic answers are
 * already whole in memory, so they are compressed here in one call: Brotli at quality 4 when the browser
 * takes it, else gzip at level 6; 0.15-0.2 ms for a 19 KB board page, about 90% smaller
 * (`npx tsx bench/compression.ts`, bench/README.md). Answers under 1 KB go as they are.
 *
 * Left alone: event streams and other types that do not compress (hono's list), answers already encoded
 * (the precompressed assets), HEAD, 204/206, Cache-Control: no-transform. Downloads (Content-Disposition:
 * attachment: the CSV exports, which can be large and are streamed) are compressed as a stream with gzip.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/** Smaller answers are sent as they are: compressing them saves a few bytes and costs a call. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Up to this size an answer is compressed in one synchronous call (about 1 ms at the limit); above, off the thread. */
const SYNC_LIMIT_BYTES = 256 * 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: br when acceptable (q > 0), else gzip, else none. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // "gzip, deflate, br;q=0.9, *;q=0": each coding and its weight (1 when not given).
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const q = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (q('br') > 0) return 'br';
  if (q('gzip') > 0) return 'gzip';
  return null;
}

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/**
 * An answer compressed in one synchronous call, exactly as this middleware would send it: for answers kept
 * in memory and compressed once (the board, modules/rides/board-cache.ts), which set Content-Encoding
 * themselves so the middleware leaves them alone.
 */
export function compressNow(body: Uint8Array, encoding: Encoding): Uint8Array {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, { level: GZIP_LEVEL });
}

function compressBytes(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> | Uint8Array {
  if (body.byteLength <= SYNC_LIMIT_BYTES) return compressNow(body, encoding);
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === 'br') brotliCompress(body, brotliOptions, done);
    else gzip(body, { level: GZIP_LEVEL }, done);
  });
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    // The headers first: reading `res.body` turns @hono/node-server's light Response (a string or bytes it
    // writes in one call) into a web Response with a ReadableStream, which then has to be read chunk by
    // chunk; an answer compressed already (the board's kept bytes) must not pay that (issue 34).
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) {
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !res.body) return;
    const contentLength = res.headers.get('Content-Length');
    if (contentLength !== null && Number(contentLength) < COMPRESS_THRESHOLD_BYTES) return;

    let body: ReadableStream<Uint8Array> | Uint8Array;
    let used: Encoding | 'gzip' = encoding;
    if (res.headers.get('Content-Disposition')?.toLowerCase().startsWith('attachment')) {
      // A download may be large and is streamed: compress it as a stream.
      body = res.body.pipeThrough(
        new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
      );
      used = 'gzip';
    } else {
      const whole = new Uint8Array(await res.arrayBuffer());
      if (whole.byteLength < COMPRESS_THRESHOLD_BYTES) {
        c.res = new Response(whole, res);
        return;
      }
      body = await compressBytes(whole, encoding);
    }
    c.res = new Response(body as BodyInit, res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', used);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
