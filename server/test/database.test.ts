import { sql } from 'kysely';
import { foldText } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKPOINT_FROM_BYTES, MAIN_CHECKPOINT_PAGES } from '../src/db/checkpointer';
import { createDatabase, KEEP_PLAN, keepPlan } from '../src/db/database';
import { punchesRepository } from '../src/modules/punches/punches.repository';
import { createAccount, createEmployee, insertPunch } from './factories';
import { dialect, useTestApp } from './helper';
import { pgUrlFor } from './pg';

const t = useTestApp();

describe('database', () => {
  it.runIf(dialect === 'sqlite')(
    'runs SQLite in WAL mode with synchronous=FULL and foreign keys on',
    async () => {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(t.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
    },
  );

  it.runIf(dialect === 'sqlite')(
    'checkpoints the log on a worker thread once it passes 4 MB, before SQLite would on the main thread',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'punchclock-checkpoint-'));
      const file = join(dir, 'db.sqlite');
      const db = createDatabase(file);
      try {
        expect(
          Number(
            Object.values((await sql.raw('pragma wal_autocheckpoint').execute(db)).rows[0] as object)[0],
          ),
        ).toBe(MAIN_CHECKPOINT_PAGES);
        await sql`create table filler (id integer primary key, body text not null)`.execute(db);
        const before = statSync(file).size;
        // ~6 MB of log in 60 transactions: past the worker's threshold, far below the main connection's.
        for (let i = 0; i < 60; i++)
          await db
            .insertInto('filler' as never)
            .values(Array.from({ length: 25 }, () => ({ body: 'x'.repeat(4000) })) as never)
            .execute();
        expect(statSync(`${file}-wal`).size).toBeGreaterThan(CHECKPOINT_FROM_BYTES);
        expect(statSync(file).size).toBe(before);
        // Copied into the database file by the worker's checkpoint, while this thread only waited.
        await expect.poll(() => statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(5_000_000);
        const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
        expect(Number(rows[0].n)).toBe(1500);
      } finally {
        await db.destroy();
      }
    },
  );

  it.runIf(dialect === 'postgres')(
    'lives on when PostgreSQL ends an idle connection of the pool, and the next query opens a new one',
    async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      const other = createDatabase(pgUrlFor(rows[0].name));
      try {
        const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other)).rows[0].pid;
        // From another connection: the server ends the pool's idle one (as a restart or a DROP … FORCE does).
        await sql`select pg_terminate_backend(${pid})`.execute(t.db);
        await new Promise((r) => setTimeout(r, 300));
        const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(other);
        expect(again.rows[0].pid).not.toBe(pid);
      } finally {
        await other.destroy();
      }
    },
  );

  it('folds every Latin letter the same way in the database (fold()) as in JavaScript (foldText)', async () => {
    const letters: string[] = [];
    for (const [from, to] of [
      [0x41, 0x7a],
      [0xc0, 0x24f],
      [0x1e00, 0x1eff],
    ])
      for (let cp = from; cp <= to; cp++) letters.push(String.fromCodePoint(cp));
    // One letter between bars, so that a difference names its letter.
    const text = letters.join('|');
    const { rows } = await sql<{ folded: string }>`select fold(${text}) as folded`.execute(t.db);
    const folded = rows[0].folded.split('|');
    const expected = foldText(text).split('|');
    // İ lower-cases to i and a combining dot in JavaScript, to i in PostgreSQL: a search for it finds both.
    const differ = letters.filter((l, i) => l !== '\u0130' && folded[i] !== expected[i]);
    expect(differ).toEqual([]);
    expect(foldText('JOSÉ MUÑOZ Łódź Ørjan Nguyễn')).toBe('jose munoz lodz orjan nguyen');
  });

  it.runIf(dialect === 'sqlite')(
    'checks and vacuums the SQLite file through the app (the sqlite3 shell has no fold() for the name index)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'punchclock-sqlite-cli-'));
      const env = { ...process.env, DATABASE_URL: join(dir, 'app.sqlite'), DATA_DIR: dir };
      const run = (command: string) =>
        execFileSync(process.execPath, ['--import', 'tsx', 'src/db/sqlite-cli.ts', command], {
          env,
        }).toString();
      execFileSync(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], { env });
      expect(run('check')).toContain(': ok');
      expect(run('vacuum')).toContain(': vacuumed');
      expect(() => run('drop')).toThrow();
    },
    // Four Node processes that each compile the CLI with tsx: 38 s once beside the web units on two cores.
    120_000,
  );

  it('creates every table the spec implies, each account table keyed by account_id', async () => {
    const tables = [
      'accounts',
      'users',
      'employees',
      'departments',
      'settings',
      'custom_fields',
      'custom_field_values',
      'employee_rates',
      'api_keys',
      'faqs',
      'punches',
      'activity_logs',
      'auth_tokens',
      'stations',
      'import_batches',
    ];
    const found = (await t.db.introspection.getTables()).filter((x) => !x.name.startsWith('kysely_'));
    for (const name of tables) {
      const table = found.find((x) => x.name === name);
      expect(table, name).toBeDefined();
      if (name !== 'accounts')
        expect(
          table!.columns.map((c) => c.name),
          name,
        ).toContain('account_id');
    }
  });

  it('refuses a second open shift for one employee in the database itself', async () => {
    const at = new Date().toISOString();
    const account = await createAccount(t);
    const emp = await createEmployee(t, account, { employee_id: 'E1', name: 'E' });
    const punch = (clientId: string, timeOut: string | null) =>
      insertPunch(t, account.accountId, emp.id, { client_id: clientId, time_in: at, time_out: timeOut });
    await punch('a', at);
    await punch('b', null);
    await expect(punch('c', null)).rejects.toThrow();
    await expect(punch('a', at)).rejects.toThrow();
  });
});

describe('statements PostgreSQL keeps prepared', () => {
  it.runIf(dialect === 'postgres')(
    'prepares by name only the statements marked KEEP_PLAN; every other one is planned for its own values',
    async () => {
      const owner = await createAccount(t);
      const { id } = await createEmployee(t, owner);
      const prepared = await t.db.transaction().execute(async (trx) => {
        // The clock's look-up by id (precompiled, marked) and a report-like read of the same table (not marked).
        await punchesRepository(trx).clockBook(owner.accountId, id, new Date().toISOString());
        await trx
          .selectFrom('punches')
          .select('id')
          .where('account_id', '=', owner.accountId)
          .where('work_date', '>=', '2026-01-01')
          .execute();
        await trx
          .selectFrom('punches')
          .select('id')
          .where('account_id', '=', owner.accountId)
          .modifyEnd(keepPlan)
          .execute();
        return (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)
        ).rows.map((r) => r.statement);
      });
      expect(prepared.length).toBeGreaterThanOrEqual(2);
      expect(prepared.every((s) => s.endsWith(KEEP_PLAN))).toBe(true);
      expect(prepared.some((s) => s.includes('"work_date" >='))).toBe(false);
    },
  );
});
