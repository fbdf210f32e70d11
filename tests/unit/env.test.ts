import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExposedSecrets, loadEnv } from '../../src/server/env.ts';

const SECRET = 's'.repeat(40);
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shuttle-env-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('loadEnv defaults', () => {
  it('fills every default', () => {
    const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      APP_ENV: 'development',
      APP_URL: 'http://localhost:3000',
      BRAND_NAME: 'ShuttleQuote',
      SUPPORT_EMAIL: 'support@shuttlequote.example',
      DRIVERS_EMAIL: 'drivers@shuttlequote.example',
      TRUST_PROXY: false,
      AUTH_SECRET: SECRET,
      isProduction: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('DATA_DIR defaults to ./data', () => {
    // With a secret given nothing is written, so the default directory is not created by this test.
    expect(loadEnv({ AUTH_SECRET: SECRET }).DATA_DIR).toBe('./data');
  });

  it('reads and coerces given values', () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      PORT: '8080',
      APP_URL: 'https://rides.example.com/',
      APP_ENV: 'staging',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@db.example:5432/app',
    });
    expect(env.PORT).toBe(8080);
    expect(env.APP_URL).toBe('https://rides.example.com');
    expect(env.APP_ENV).toBe('staging');
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DATABASE_URL).toBe('postgres://u@db.example:5432/app');
    expect(env.isProduction).toBe(false);
  });

  it('an empty variable counts as not set', () => {
    const env = loadEnv({
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      APP_ENV: '',
      PORT: '',
      APP_URL: '',
      SMTP_URL: '',
    });
    expect(env.APP_ENV).toBe('development');
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.SMTP_URL).toBeUndefined();
    // So an empty secret in production is a missing secret.
    expect(() => loadEnv({ DATA_DIR: dataDir, APP_ENV: 'production', AUTH_SECRET: '' })).toThrow(
      'AUTH_SECRET: required in production',
    );
  });

  it('APP_URL follows PORT when not given', () => {
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, PORT: '4321' }).APP_URL).toBe(
      'http://localhost:4321',
    );
  });

  it('outside production, creates a secret in DATA_DIR once and reuses it', () => {
    const first = loadEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.AUTH_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
  });
});

