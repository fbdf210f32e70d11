/**
 * Once per `vitest run` of the API project: on PostgreSQL, a migrated template database that every test
 * database is copied from (CREATE DATABASE ... TEMPLATE), instead of running the migrations each time
 * (about 1 s per test database here; issue 29: CI time). Dropped again when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { createPostgresDatabase } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name on DATABASE_URL's server ('' without PostgreSQL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresTemplate', '');
    return;
  }
  const template = await createPostgresDatabase(adminUrl);
  try {
    // Migrated, then closed: a database cannot be copied while anyone is connected to it.
    const database = await openDatabase({ databaseUrl: template.url });
    await database.close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
