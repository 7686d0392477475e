import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, Kysely } from 'kysely';

/**
 * Big reads cut into parts that run at once (docs/ARCHITECTURE.md "Parallel reads"). better-sqlite3 runs every
 * statement on the calling thread, one at a time: a month of a big account's pay used one core of two. Here
 * each part runs on a worker thread with its own read-only connection to the same file, so the parts of one
 * report run side by side; on PostgreSQL the parts are plain concurrent queries of the pool.
 *
 * What a part may be: one SELECT of committed rows that uses SQL's own functions only (a worker's connection
 * has none of the main connection's: fold() is not there). Each part reads its own snapshot, so a caller cuts a
 * read where no row can move between parts: by employee, never by date.
 */

/** The worker: a read-only connection to the file, one statement per message (prepared once per text). */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// A 1 MB page cache, not 2: two workers summing a big month's pay then held 37 MB more than the process before
// them, not 84, at the same speed (measured on bench/reports.ts's month).
db.pragma('cache_size = -1000');
const statements = new Map();
parentPort.on('message', ({ sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 50) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ rows: statement.all(...parameters) });
  } catch (e) {
    parentPort.postMessage({ error: String((e && e.message) || e) });
  }
});
`;

/** A read worker could not start or died while reading (not a statement's own error). */
export class ReadWorkerLost extends Error {
  constructor(why: string) {
    super(`read worker lost: ${why}`);
  }
}

/** How many parts a big read is cut into: one per core, at most 4 (each part holds a thread or a connection). */
export const readParts = () => Math.max(1, Math.min(4, availableParallelism()));

export interface ReadPool {
  run(queries: readonly CompiledQuery[]): Promise<unknown[][]>;
  close(): void;
}

/**
 * Up to `size` worker threads over the SQLite file at `file`, started at the first read and kept (unreferenced
 * while idle: they never keep the process alive). A worker that fails is dropped and its read rejects with
 * ReadWorkerLost (readAll then reads on the main connection); the next read starts a new one.
 */
export function readPool(file: string, size = readParts()): ReadPool {
  const workers = new Set<Worker>();
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  let closed = false;
  const start = () => {
    const w = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { file, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    w.unref();
    workers.add(w);
    return w;
  };
  const acquire = (): Promise<Worker> => {
    const w = idle.pop();
    if (w) return Promise.resolve(w);
    if (workers.size < size) return Promise.resolve(start());
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (w: Worker) => {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  const drop = (w: Worker) => {
    workers.delete(w);
    void w.terminate();
    // Someone waiting gets a new worker in its place.
    const next = waiting.shift();
    if (next && !closed) next(start());
  };
  const runOne = async (query: CompiledQuery): Promise<unknown[]> => {
    if (closed) throw new Error('the database is closed');
    const w = await acquire();
    // Referenced while it works: a caller awaiting its rows keeps the process alive.
    w.ref();
    let answer: { rows?: unknown[]; error?: string };
    try {
      answer = await new Promise((resolve, reject) => {
        const onError = (e: Error) => reject(new ReadWorkerLost(e.message));
        const onExit = (code: number) => reject(new ReadWorkerLost(`exited with code ${code}`));
        w.once('error', onError);
        w.once('exit', onExit);
        w.once('message', (m: { rows?: unknown[]; error?: string }) => {
          w.off('error', onError);
          w.off('exit', onExit);
          resolve(m);
        });
        w.postMessage({ sql: query.sql, parameters: query.parameters });
      });
    } catch (e) {
      drop(w);
      throw e;
    }
    w.unref();
    release(w);
    // A statement's own error (the worker is fine and serves the next read).
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.rows ?? [];
  };
  return {
    run: (queries) => Promise.all(queries.map(runOne)),
    close() {
      closed = true;
      for (const w of workers) void w.terminate();
      workers.clear();
      idle.length = 0;
    },
  };
}

const pools = new WeakMap<object, ReadPool>();

/** What readAll needs of a database handle (Kysely's, or a transaction's). */
type Reader = Pick<Kysely<never>, 'isTransaction' | 'executeQuery'>;

/** Gives an SQLite database handle its pool of read workers (db/database.ts, for a database in a file). */
export function attachReadPool(db: object, pool: ReadPool): void {
  pools.set(db, pool);
}

/**
 * The rows of each query, the queries run at once where the database allows it: on SQLite's read workers for
 * the main handle of a database file; concurrently on PostgreSQL's pool. In a transaction (its handle has no
 * pool, and a PostgreSQL transaction has one connection) they run one after another inside it, and so see its
 * writes.
 */
export async function readAll<R>(db: Reader, queries: readonly CompiledQuery<R>[]): Promise<R[][]> {
  const pool = db.isTransaction ? undefined : pools.get(db as object);
  const onMain = () => Promise.all(queries.map(async (q) => (await db.executeQuery(q)).rows));
  if (!pool || queries.length < 2) return onMain();
  try {
    return (await pool.run(queries)) as R[][];
  } catch (e) {
    // A lost worker costs the speed, not the answer: the same reads on the main connection (they write nothing).
    if (e instanceof ReadWorkerLost) return onMain();
    throw e;
  }
}
