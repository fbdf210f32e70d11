/**
 * A local S3-compatible server for the API tests (s3rver over a temporary folder), with the environment
 * that points the app's S3 storage driver at it. s3rver checks the access key of each request but not its
 * Signature V4, and ignores conditional PUTs (storage-s3.test.ts has a stand-in server for those).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** STORAGE_DRIVER=s3 and the S3_* settings for this server (loadEnv's input, as startServer's opts.env). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'shuttle-uploads'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shuttle-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
