/**
 * What every storage driver implements (SPEC §7 Storage), and the key rules both drivers enforce. The
 * drivers and the choice between them are in storage.ts (local disk) and s3-storage.ts.
 */

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
