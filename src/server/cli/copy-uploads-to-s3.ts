/**
 * `npm run storage:copy-to-s3`: copies every upload under DATA_DIR/uploads into the S3 bucket that the
 * S3_* settings name (STORAGE_DRIVER=s3 is implied), skipping objects already there, and prints the counts.
 * Safe to run while the server runs (on either driver) and to run again. Exit code 0 on success, 1 on failure.
 */
import { loadEnv } from '../env.ts';
import { copyUploads } from '../services/copy-uploads.ts';
import { S3Storage } from '../services/s3-storage.ts';
import { s3SettingsOf, uploadsFolder } from '../services/storage.ts';

async function run() {
  const env = loadEnv({ ...process.env, STORAGE_DRIVER: 's3' });
  const settings = s3SettingsOf(env);
  const from = uploadsFolder(env);
  console.log(
    `Copying ${from} to the S3 bucket ${settings.bucket}${settings.keyPrefix ? ` under ${settings.keyPrefix}` : ''}...`,
  );
  const counts = await copyUploads(from, new S3Storage(settings));
  console.log(`Copied ${counts.copied}, already there ${counts.skipped}, ignored ${counts.ignored.length}.`);
  for (const name of counts.ignored) console.log(`  ignored (not an upload this app makes): ${name}`);
}

run().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`storage:copy-to-s3 failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
