import { type FileHandle, open } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { foldText } from '@punchclock/contract';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type PgModule from 'pg';
import { lazy } from '../lib/lazy';
import { checkpointer, MAIN_CHECKPOINT_PAGES } from './checkpointer';
import { attachReadPool, readPool } from './parallel-reads';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** The PostgreSQL client, loaded only when a postgres:// URL is used. */
const loadPg = lazy<typeof PgModule>('pg');

/**
 * PostgreSQL connections per server process (PG_POOL_MAX, default 10). Each clock punch holds one for its
 * transaction, so the pool bounds how many punches wait on the database at once.
 */
export const poolMax = () => Number(process.env.PG_POOL_MAX) || 10;

export function createDatabase(url: string): Database {
  if (dialectOf(url) === 'postgres') {
    const pg = loadPg();
    // PostgreSQL returns COUNT(*) and BIGINT as strings; ids here are INTEGER, counts are cast by callers.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: poolMax() });
    // An idle connection the server ends (a restart, an administrator's terminate, a database dropped while
    // the pool closes) is reported here after the pool has already discarded it; the next query opens a new
    // one. Without a listener that report is an unhandled 'error' event, which ends the whole process.
    pool.on('error', () => undefined);
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }) });
  }
  const file = new SQLite(url);
  file.pragma('journal_mode = WAL');
  // FULL: an acknowledged punch must survive power loss, not only a process crash.
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // fold(): text as searches compare it, any case and accent (contract/src/fold.ts; migration 014 defines the same
  // on PostgreSQL). SQLite's own lower() folds ASCII only. A JavaScript call a row costs about three times lower():
  // searches call it only for text beyond ASCII (employees.repository.ts).
  file.function('fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? foldText(v) : v));
  const flusher = file.memory ? undefined : walFile(`${file.name}-wal`);
  // Checkpoints run on a worker thread (db/checkpointer.ts); the main connection's own only past a large log.
  const checkpoints = file.memory ? undefined : checkpointer(file.name);
  if (checkpoints) file.pragma(`wal_autocheckpoint = ${MAIN_CHECKPOINT_PAGES}`);
  // Big reads in parts on worker threads (db/parallel-reads.ts); an in-memory database has no file to share.
  const reads = file.memory ? undefined : readPool(file.name);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({
      database: cachedStatements(file, STATEMENT_CACHE_SIZE, () => {
        flusher?.close();
        checkpoints?.close();
        reads?.close();
      }),
    }),
  });
  if (flusher) walFlushes.set(db, flusher.flush);
  if (reads) attachReadPool(db, reads);
  return db;
}

const walFlushes = new WeakMap<Database, () => Promise<void>>();

/**
 * SQLite only: flushes the write-ahead log to the disk (fdatasync) on a worker thread. A transaction committed
 * with synchronous=NORMAL is in the log but maybe not on the disk yet; once a flush that began after its COMMIT
 * has ended, it is as durable as a COMMIT with synchronous=FULL, and the main thread did not wait for the disk
 * (group commit, db/unit-of-work.ts). Undefined for an in-memory database.
 */
export const walFlushOf = (db: Database) => walFlushes.get(db);

/**
 * fdatasync of the log through one fd of it, opened at the first flush (after the first COMMIT made the file). The
 * log stays the same file while the connection is open (SQLite rewrites it from the start after a checkpoint,
 * never replaces it).
 */
function walFile(path: string) {
  let handle: Promise<FileHandle> | undefined;
  const flush = coalescedFlush(async () => {
    // A failed open is tried again at the next flush.
    handle ??= open(path, 'r').catch((e: unknown) => {
      handle = undefined;
      throw e;
    });
    await (await handle).datasync();
  });
  const close = () => void handle?.then((h) => h.close()).catch(() => undefined);
  return { flush, close };
}

/**
 * One `sync` at a time; callers that arrive while one runs share the next one, which starts after they called
 * and so covers their commits. A failed sync rejects its callers; the next caller tries again.
 */
export function coalescedFlush(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (!running) {
      running = sync().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return flush();
      });
    return queued;
  };
  return flush;
}

/** Sees the text of every statement sent to either database (benches count the statements of a request). */
export const statementObserver: { onStatement?: (sql: string) => void } = {};

/** How many prepared statements one SQLite connection keeps (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement again on each query; compiling the SQL costs more than running a
 * one-row query. This keeps the prepared statements by their SQL text in a bounded LRU. Reusing one is safe: the
 * driver runs one query at a time on its single connection (a stream holds the connection until it ends).
 */
export function cachedStatements(file: SQLite.Database, size = STATEMENT_CACHE_SIZE, onClose?: () => void) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string): SQLite.Statement {
      statementObserver.onStatement?.(text);
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text);
      } else {
        stmt = file.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      onClose?.();
      file.close();
    },
  };
}

/**
 * The mark (at a statement's end) of a statement PostgreSQL may keep prepared: the clock path's fixed-shape
 * look-ups and writes, run thousands of times a minute, whose generic plan is as good as any. Every other statement
 * stays unnamed and is planned for its own values each time: a named statement is planned generically after five
 * runs, and the month's Daily Summary export, which runs its per-100-employees query 100 times, took 56 s with
 * that plan instead of 3.9 s.
 */
export const KEEP_PLAN = '/* keep plan */';
/** KEEP_PLAN for a Kysely builder's `modifyEnd`. */
export const keepPlan = sql.raw(KEEP_PLAN);

/** How many statement texts the PostgreSQL pool prepares by name (each connection prepares each on first use). */
export const PG_PREPARED_MAX = 1_000;

/**
 * PostgreSQL: Kysely sends every query unnamed, so the server parses and plans its text again each time. This
 * names each parameterised statement that ends with KEEP_PLAN after its text (the first PG_PREPARED_MAX texts of
 * at most 4,000 characters; longer or later ones stay unnamed), so a connection parses it once and then only
 * binds and executes it: the clock path's statements are prepared once per connection and reused.
 */
export function preparedStatements(pool: PgModule.Pool): PgModule.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < PG_PREPARED_MAX &&
      text.length <= 4_000 &&
      text.endsWith(KEEP_PLAN)
    )
      names.set(text, (name = `pc${names.size + 1}`));
    return name;
  };
  // Every new connection of the pool, before its first query.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string') statementObserver.onStatement?.(text);
      const name =
        typeof text === 'string' && Array.isArray(values) && values.length && args.length === 2
          ? nameOf(text)
          : undefined;
      return name ? query({ name, text, values }) : query(...args);
    }) as typeof client.query;
  });
  return pool;
}

export async function databaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
