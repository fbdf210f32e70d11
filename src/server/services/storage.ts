/**
 * Object storage (SPEC §7 Storage): buckets of immutable objects. The local driver keeps them on disk
 * under DATA_DIR/uploads/{bucket}/{key} (the default); the S3 driver (s3-storage.ts) keeps them in one
 * S3-compatible bucket when STORAGE_DRIVER is s3 (docs/DEPLOY.md).
 * Objects are never overwritten and never executed: the API serves them itself with the stored type.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, type Bucket, isSafeKey, ObjectExistsError, type ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';

// The interface and its key rules live in object-storage.ts (both drivers use them); modules import them here.
export { BUCKETS, type Bucket, isSafeKey, ObjectExistsError, type ObjectStorage };

/** A stored name as §3 describes it: a timestamp, a random string and the extension. */
export function generatedName(ext: string): string {
  return `${Date.now()}-${randomBytes(8).toString('hex')}.${ext}`;
}

export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private file(bucket: Bucket, key: string): string {
    if (!BUCKETS.includes(bucket) || !isSafeKey(key)) throw new Error(`Unsafe storage key: ${bucket}/${key}`);
    return path.join(this.root, bucket, ...key.split('/'));
  }

  async put(bucket: Bucket, key: string, data: Uint8Array) {
    const file = this.file(bucket, key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      // 'wx': fail if it exists. Mode 0600: readable by the server only.
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(`${bucket}/${key}`);
      throw err;
    }
  }

  async get(bucket: Bucket, key: string) {
    if (!isSafeKey(key)) return null;
    try {
      return await readFile(this.file(bucket, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(bucket: Bucket, key: string) {
    if (!isSafeKey(key)) return;
    await rm(this.file(bucket, key), { force: true });
  }
}

/** The settings storageFor reads (src/server/env.ts checks them); tests and tools may pass DATA_DIR alone. */
export interface StorageEnv {
  DATA_DIR: string;
  STORAGE_DRIVER?: 'local' | 's3';
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_KEY_PREFIX?: string;
}

/** The local folder every upload went to before the S3 driver, and still the default. */
export function uploadsFolder(env: { DATA_DIR: string }): string {
  return path.resolve(env.DATA_DIR, 'uploads');
}

const instances = new Map<string, ObjectStorage>();

/** The storage the settings name (one per data folder or bucket, shared by every module). */
export function storageFor(env: StorageEnv): ObjectStorage {
  if (env.STORAGE_DRIVER === 's3') {
    const s3 = s3SettingsOf(env);
    const id = `s3:${JSON.stringify(s3)}`;
    let storage = instances.get(id);
    if (!storage) {
      storage = new S3Storage(s3);
      instances.set(id, storage);
    }
    return storage;
  }
  const root = uploadsFolder(env);
  let storage = instances.get(root);
  if (!storage) {
    storage = new LocalDiskStorage(root);
    instances.set(root, storage);
  }
  return storage;
}

/** The S3 driver's settings; env.ts has already refused a configuration that lacks one. */
export function s3SettingsOf(env: StorageEnv) {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error('The s3 storage driver needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    keyPrefix: env.S3_KEY_PREFIX ?? '',
  };
}
