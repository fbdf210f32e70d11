import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertNoSecretsInBundle } from '../../src/server/bundle-secrets.ts';
import { loadEnv } from '../../src/server/env.ts';

function build(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const env = loadEnv({
  AUTH_SECRET: `${'s'.repeat(20)}UNIQUE-SECRET-VALUE-1234`,
  DATABASE_URL: 'postgres://app:hunter2-db-pass@db.internal:5432/app',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'env-')),
});

describe('the browser build must not contain server secrets (SPEC §6)', () => {
  it('accepts a clean build', () => {
    const dir = build({ 'index.html': '<html></html>', 'assets/app.js': 'console.log("hello")' });
    expect(() => assertNoSecretsInBundle(dir, env)).not.toThrow();
  });

  it('refuses a build that embeds the auth secret, naming the setting and the file', () => {
    const dir = build({ 'index.html': '<html></html>', 'assets/app.js': `const k="${env.AUTH_SECRET}"` });
    expect(() => assertNoSecretsInBundle(dir, env)).toThrow(
      'Refusing to start: the browser build contains the value of AUTH_SECRET (assets/app.js).',
    );
  });

  it('refuses a build that embeds the database password', () => {
    const dir = build({
      'index.html': '<html></html>',
      'assets/chunk.js': 'fetch("x", {p: "hunter2-db-pass"})',
    });
    expect(() => assertNoSecretsInBundle(dir, env)).toThrow(/DATABASE_URL password/);
  });
});
