/**
 * Object storage (SPEC §7 Storage): buckets of immutable objects. The local driver keeps them on disk
 * under DATA_DIR/uploads/{bucket}/{key}; an S3 driver can implement the same interface.
 * Objects are never overwritten and never executed: the API serves them itself with the stored type.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** 'documents': drivers' compliance documents (private); 'vehicles': vehicle photos (public, WebP). */
export const BUCKETS = ['user-files', 'avatars', 'issues', 'documents', 'vehicles'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface ObjectStorage {
  /** Writes a new object; fails with ObjectExistsError when the key is taken (no overwrite). */
  put(bucket: Bucket, key: string, data: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(bucket: Bucket, key: string): Promise<Buffer | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
}

export class ObjectExistsError extends Error {}

/** Segments of letters, digits, '.', '_' and '-' (no '..', no leading dot): keys can never leave a bucket. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length > 0 && parts.length <= 6 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

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

const instances = new Map<string, ObjectStorage>();

/** The storage for a data folder (one per DATA_DIR, shared by every module). */
export function storageFor(env: { DATA_DIR: string }): ObjectStorage {
  const root = path.resolve(env.DATA_DIR, 'uploads');
  let storage = instances.get(root);
  if (!storage) {
    storage = new LocalDiskStorage(root);
    instances.set(root, storage);
  }
  return storage;
}
