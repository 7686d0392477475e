// The real app over a throwaway SQLite file, or PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database,
// with a freshly signed-up owner: the starting point of every bench script.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

/** Where a bench app's data lives and who it is signed in as: enough for a server process to serve it. */
export interface BenchHandle {
  dir: string;
  url: string;
  token: string;
  accountId: number;
}

/** `plugins` wrap the app's database handle only (e.g. to count the app's queries), not the set-up's. */
export async function benchApp(opts: { plugins?: KyselyPlugin[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'punchclock-bench-'));
  const url = process.env.BENCH_DATABASE_URL || join(dir, 'bench.sqlite');
  const db = createDatabase(url);
  await migrateToLatest(db);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'none') }),
    { db: (opts.plugins ?? []).reduce((d, p) => d.withPlugin(p), db), logger: false },
  );
  const close = async () => {
    await app.close();
    await db.destroy();
  };
  const s = Date.now().toString(36);
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Bench',
      email: `bench${s}@example.com`,
      password: 'bench password',
      password_confirmation: 'bench password',
      phone_number: '+1 555 0100',
      username: `bench${s}`,
      date_of_birth: '1980-01-01',
      terms: true,
    },
  });
  const token: string = reg.json().access_token;
  const auth = { authorization: `Bearer ${token}` };
  const { account_id: accountId } = await db
    .selectFrom('users')
    .select('account_id')
    .where('id', '=', reg.json().user_id)
    .executeTakeFirstOrThrow();
  return {
    app,
    db,
    url,
    auth,
    accountId,
    suffix: s,
    dialect: url.startsWith('postgres') ? 'postgresql' : 'sqlite',
    close,
    handle: { dir, url, token, accountId } as BenchHandle,
  };
}
