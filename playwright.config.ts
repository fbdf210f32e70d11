/**
 * Playwright journeys in Debian's Chromium against the built app and its real server, on a free port with a
 * fresh embedded database (or the PostgreSQL in DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/support.ts';

// Computed once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shuttle-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's chromium-headless-shell when installed (.ci/run installs it), else its chromium: the same engine
 * and version without the full browser around it (Playwright's own default for headless runs). The journeys
 * took about a quarter less time and a third less CPU in it on this machine (bench/README.md, "CI time").
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace is recorded when a failed journey runs again (CI retries once), not for every journey:
    // recording one for each of the 117 cost about a fifth of the journeys' time (issue 29: CI time).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The administrator turns on two-factor sign-in once; the journeys share that session (e2e/support.ts).
    { name: 'admin-session', testMatch: /admin-session\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      dependencies: ['admin-session'],
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (npm test builds before the journeys).
    command: 'node dist/server/index.js',
    // Ready, not just alive: the server listens before its database is open (health 200, ready 503).
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      APP_ENV: 'development',
      // The journeys make many accounts from one machine: fixtures give each API call its own client
      // address (X-Forwarded-For), so the per-address limits stay as strict as in production.
      TRUST_PROXY: 'true',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
