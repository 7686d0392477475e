import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/** How often a PostgreSQL server without autovacuum looks at its tables. */
export const MAINTENANCE_EVERY_MS = 5_000;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics fresh and vacuums: it clears the dead rows every
 * clock-out's UPDATE leaves and marks pages all-visible, which index-only scans (the reports, the paging) need to
 * skip the table. With autovacuum off (as on this project's machines) neither happens. Unanalyzed, a grown table is
 * planned as a nearly empty one: with 10,000 employees in one account, each clock-in's look-up by Employee ID read
 * the account's whole e-mail index (12,700 rows a look-up) and the clock fell from 3,000 to 1,200 punches a second.
 *
 * Where autovacuum is off, this does its work by its own rules and settings (`autovacuum_*`, so an operator's tuning
 * holds): ANALYZE a table once more than 50 rows + 10 % of it changed since the last one, looked at every `everyMs`
 * (cheap: a sample of at most 30,000 rows); VACUUM (ANALYZE) it once its dead rows pass 50 + 20 %, or its inserts
 * since the last vacuum 1,000 + 20 %, at most once a naptime (a minute) a table, as autovacuum would. Neither
 * blocks reads or writes. Where autovacuum is on, it does nothing.
 */
export function tableMaintenance(db: Kysely<DB>, everyMs = MAINTENANCE_EVERY_MS) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<Maintained> | undefined;

  /** Does what is due now; answers the tables vacuumed and analyzed. One check at a time. */
  const check = (): Promise<Maintained> => (running ??= maintain(db).finally(() => (running = undefined)));

  let analyzing: Promise<unknown> = Promise.resolve();

  return {
    check,
    /**
     * A bulk write (an import of thousands of employees) just committed: its tables analyzed now, before its
     * answer, rather than at the next look (up to `everyMs` later, plus the second a backend may take to report
     * its changes), so the first punches after it are not planned as if the table were still small. Done
     * whether autovacuum is on or off (PostgreSQL's advice after a bulk load; autovacuum may take a minute). One
     * at a time; a failure is the caller's to log, never the write's.
     */
    analyzeNow(tables: (keyof DB & string)[]): Promise<void> {
      const run = analyzing.then(async () => {
        for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(db);
      });
      analyzing = run.catch(() => undefined);
      return run;
    },
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

export type TableMaintenance = ReturnType<typeof tableMaintenance>;

export interface Maintained {
  vacuumed: string[];
  analyzed: string[];
}

async function autovacuumOff(db: Kysely<DB>) {
  const r = await sql<{ off: boolean }>`select current_setting('autovacuum') = 'off' as off`.execute(db);
  return r.rows[0].off;
}

const setting = (name: string) => sql`current_setting(${name})::float8`;

async function maintain(db: Kysely<DB>): Promise<Maintained> {
  const rows = sql`greatest(c.reltuples, 0)`;
  const due = await sql<{ table: string; vacuum: boolean; analyze: boolean }>`
    select s.relname as "table",
      (s.n_dead_tup > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * ${rows}
        or (${setting('autovacuum_vacuum_insert_threshold')} >= 0
          and s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
            + ${setting('autovacuum_vacuum_insert_scale_factor')} * ${rows}))
        and coalesce(s.last_vacuum, '-infinity') < now() - current_setting('autovacuum_naptime')::interval
        as "vacuum",
      s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')} + ${setting('autovacuum_analyze_scale_factor')} * ${rows}
        as "analyze"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`.execute(db);
  const done: Maintained = { vacuumed: [], analyzed: [] };
  for (const { table, vacuum, analyze } of due.rows) {
    if (vacuum) {
      await sql`vacuum (analyze) ${sql.id(table)}`.execute(db);
      done.vacuumed.push(table);
    } else if (analyze) {
      await sql`analyze ${sql.id(table)}`.execute(db);
      done.analyzed.push(table);
    }
  }
  return done;
}
