import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure functions, fast), `api` (the real server over HTTP against a fresh
 * database per test file, so files run in parallel without sharing state) and `timing` (measurements that
 * other files running at once would disturb; its own step in `npm test`).
 */
export default defineConfig({
  test: {
    // The machine has 2 cores; each API file also runs an embedded Postgres (PGlite) in its worker.
    maxWorkers: 2,
    // better-auth logs a WARN for every wrong password the API tests send on purpose; keep the rest.
    onConsoleLog: (log) => !/\[Better Auth\]:.*(Invalid password|User not found|low-entropy)/.test(log),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure functions with no module state between files (no mocks, stubs or fake timers): a worker
          // keeps its loaded modules from one file to the next, as the API project does (CI time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each worker keeps its loaded modules from one file to the next (the app, drizzle, better-auth:
          // about 1.5 s per file to load again). Every file starts its own server and database, so nothing
          // of one file's state reaches another (issue 29: CI time).
          isolate: false,
          // A migrated template database on PostgreSQL, copied for each test database (global-setup.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Measurements a client would see (issue 16): run alone, after the API tests, one file at a time.
          name: 'timing',
          include: ['tests/timing/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
