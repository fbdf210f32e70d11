/**
 * Once per `vitest run` of the API (and timing) project: on PostgreSQL, a migrated template database that
 * every test database is copied from (CREATE DATABASE ... TEMPLATE), instead of running the migrations each
 * time (about 1 s per test database here; issue 29: CI time); and a folder for what the workers make once
 * for the run (server-process.ts's migrated PGlite folder). Both removed when the run ends.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { createPostgresDatabase, testServerFolderPrefix } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name on DATABASE_URL's server ('' without PostgreSQL). */
    postgresTemplate: string;
    /** A folder of this run's own, removed when it ends. */
    runFolder: string;
  }
}

export default async function setup(project: TestProject) {
  const runFolder = mkdtempSync(path.join(tmpdir(), 'shuttle-test-run-'));
  project.provide('runFolder', runFolder);
  const removeFolder = () => {
    rmSync(runFolder, { recursive: true, force: true });
    // The workers' compiled servers (server-process.ts).
    const prefix = testServerFolderPrefix(runFolder);
    for (const name of existsSync('dist') ? readdirSync('dist') : []) {
      const folder = path.join('dist', name);
      if (folder.startsWith(prefix)) rmSync(folder, { recursive: true, force: true });
    }
  };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresTemplate', '');
    return removeFolder;
  }
  const template = await createPostgresDatabase(adminUrl);
  try {
    // Migrated, then closed: a database cannot be copied while anyone is connected to it.
    const database = await openDatabase({ databaseUrl: template.url });
    await database.close();
  } catch (err) {
    await template.drop();
    removeFolder();
    throw err;
  }
  project.provide('postgresTemplate', template.name);
  return async () => {
    await template.drop();
    removeFolder();
  };
}
