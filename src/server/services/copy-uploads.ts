/**
 * Copies the local driver's objects (DATA_DIR/uploads/{bucket}/{key}) into the S3 driver's bucket, for
 * moving an installation to STORAGE_DRIVER=s3 (`npm run storage:copy-to-s3`, docs/DEPLOY.md). Objects already
 * in the bucket are skipped, so the copy can run again after an interruption or while uploads continue. The
 * local files are left in place: delete them once the server runs on S3.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, isSafeKey, ObjectExistsError } from './object-storage.ts';
import type { S3Storage } from './s3-storage.ts';

export interface CopyCounts {
  copied: number;
  /** Already in the bucket (the same key; objects are immutable, so the same object). */
  skipped: number;
  /** Files no upload route makes (unsafe names, folders other than the app's buckets): left alone. */
  ignored: string[];
}

export async function copyUploads(uploadsRoot: string, target: S3Storage): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, ignored: [] };
  const top = await readdir(uploadsRoot, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of top) {
    const bucket = BUCKETS.find((b) => b === entry.name);
    if (!bucket || !entry.isDirectory()) {
      counts.ignored.push(entry.name);
      continue;
    }
    const folder = path.join(uploadsRoot, bucket);
    const files = (await readdir(folder, { withFileTypes: true, recursive: true })).filter((f) => f.isFile());
    for (const file of files) {
      const key = path.relative(folder, path.join(file.parentPath, file.name)).split(path.sep).join('/');
      if (!isSafeKey(key)) {
        counts.ignored.push(`${bucket}/${key}`);
        continue;
      }
      if (await target.exists(bucket, key)) {
        counts.skipped++;
        continue;
      }
      try {
        await target.put(bucket, key, await readFile(path.join(folder, ...key.split('/'))));
        counts.copied++;
      } catch (err) {
        // Put there since the check above (a server already on S3 cannot make this key, but a second copy can).
        if (!(err instanceof ObjectExistsError)) throw err;
        counts.skipped++;
      }
    }
  }
  return counts;
}