describe('loadEnv refusals', () => {
  it.each([
    'VITE_SERVICE_ROLE_KEY',
    'VITE_SUPABASE_SERVICE_ROLE_KEY',
    'VITE_AUTH_SECRET',
    'VITE_DATABASE_URL',
    'VITE_SMTP_URL',
  ])('refuses %s with a clear message', (name) => {
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, [name]: 'value' })).toThrow(
      `Refusing to start: ${name} would expose a secret (such as a service-role key) to the browser build. Remove the VITE_ prefix or the variable.`,
    );
  });

  it('names every offending variable', () => {
    expect(() =>
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, VITE_SERVICE_ROLE_KEY: 'a', VITE_API_KEY: 'b' }),
    ).toThrow(/VITE_SERVICE_ROLE_KEY, VITE_API_KEY/);
  });

  it('public VITE_ variables and empty ones are fine', () => {
    expect(
      findExposedSecrets({ VITE_BRAND_NAME: 'x', VITE_PUBLIC_URL: 'y', VITE_SERVICE_ROLE_KEY: '' }),
    ).toEqual([]);
    expect(findExposedSecrets({ SERVICE_ROLE_KEY: 'server only' })).toEqual([]);
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, VITE_BRAND_NAME: 'x' })).not.toThrow();
  });

  it('production requires AUTH_SECRET', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir, APP_ENV: 'production' })).toThrow(
      'Invalid configuration:\n  AUTH_SECRET: required in production',
    );
    // And does not fall back to writing a secret file.
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
    const env = loadEnv({ DATA_DIR: dataDir, APP_ENV: 'production', AUTH_SECRET: SECRET });
    expect(env.isProduction).toBe(true);
  });

  it('WEB_CONCURRENCY: one process by default, one per core in production with DATABASE_URL, never above one on PGlite', () => {
    const pg = 'postgres://app@db.internal:5432/shuttle';
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: pg }).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, APP_ENV: 'production' }).WEB_CONCURRENCY).toBe(
      1,
    );
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, APP_ENV: 'production', DATABASE_URL: pg })
        .WEB_CONCURRENCY,
    ).toBe(availableParallelism());
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: pg, WEB_CONCURRENCY: '3' })
        .WEB_CONCURRENCY,
    ).toBe(3);
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database opens in one process only)',
    );
    for (const bad of ['0', 'two', '1.5']) {
      expect(() =>
        loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: pg, WEB_CONCURRENCY: bad }),
      ).toThrow(/^Invalid configuration:\n {2}WEB_CONCURRENCY: /);
    }
  });

  it("DATABASE_DIRECT_URL is a second way to DATABASE_URL's database: refused alone, never exposed to the browser", () => {
    const pg = 'postgres://app@pgbouncer.internal:6432/shuttle';
    const direct = 'postgres://app@db.internal:5432/shuttle';
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: pg, DATABASE_DIRECT_URL: direct }),
    ).toMatchObject({ DATABASE_URL: pg, DATABASE_DIRECT_URL: direct });
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_DIRECT_URL: direct })).toThrow(
      'DATABASE_DIRECT_URL: needs DATABASE_URL',
    );
    expect(findExposedSecrets({ VITE_DATABASE_DIRECT_URL: direct })).toEqual(['VITE_DATABASE_DIRECT_URL']);
  });

  it("DATABASE_MIGRATION_URL is the schema owner's way to DATABASE_URL's database: optional, refused alone, never exposed to the browser (ADR 023)", () => {
    const app = 'postgres://shuttle_app@db.internal:5432/shuttle';
    const owner = 'postgres://shuttle_owner@db.internal:5432/shuttle';
    // Not set: one role for everything (openDatabase then migrates on DATABASE_DIRECT_URL or DATABASE_URL).
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: app }).DATABASE_MIGRATION_URL,
    ).toBe(undefined);
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: app, DATABASE_MIGRATION_URL: '' })
        .DATABASE_MIGRATION_URL,
    ).toBe(undefined);
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: app, DATABASE_MIGRATION_URL: owner }),
    ).toMatchObject({ DATABASE_URL: app, DATABASE_MIGRATION_URL: owner });
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_MIGRATION_URL: owner })).toThrow(
      'DATABASE_MIGRATION_URL: needs DATABASE_URL',
    );
    expect(() =>
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: app, DATABASE_MIGRATION_URL: 'owner' }),
    ).toThrow(/^Invalid configuration:\n {2}DATABASE_MIGRATION_URL: /);
    expect(findExposedSecrets({ VITE_DATABASE_MIGRATION_URL: owner })).toEqual([
      'VITE_DATABASE_MIGRATION_URL',
    ]);
  });

  it('a short AUTH_SECRET is rejected', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: 'short' })).toThrow(
      'AUTH_SECRET: AUTH_SECRET must be at least 32 characters',
    );
  });

  it.each(['prod', 'PRODUCTION', 'test', ' development'])('APP_ENV %j is rejected', (value) => {
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, APP_ENV: value })).toThrow(
      /^Invalid configuration:\n {2}APP_ENV: /,
    );
  });

  it.each(['development', 'production', 'staging', 'preview'])('APP_ENV %s is accepted', (value) => {
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, APP_ENV: value }).APP_ENV).toBe(value);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'nope'],
    ['SUPPORT_EMAIL', 'support'],
    ['TRUST_PROXY', 'yes'],
    ['ADMIN_EMAIL', 'admin'],
    ['MAIL_SEND_TIMEOUT_MS', '1000'],
    ['MAIL_SEND_TIMEOUT_MS', 'soon'],
    ['STORAGE_DRIVER', 'ftp'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['S3_KEY_PREFIX', '../uploads/'],
    ['S3_KEY_PREFIX', 'no-slash'],
  ])('%s=%j is rejected and named', (name, value) => {
    expect(() => loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n {2}${name}: `),
    );
  });

  it('MAIL_SEND_TIMEOUT_MS is 2 minutes unless set (an e-mail a dead server claimed waits it + 30 s)', () => {
    expect(loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).MAIL_SEND_TIMEOUT_MS).toBe(120_000);
    expect(
      loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, MAIL_SEND_TIMEOUT_MS: '20000' }).MAIL_SEND_TIMEOUT_MS,
    ).toBe(20_000);
  });

  it('STORAGE_DRIVER: local unless S3_BUCKET is set; s3 names the settings it lacks', () => {
    const base = { DATA_DIR: dataDir, AUTH_SECRET: SECRET };
    const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadEnv(base)).toMatchObject({
      STORAGE_DRIVER: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(loadEnv({ ...base, ...keys, S3_BUCKET: 'uploads' }).STORAGE_DRIVER).toBe('s3');
    expect(loadEnv({ ...base, ...keys, S3_BUCKET: 'uploads', STORAGE_DRIVER: 'local' }).STORAGE_DRIVER).toBe(
      'local',
    );
    expect(() => loadEnv({ ...base, STORAGE_DRIVER: 's3' })).toThrow(
      /^Invalid configuration:\n {2}STORAGE_DRIVER: s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY$/,
    );
    expect(() => loadEnv({ ...base, S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      /STORAGE_DRIVER: s3 needs S3_SECRET_ACCESS_KEY$/,
    );
    expect(findExposedSecrets({ VITE_S3_SECRET_ACCESS_KEY: 'x' })).toEqual(['VITE_S3_SECRET_ACCESS_KEY']);
  });
});
