import { CompiledQuery, type Kysely, SqliteAdapter } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * Runs work in one database transaction with a module's repositories bound to it, so a change and the
 * activity-log row that records it commit together (or not at all). Services get this instead of `db`.
 */
export type UnitOfWork<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

/** Repositories of a module, built over the database or over one transaction. */
export type RepositoryBundle<R> = (db: Kysely<DB>) => R;

export function unitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  return (work) => db.transaction().execute((trx) => work(build(trx)));
}

/** A module's repositories over the database, plus the same bundle inside a transaction. */
export function repositories<R>(
  db: Database,
  build: RepositoryBundle<R>,
  opts: { groupCommit?: boolean } = {},
): { repos: R; inTransaction: UnitOfWork<R> } {
  return {
    repos: build(db),
    inTransaction: opts.groupCommit ? groupCommitUnitOfWork(db, build) : unitOfWork(db, build),
  };
}

/** At most this many units of work share one SQLite commit. */
export const GROUP_COMMIT_MAX = 200;

type Job = {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
const committers = new WeakMap<Database, (job: Job) => void>();

/**
 * Group commit for SQLite (issue 11): one writer and a synchronous disk flush per COMMIT make the flush the limit
 * of the clock path. Units of work that arrive together run one after another in ONE transaction, each inside its
 * own SAVEPOINT: a unit that throws is rolled back alone (its caller gets its error), the others are kept. Every
 * caller is answered only after the shared COMMIT returned, so an answered unit is as durable as with its own
 * transaction; if the COMMIT fails, every unit of the group gets the error. A lone unit runs as a plain
 * transaction. PostgreSQL has many connections and groups concurrent commits itself: there it is unitOfWork.
 */
export function groupCommitUnitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return unitOfWork(db, build);
  let enqueue = committers.get(db);
  if (!enqueue) committers.set(db, (enqueue = committer(db)));
  const add = enqueue;
  return <T>(work: (repos: R) => Promise<T>) =>
    new Promise<T>((resolve, reject) =>
      add({ work: (trx) => work(build(trx)), resolve: resolve as (v: unknown) => void, reject }),
    );
}

function committer(db: Database) {
  const queue: Job[] = [];
  let scheduled = false;
  const run = async () => {
    while (queue.length) {
      const group = queue.splice(0, GROUP_COMMIT_MAX);
      await commitGroup(db, group);
    }
    scheduled = false;
  };
  return (job: Job) => {
    queue.push(job);
    if (scheduled) return;
    scheduled = true;
    // After the current I/O callbacks: requests parsed together reach their unit of work before the group starts.
    setImmediate(() => void run());
  };
}

// Precompiled: these run twice per unit of a group.
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release savepoint unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint unit');

async function commitGroup(db: Database, group: Job[]) {
  if (group.length === 1) {
    const [job] = group;
    await db.transaction().execute(job.work).then(job.resolve, job.reject);
    return;
  }
  let outcomes: { ok: boolean; value: unknown }[];
  try {
    outcomes = await db.transaction().execute(async (trx) => {
      const done: { ok: boolean; value: unknown }[] = [];
      for (const job of group) {
        await trx.executeQuery(SAVEPOINT);
        try {
          const value = await job.work(trx);
          await trx.executeQuery(RELEASE);
          done.push({ ok: true, value });
        } catch (e) {
          await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
          done.push({ ok: false, value: e });
        }
      }
      return done;
    });
  } catch (e) {
    for (const job of group) job.reject(e);
    return;
  }
  group.forEach((job, i) =>
    outcomes[i].ok ? job.resolve(outcomes[i].value) : job.reject(outcomes[i].value),
  );
}
