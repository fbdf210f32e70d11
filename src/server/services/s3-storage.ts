/**
 * The S3 storage driver (issue 34 item 4): the same buckets of immutable objects as LocalDiskStorage, kept
 * in ONE S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) with the app's buckets as key prefixes:
 * {S3_KEY_PREFIX}{bucket}/{key}. One bucket means one set of credentials and one policy to get right.
 *
 * Requests are signed with AWS Signature V4 by aws4fetch (a small signer over fetch, ADR 030). The API
 * still reads every object and serves it itself, so the access rules are the same for both drivers.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { BUCKETS, type Bucket, isSafeKey, ObjectExistsError, type ObjectStorage } from './object-storage.ts';

export interface S3Settings {
  /** The S3 bucket's name. */
  bucket: string;
  /** The service's address, e.g. http://127.0.0.1:9000; default https://s3.{region}.amazonaws.com. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as {endpoint}/{bucket}/ (MinIO, s3rver) rather than {bucket}.{endpoint host}/. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. 'shuttlequote/' when the bucket is shared; '' by default. */
  keyPrefix: string;
}

/** How long one request to the storage service may take before the upload or download fails. */
const REQUEST_TIMEOUT_MS = 30_000;

export class S3Storage implements ObjectStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      // aws4fetch retries 5xx and 429 answers (10 times by default): a few suffice inside one request.
      retries: 3,
    });
    const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
    const root = endpoint.pathname.replace(/\/$/, '');
    this.base = settings.forcePathStyle
      ? `${endpoint.origin}${root}/${encodeURIComponent(settings.bucket)}/`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${root}/`;
  }

  /** The object's address; keys are checked first, so a key can never reach outside its app bucket. */
  private url(bucket: Bucket, key: string): string {
    if (!BUCKETS.includes(bucket) || !isSafeKey(key)) throw new Error(`Unsafe storage key: ${bucket}/${key}`);
    return `${this.base}${this.settings.keyPrefix}${bucket}/${key}`;
  }

  private request(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    return this.client.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  /** Whether an object is there (the copy command skips those). */
  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const res = await this.request(this.url(bucket, key), { method: 'HEAD' });
    if (res.status === 404) return false;
    if (!res.ok) throw await storageError('HEAD', bucket, key, res);
    return true;
  }

  /**
   * No overwrite: the PUT is conditional (If-None-Match: *, answered 412 when the key is taken), which AWS
   * S3, R2 and MinIO honour atomically. Servers that ignore the condition (s3rver, older S3-compatible
   * ones) are covered by the HEAD before it; keys carry 64 random bits, so that check's race is theoretical.
   */
  async put(bucket: Bucket, key: string, data: Uint8Array) {
    const url = this.url(bucket, key);
    if (await this.exists(bucket, key)) throw new ObjectExistsError(`${bucket}/${key}`);
    const res = await this.request(url, {
      method: 'PUT',
      // A copy typed over a plain ArrayBuffer, as fetch's BodyInit wants (uploads are a few MB at most).
      body: new Uint8Array(data),
      headers: {
        'If-None-Match': '*',
        'Content-Type': 'application/octet-stream',
        // The payload's hash is signed: a body changed or cut on the way is refused by the server.
        'X-Amz-Content-Sha256': createHash('sha256').update(data).digest('hex'),
      },
    });
    if (res.status === 412 || res.status === 409) {
      await res.body?.cancel();
      throw new ObjectExistsError(`${bucket}/${key}`);
    }
    if (!res.ok) throw await storageError('PUT', bucket, key, res);
    await res.body?.cancel();
  }

  async get(bucket: Bucket, key: string) {
    if (!isSafeKey(key)) return null;
    const res = await this.request(this.url(bucket, key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw await storageError('GET', bucket, key, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(bucket: Bucket, key: string) {
    if (!isSafeKey(key)) return;
    const res = await this.request(this.url(bucket, key), { method: 'DELETE' });
    // S3 answers 204 whether or not the object was there, like rm --force.
    if (!res.ok && res.status !== 404) throw await storageError('DELETE', bucket, key, res);
    await res.body?.cancel();
  }
}

/** An error naming the object and the service's error code (never the credentials or the signature). */
async function storageError(method: string, bucket: Bucket, key: string, res: Response): Promise<Error> {
  const text = method === 'HEAD' ? '' : await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
  return new Error(`Object storage ${method} ${bucket}/${key}: ${res.status}${code ? ` ${code}` : ''}`);
}
