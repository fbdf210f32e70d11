/**
 * Uploads on S3-compatible object storage (issue 34 item 4): the S3 driver against a local S3 server
 * (s3rver), every upload journey of the API with STORAGE_DRIVER=s3 read back
 * with today's access rules, and `npm run storage:copy-to-s3`. The access matrix also runs on this driver.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env.ts';
import { S3Storage } from '../../src/server/services/s3-storage.ts';
import {
  type Bucket,
  ObjectExistsError,
  s3SettingsOf,
  storageFor,
} from '../../src/server/services/storage.ts';
import { databaseKinds, makeAdmin, rows, signedInClient, startServer, type TestServer } from './helpers.ts';
import { setVehicle } from './marketplace-fixtures.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

/** The S3 driver for the test server, as the app builds it from the environment. */
function driver(extra: Record<string, string> = {}): S3Storage {
  return new S3Storage(
    s3SettingsOf(loadEnv({ ...s3.env, ...extra, DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(32) })),
  );
}

const bytes = (text: string) => new TextEncoder().encode(text);
const unique = () => `${Date.now()}-${Math.random().toString(16).slice(2)}`;

describe('the S3 storage driver against a local S3-compatible server', () => {
  it('the environment chooses it: STORAGE_DRIVER=s3, or S3_BUCKET alone; the local folder otherwise', () => {
    const base = { DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(32) };
    expect(storageFor(loadEnv({ ...base, ...s3.env }))).toBeInstanceOf(S3Storage);
    const { STORAGE_DRIVER: _, ...withoutDriver } = s3.env;
    expect(storageFor(loadEnv({ ...base, ...withoutDriver }))).toBeInstanceOf(S3Storage);
    expect(storageFor(loadEnv(base))).not.toBeInstanceOf(S3Storage);
    expect(storageFor(loadEnv({ ...base, ...s3.env, STORAGE_DRIVER: 'local' }))).not.toBeInstanceOf(
      S3Storage,
    );
  });

  it('puts, gets and deletes an object; a missing one reads as null and deletes without error', async () => {
    const storage = driver();
    const key = `u1/${unique()}.png`;
    await storage.put('avatars', key, bytes('first'));
    expect((await storage.get('avatars', key))?.toString()).toBe('first');
    expect(await storage.get('issues', key)).toBeNull();
    await storage.delete('avatars', key);
    expect(await storage.get('avatars', key)).toBeNull();
    await storage.delete('avatars', key);
  });

  it('never overwrites: a second put of a key fails with ObjectExistsError and the first bytes stay', async () => {
    const storage = driver();
    const key = `${unique()}.pdf`;
    await storage.put('documents', key, bytes('original'));
    await expect(storage.put('documents', key, bytes('replacement'))).rejects.toBeInstanceOf(
      ObjectExistsError,
    );
    expect((await storage.get('documents', key))?.toString()).toBe('original');
  });

  it('refuses keys that could leave a bucket, and buckets the app does not have', async () => {
    const storage = driver();
    for (const key of ['../escape.png', 'a/../../b.png', '.hidden', 'a//b', 'a/b c.png', '']) {
      await expect(storage.put('avatars', key, bytes('x'))).rejects.toThrow(/Unsafe storage key/);
      expect(await storage.get('avatars', key)).toBeNull();
      await storage.delete('avatars', key);
    }
    await expect(storage.put('secrets' as Bucket, 'a.png', bytes('x'))).rejects.toThrow(/Unsafe storage key/);
  });

  it('keeps the app buckets under S3_KEY_PREFIX when one is set', async () => {
    const prefixed = driver({ S3_KEY_PREFIX: 'tenant-a/' });
    const key = `${unique()}.png`;
    await prefixed.put('avatars', key, bytes('in tenant a'));
    expect((await prefixed.get('avatars', key))?.toString()).toBe('in tenant a');
    expect(await driver().get('avatars', key)).toBeNull();
    expect((await driver().get('avatars', `../tenant-a/avatars/${key}`)) ?? null).toBeNull();
  });

  it('sends credentials with each request: an access key the server does not know is refused (403)', async () => {
    // s3rver checks the access key but not the Signature V4 itself (aws4fetch computes that; AWS checks it).
    const wrong = driver({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    await expect(wrong.put('avatars', `${unique()}.png`, bytes('x'))).rejects.toThrow(/403/);
    await expect(wrong.get('avatars', 'anything.png')).rejects.toThrow(/403 InvalidAccessKeyId/);
  });

  it('sends its PUT with If-None-Match: *, and a 412 answer (the key was taken meanwhile) is ObjectExistsError', async () => {
    // A stand-in for a server that honours conditional writes (AWS S3, R2, MinIO): s3rver ignores them.
    const seen: IncomingHttpHeaders[] = [];
    const standIn = createServer((req, res) => {
      req.resume();
      if (req.method === 'PUT') seen.push(req.headers);
      res.statusCode = req.method === 'HEAD' ? 404 : req.headers['if-none-match'] === '*' ? 412 : 200;
      res.end();
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    try {
      const storage = driver({ S3_ENDPOINT: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` });
      await expect(storage.put('avatars', 'a.png', bytes('x'))).rejects.toBeInstanceOf(ObjectExistsError);
      expect(seen).toHaveLength(1);
      expect(seen[0]!['if-none-match']).toBe('*');
      expect(seen[0]!['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await new Promise((resolve) => standIn.close(resolve));
    }
  });
});

describe('npm run storage:copy-to-s3', () => {
  it('copies every upload under DATA_DIR/uploads into the bucket, skips what is there, ignores the rest', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-copy-'));
    const prefix = `copy-${unique()}/`;
    try {
      const uploads = path.join(dataDir, 'uploads');
      const files: Record<string, string> = {
        'avatars/u1/1-a.png': 'avatar one',
        'documents/d1/2-b.pdf': 'document two',
        'user-files/u2/3-c.png': 'file three',
        'issues/4-d.png': 'already there',
        'issues/.hidden': 'not an upload',
        'stray.txt': 'not in a bucket',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(uploads, name)), { recursive: true });
        writeFileSync(path.join(uploads, name), text);
      }
      const target = driver({ S3_KEY_PREFIX: prefix });
      await target.put('issues', '4-d.png', bytes('already there'));

      const run = () =>
        promisify(execFile)('npx', ['tsx', 'src/server/cli/copy-uploads-to-s3.ts'], {
          env: { ...process.env, ...s3.env, STORAGE_DRIVER: '', DATA_DIR: dataDir, S3_KEY_PREFIX: prefix },
        });
      const first = await run();
      expect(first.stdout).toContain('Copied 3, already there 1, ignored 2.');
      expect(first.stdout).toContain('ignored (not an upload this app makes): issues/.hidden');
      expect(first.stdout).toContain('ignored (not an upload this app makes): stray.txt');
      expect((await target.get('avatars', 'u1/1-a.png'))?.toString()).toBe('avatar one');
      expect((await target.get('documents', 'd1/2-b.pdf'))?.toString()).toBe('document two');
      expect((await target.get('user-files', 'u2/3-c.png'))?.toString()).toBe('file three');

      const again = await run();
      expect(again.stdout).toContain('Copied 0, already there 4, ignored 2.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails with a clear message when the S3 settings are missing', async () => {
    const failed = await promisify(execFile)('npx', ['tsx', 'src/server/cli/copy-uploads-to-s3.ts'], {
      env: { ...process.env, DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(32) },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(
      /STORAGE_DRIVER: s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  }, 60_000);
});

describe.each(databaseKinds())('every upload journey with STORAGE_DRIVER=s3 (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { env: s3.env });
  }, 60_000);
  afterAll(() => server?.close());

  it('stores avatars, files, screenshots, vehicle photos and documents in the bucket and serves them with the same rules', async () => {
    const [owner, other, driverA, driverB, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer' }),
      signedInClient(server, { userType: 'customer' }),
      signedInClient(server, { userType: 'driver', companyName: 'A Shuttles' }),
      signedInClient(server, { userType: 'driver', companyName: 'B Coaches' }),
      signedInClient(server, { userType: 'customer' }),
    ]);
    await makeAdmin(server, admin);
    admin.client = server.client();
    expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(200);
    await setVehicle(server.db, driverA.userId);

    const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const pngForm = (field: string, extra: Record<string, string> = {}) => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      for (const [k, v] of Object.entries(extra)) form.append(k, v);
      return form;
    };

    // A file: the owner reads it, another user gets 404.
    const up = await owner.client.postForm('/api/files', pngForm('files'));
    expect(up.status, await up.clone().text()).toBe(201);
    const fileId = ((await up.json()) as { files: { id: string }[] }).files[0]!.id;
    const file = await owner.client.get(`/api/files/${fileId}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect((await other.client.get(`/api/files/${fileId}`)).status).toBe(404);
    expect((await admin.client.get(`/api/files/${fileId}`)).status).toBe(404);

    // An avatar: public.
    const av = await owner.client.postForm('/api/avatars', pngForm('file'));
    expect(av.status).toBe(201);
    const avatar = await server.client().get(((await av.json()) as { url: string }).url);
    expect(avatar.status).toBe(200);
    expect((await avatar.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // An issue's screenshot: the reporter and admins.
    const report = await owner.client.postForm(
      '/api/issues',
      pngForm('screenshot', {
        title: 'The map does not load',
        description: 'The map does not load on my phone after I pick a suburb.',
        category: 'bug',
        priority: 'medium',
      }),
    );
    expect(report.status, await report.clone().text()).toBe(201);
    const { screenshotUrl } = ((await report.json()) as { issue: { screenshotUrl: string } }).issue;
    expect((await owner.client.get(screenshotUrl)).status).toBe(200);
    expect((await other.client.get(screenshotUrl)).status).toBe(404);
    expect((await admin.client.get(screenshotUrl)).status).toBe(200);

    // A vehicle photo (made WebP): public.
    const [vehicle] = await rows<{ id: string }>(
      server.db,
      sql`select id from vehicles where driver_id = ${driverA.userId} and retired_at is null limit 1`,
    );
    const photo = await driverA.client.postForm(
      `/api/drivers/me/vehicles/${vehicle!.id}/photo`,
      pngForm('file'),
    );
    expect(photo.status, await photo.clone().text()).toBe(200);
    const shown = await server.client().get(`/api/vehicles/${vehicle!.id}/photo`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');

    // A driver's document: that driver and admins; another driver gets 404.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const form = new FormData();
    form.append('kind', 'insurance');
    form.append('expiresOn', `${new Date().getUTCFullYear() + 1}-06-30`);
    form.append('file', new Blob([new Uint8Array(pdf)]), 'insurance.pdf');
    const doc = await driverA.client.postForm('/api/drivers/me/documents', form);
    expect(doc.status, await doc.clone().text()).toBe(201);
    const docId = ((await doc.json()) as { document: { id: string } }).document.id;
    const mine = await driverA.client.get(`/api/driver-documents/${docId}/file`);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await driverB.client.get(`/api/driver-documents/${docId}/file`)).status).toBe(404);
    expect((await admin.client.get(`/api/driver-documents/${docId}/file`)).status).toBe(200);

    // Nothing went to the local folder (the drivers' verification documents included): the bucket has it all.
    expect(existsSync(path.join(server.deps.env.DATA_DIR, 'uploads'))).toBe(false);
  }, 60_000);
});
