import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { pgAdmin, pgServerUrl, pgUrlFor } from './pg';

/**
 * For the PostgreSQL project: migrates one template database per run; each test file then gets its own
 * copy (CREATE DATABASE … TEMPLATE is fast) and drops it. The run fails, never skips, when PostgreSQL is away.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DIALECT !== 'postgres') return;
  const base = pgServerUrl().pathname.replace(/^\//, '') || 'punchclock_test';
  const template = `${base}_tpl_${process.pid}_${Date.now().toString(36)}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  try {
    await pgAdmin(`CREATE DATABASE "${template}"`);
  } catch (e) {
    throw new Error(
      `PostgreSQL tests need a server at ${pgServerUrl().host} (set TEST_DATABASE_URL): ${(e as Error).message}`,
    );
  }
  const db = createDatabase(pgUrlFor(template));
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgTemplate', template);
  return async () => {
    await pgAdmin(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
