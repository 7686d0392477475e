import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/** How often a PostgreSQL server without autovacuum looks for tables to analyze. */
export const PLANNER_STATS_EVERY_MS = 5_000;

/**
 * PostgreSQL plans from statistics that autovacuum refreshes. With autovacuum off (as on this project's machines),
 * a table that grew after its last ANALYZE is planned as if it held a handful of rows: with 10,000 employees in
 * one account, each clock-in's look-up by Employee ID read the account's whole email index (12,700 rows a
 * look-up) and the clock fell from 3,000 to 1,200 punches a second.
 *
 * Where autovacuum is off, this analyzes the app's tables by autovacuum's own rule — more than 50 rows plus 10 %
 * of the table changed since the last ANALYZE — looked at every `everyMs`. Where it is on, it does nothing.
 * ANALYZE reads a sample (at most 30,000 rows a table) and does not block reads or writes.
 */
export function plannerStats(db: Kysely<DB>, everyMs = PLANNER_STATS_EVERY_MS) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<string[]> | undefined;

  /** Analyzes the tables past the rule now; answers their names. One check at a time. */
  const check = (): Promise<string[]> => (running ??= analyzeStale(db).finally(() => (running = undefined)));

  return {
    check,
    /**
     * Starts the periodic checks if autovacuum is off (answers whether it did); a check that fails (the database
     * down) waits for the next one.
     */
    async start(): Promise<boolean> {
      const off = await autovacuumOff(db).catch(() => false);
      if (!off || stopped) return false;
      timer = setInterval(() => void check().catch(() => undefined), everyMs);
      timer.unref();
      return true;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

async function autovacuumOff(db: Kysely<DB>) {
  const r = await sql<{ off: boolean }>`select current_setting('autovacuum') = 'off' as off`.execute(db);
  return r.rows[0].off;
}

async function analyzeStale(db: Kysely<DB>): Promise<string[]> {
  const stale = await sql<{ table: string }>`
    select s.relname as "table"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema() and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    order by s.relname`.execute(db);
  const tables = stale.rows.map((r) => r.table);
  for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(db);
  return tables;
}
