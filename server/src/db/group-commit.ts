import { CompiledQuery, SqliteAdapter } from 'kysely';
import { type Database, poolMax, walFlushOf } from './database';
import { type Job, runUnits, UnitFailed } from './group-units';

// Group commit's lanes and COMMITs (groupCommitUnitOfWork in unit-of-work.ts): which units share a group, how a
// group's transaction commits on SQLite and on PostgreSQL, and how its units run again when one of them failed.

/** At most this many units of work share one commit. */
export const GROUP_COMMIT_MAX = 200;
const committers = new WeakMap<Database, ReturnType<typeof committer>>();

/** The lanes of the database's group commits, made on first use and shared by every module's unit of work. */
export function committerOf(db: Database) {
  let enqueue = committers.get(db);
  if (!enqueue) committers.set(db, (enqueue = committer(db)));
  return enqueue;
}

/**
 * PostgreSQL lanes (PG_CLOCK_LANES, default 2, at most half the pool so lookups outside the transactions still find
 * a connection). A group writes all its punches in a few statements however many it holds, so fewer lanes make
 * larger groups and fewer statements a punch (bench/clock.ts, PG_POOL_MAX 2/4/10 for 1/2/5 lanes: 2,302–2,578,
 * 2,247–2,576 and 1,587–1,913 req/s, p99 35–36, 40–42 and 53–63 ms); two rather than one so that a group waiting
 * on an employee's lock (held by a sync batch or a manual edit) holds up half the punches, not all.
 */
export const laneCount = () => {
  const most = Math.max(1, Math.floor(poolMax() / 2));
  return Math.min(most, Number(process.env.PG_CLOCK_LANES) || 2);
};

function committer(db: Database) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const lanes = Array.from({ length: sqlite ? 1 : laneCount() }, () => lane(db, sqlite));
  return {
    grouped: (key: number | undefined) => sqlite || key !== undefined,
    push: (key: number | undefined, job: Job) => lanes[sqlite ? 0 : Math.abs(key ?? 0) % lanes.length](job),
  };
}

function lane(db: Database, sqlite: boolean) {
  const queue: Job[] = [];
  let scheduled = false;
  const run = async () => {
    while (queue.length) {
      if (sqlite) await commitGroup(db, queue.splice(0, GROUP_COMMIT_MAX));
      else await commitGroupPostgres(db, takeGroup(queue));
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

/**
 * PostgreSQL: the next group of a lane's queue: up to GROUP_COMMIT_MAX units in their order, but one batched unit a
 * key (batched units run side by side, so they must touch different employees). A batched unit whose key is
 * already in the group stays in line for the next one, so one employee's punches still run in their order.
 */
function takeGroup(queue: Job[]): Job[] {
  const group: Job[] = [];
  const rest: Job[] = [];
  const keys = new Set<number | undefined>();
  for (const job of queue) {
    if (group.length < GROUP_COMMIT_MAX && !(job.batched && keys.has(job.key))) {
      if (job.batched) keys.add(job.key);
      group.push(job);
    } else rest.push(job);
  }
  queue.splice(0, queue.length, ...rest);
  return group;
}

// Precompiled: these run for every group.
const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SYNC_NORMAL = CompiledQuery.raw('pragma synchronous = normal');
const SYNC_FULL = CompiledQuery.raw('pragma synchronous = full');

/**
 * SQLite. The group's transaction commits with synchronous=NORMAL (no disk flush inside COMMIT), set for it alone
 * on the connection it holds (every other transaction keeps FULL); its units are answered once a flush of the
 * log that began after the COMMIT has ended (walFlushOf). That flush runs on a worker thread, so the main thread
 * serves requests and runs the next group meanwhile, instead of waiting for the disk in every COMMIT.
 */
async function commitGroup(db: Database, group: Job[]) {
  const flush = walFlushOf(db);
  let values: unknown[];
  try {
    values = flush
      ? await db.connection().execute(async (conn) => {
          await conn.executeQuery(SYNC_NORMAL);
          try {
            await conn.executeQuery(BEGIN);
            try {
              const done = await runUnits(conn, group);
              await conn.executeQuery(COMMIT);
              return done;
            } catch (e) {
              await conn.executeQuery(ROLLBACK).catch(() => undefined);
              throw e;
            }
          } finally {
            await conn.executeQuery(SYNC_FULL);
          }
        })
      : await db.transaction().execute((trx) => runUnits(trx, group));
  } catch (e) {
    if (e instanceof UnitFailed) await rerunAround(db, group, e);
    else for (const job of group) job.reject(e);
    return;
  }
  const settle = () => group.forEach((job, i) => job.resolve(values[i]));
  if (!flush) return settle();
  // Not awaited: the lane goes on with the next group while the disk flushes. A failed flush answers the
  // group's units with its error (their rows may be kept: a retry with the same client id finds them).
  void flush().then(settle, (e) => group.forEach((job) => job.reject(e)));
}

async function commitGroupPostgres(db: Database, group: Job[]) {
  if (group.length === 1) {
    const [job] = group;
    await db.transaction().execute(job.work).then(job.resolve, job.reject);
    return;
  }
  let values: unknown[];
  try {
    const sideBySide = group.every((job) => job.batched);
    values = await db.transaction().execute((trx) => runUnits(trx, group, sideBySide));
  } catch (e) {
    if (!(e instanceof UnitFailed)) {
      // The COMMIT (or BEGIN) failed: whether it took effect is unknown, so nothing runs again.
      for (const job of group) job.reject(e);
      return;
    }
    await runAlone(db, group, e);
    return;
  }
  group.forEach((job, i) => job.resolve(values[i]));
}

/**
 * Nothing of the group was kept: each unit again, alone in its own transaction, answers for itself. A group of
 * one answers its error at once.
 */
async function runAlone(db: Database, group: Job[], failed: UnitFailed) {
  if (group.length === 1) return group[0].reject(failed.error);
  for (const job of group) await db.transaction().execute(job.work).then(job.resolve, job.reject);
}

/**
 * SQLite, after a unit threw: the units before it again as a group, it alone (its own answer), then the units after
 * it as a group, in their order. Alone, each unit would COMMIT with its own disk flush on the main thread (up to
 * GROUP_COMMIT_MAX of them in a row, every request waiting); this way the others keep the group's flush off the
 * thread. Without the failing unit's place (the group's deferred rows failed), each runs alone.
 */
async function rerunAround(db: Database, group: Job[], failed: UnitFailed) {
  const i = failed.index;
  if (group.length === 1 || i === undefined) return runAlone(db, group, failed);
  if (i > 0) await commitGroup(db, group.slice(0, i));
  const job = group[i];
  await db.transaction().execute(job.work).then(job.resolve, job.reject);
  if (i + 1 < group.length) await commitGroup(db, group.slice(i + 1));
}
