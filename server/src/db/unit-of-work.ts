import { CompiledQuery, type Kysely, SqliteAdapter } from 'kysely';
import { type Database, poolMax, walFlushOf } from './database';
import type { DB } from './schema';

/**
 * Runs work in one database transaction with a module's repositories bound to it, so a change and the
 * activity-log row that records it commit together (or not at all). Services get this instead of `db`.
 */
export type UnitOfWork<R> = <T>(work: (repos: R) => Promise<T>, opts?: UnitOptions) => Promise<T>;

export interface UnitOptions {
  /**
   * Group commit on PostgreSQL: units with the same key (the employee a punch is for) share a lane, so two
   * lanes never wait on each other's row locks. A unit without a key runs in its own transaction there.
   */
  key?: number;
  /** Work a group does once for all its units, before the first runs (GroupPrepare). */
  prepare?: GroupPrepare;
  /**
   * PostgreSQL: the unit's own statements, after its group's prepare, are writes it hands to the group
   * (writeInBatch), so the group's units run side by side and their writes of one kind go as one statement.
   * A group then holds one unit a key (the others wait for the next group).
   */
  batched?: boolean;
}

/**
 * A step many units of a group would each take, taken once for the group (one statement instead of one a unit):
 * `run` gets the group's transaction and the `arg` of every unit of the group that names the same `run`. Only
 * for groups of more than one unit; a unit must give the same answers with or without it (a unit run alone, or
 * again after its group failed, has none).
 */
export interface GroupPrepare<A = unknown> {
  // A method, so a GroupPrepare of any argument type is a GroupPrepare.
  run(trx: Kysely<DB>, args: A[]): Promise<void>;
  arg: A;
}

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

/** Rows of one kind that a group's units asked to write, and how to write them all at once. */
type Deferred = { rows: unknown[]; write: (trx: Kysely<DB>, rows: unknown[]) => Promise<void> };

/** Writes of one kind that side-by-side units are waiting on (writeInBatch), and how to write them at once. */
type Batch = {
  rows: unknown[];
  waiting: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[];
  write: (trx: Kysely<DB>, rows: unknown[]) => Promise<unknown[]>;
};

/** A group whose units run side by side: how many have not ended, and the writes they wait on. */
type SideBySide = { running: number; waiting: number; batches: Map<string, Batch>; failed: boolean };

/** What the group transaction running on a handle (its transaction or connection) collects from its units. */
type GroupScope = { deferred: Map<string, Deferred>; side?: SideBySide };
const groupScopes = new WeakMap<Kysely<DB>, GroupScope>();

/**
 * Writes `row` now, or, inside a group commit, together with the same kind of rows of the group's other units in
 * one multi-row statement just before the group's COMMIT (a unit that fails takes its rows with it). For rows
 * nothing in the unit reads back: the activity row of a punch (one statement a punch fewer).
 */
export async function writeWithGroup<Row>(
  db: Kysely<DB>,
  kind: string,
  row: Row,
  write: (trx: Kysely<DB>, rows: Row[]) => Promise<void>,
): Promise<void> {
  const scope = groupScopes.get(db)?.deferred;
  if (!scope) return write(db, [row]);
  let deferred = scope.get(kind);
  if (!deferred) scope.set(kind, (deferred = { rows: [], write: write as Deferred['write'] }));
  deferred.rows.push(row);
}

/**
 * A write whose answer the unit needs (the row it wrote). Alone, `one` writes it now. In a group of side-by-side
 * units (UnitOptions.batched) it waits until every unit of the group is waiting on a write or has ended; then the
 * rows of each kind go to `many` in one statement, which answers each row's result in the rows' order.
 */
export function writeInBatch<Row, Out>(
  db: Kysely<DB>,
  kind: string,
  row: Row,
  write: {
    one: (db: Kysely<DB>, row: Row) => Promise<Out | undefined>;
    many: (trx: Kysely<DB>, rows: Row[]) => Promise<(Out | undefined)[]>;
  },
): Promise<Out | undefined> {
  const side = groupScopes.get(db)?.side;
  if (!side) return write.one(db, row);
  if (side.failed) return Promise.reject(new Error('another unit of the group failed'));
  return new Promise((resolve, reject) => {
    let batch = side.batches.get(kind);
    if (!batch)
      side.batches.set(kind, (batch = { rows: [], waiting: [], write: write.many as Batch['write'] }));
    batch.rows.push(row);
    batch.waiting.push({ resolve: resolve as (v: unknown) => void, reject });
    side.waiting++;
    writeWhenAllWait(db, side);
  });
}

/** Once every running unit waits on a write: the waiting writes, one statement a kind, each unit answered. */
function writeWhenAllWait(trx: Kysely<DB>, side: SideBySide) {
  if (side.waiting === 0 || side.waiting < side.running) return;
  const batches = [...side.batches.values()];
  side.batches = new Map();
  side.waiting = 0;
  void (async () => {
    for (const b of batches) {
      try {
        const out = await b.write(trx, b.rows);
        b.waiting.forEach((w, i) => w.resolve(out[i]));
      } catch (e) {
        b.waiting.forEach((w) => w.reject(e));
      }
    }
  })();
}

/** A unit of a side-by-side group failed: nothing more is written for the group, which is rolled back. */
function failSideBySide(side: SideBySide, e: unknown) {
  side.failed = true;
  for (const b of side.batches.values()) for (const w of b.waiting) w.reject(e);
  side.batches = new Map();
  side.waiting = 0;
}

/**
 * Runs a group's units on `trx`, one after another or (sideBySide) all at once with their writes batched, with
 * their deferred rows collected and written after the last one (inside the transaction). A unit that throws, or a failed write of the deferred rows, fails the group
 * (UnitFailed): the caller rolls it back and runs each unit again alone (runAlone).
 */
async function runUnits(trx: Kysely<DB>, group: Job[], sideBySide = false): Promise<unknown[]> {
  const scope: GroupScope = { deferred: new Map() };
  groupScopes.set(trx, scope);
  try {
    if (group.length > 1) await prepareGroup(trx, group);
    const done = sideBySide ? await runSideBySide(trx, scope, group) : await runInTurn(trx, group);
    try {
      for (const d of scope.deferred.values()) if (d.rows.length) await d.write(trx, d.rows);
    } catch (e) {
      // Whose row it was is unknown.
      throw new UnitFailed(e);
    }
    return done;
  } finally {
    groupScopes.delete(trx);
  }
}

/** The group's units one after another. */
async function runInTurn(trx: Kysely<DB>, group: Job[]): Promise<unknown[]> {
  const done: unknown[] = [];
  for (const [i, job] of group.entries()) {
    try {
      done.push(await job.work(trx));
    } catch (e) {
      throw new UnitFailed(e, i);
    }
  }
  return done;
}

/**
 * The group's units all started at once (one a key: they touch different employees), their writes made together
 * (writeInBatch). Every unit has ended before this returns, so none sends a statement after the group's end.
 */
async function runSideBySide(trx: Kysely<DB>, scope: GroupScope, group: Job[]): Promise<unknown[]> {
  const side: SideBySide = { running: group.length, waiting: 0, batches: new Map(), failed: false };
  scope.side = side;
  const ended = () => {
    side.running--;
    writeWhenAllWait(trx, side);
  };
  const results = await Promise.allSettled(
    group.map(async (job) => {
      try {
        return await job.work(trx);
      } catch (e) {
        if (!side.failed) failSideBySide(side, e);
        throw e;
      } finally {
        ended();
      }
    }),
  );
  scope.side = undefined;
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw new UnitFailed((failed as PromiseRejectedResult).reason);
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value);
}

/** Runs each GroupPrepare of the group's units once, with the args of the units naming it. */
async function prepareGroup(trx: Kysely<DB>, group: Job[]) {
  const steps = new Map<GroupPrepare['run'], unknown[]>();
  for (const { prepare } of group) {
    if (!prepare) continue;
    const args = steps.get(prepare.run);
    if (args) args.push(prepare.arg);
    else steps.set(prepare.run, [prepare.arg]);
  }
  try {
    for (const [run, args] of steps) await run(trx, args);
  } catch (e) {
    throw new UnitFailed(e);
  }
}

/**
 * A unit's own error, or a failed write of deferred rows, carried out of the group's transaction (which rolls
 * back on it): each unit then runs again alone (runAlone).
 */
class UnitFailed extends Error {
  /** `index`: the place in its group of the unit that threw, when one did (runInTurn). */
  constructor(
    readonly error: unknown,
    readonly index?: number,
  ) {
    super('a unit of the group failed');
  }
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

/** At most this many units of work share one commit. */
export const GROUP_COMMIT_MAX = 200;

type Job = {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  key?: number;
  prepare?: GroupPrepare;
  batched?: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
const committers = new WeakMap<Database, ReturnType<typeof committer>>();

/**
 * Group commit (issue 11): units of work that arrive together run one after another in ONE transaction, and
 * every caller is answered only after the shared COMMIT returned, so an answered unit is as durable as with its
 * own transaction; if the COMMIT fails, every unit of the group gets the error. A lone unit runs as a plain
 * transaction. The work of a unit may run twice (see below): it must have no effect outside the database.
 *
 * A group runs its units without savepoints (two statements a unit fewer; on PostgreSQL two round trips).
 * Should one unit throw, the group is rolled back and each of its units runs again alone in its own
 * transaction, so the others are kept and the failing one answers its own error: the clock path's refusals
 * are answers, not throws, so this is the rare case.
 *
 * SQLite: one writer and a synchronous disk flush per COMMIT make the flush the limit of the clock path; the
 * flush of the log runs off the main thread (commitGroup).
 *
 * PostgreSQL: the cost of a punch is its round trips (BEGIN and COMMIT are two of them, and the flush of each
 * COMMIT). Units with a key go to one of several lanes (by key), each lane one connection at a time. Lanes by
 * key (the employee) never wait on each other's row locks; units without a key (a sync batch, which locks many
 * employees) run alone. Batched units (the live punches) run side by side, one an employee in a group, and
 * their INSERTs and UPDATEs go as one statement a kind (writeInBatch): a group of clock-ins and -outs costs
 * BEGIN, the lock, the book, one INSERT, one UPDATE, the activity rows and COMMIT, however many it holds.
 */
export function groupCommitUnitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  let enqueue = committers.get(db);
  if (!enqueue) committers.set(db, (enqueue = committer(db)));
  const add = enqueue;
  const alone = unitOfWork(db, build);
  return <T>(work: (repos: R) => Promise<T>, opts?: UnitOptions) =>
    add.grouped(opts?.key)
      ? new Promise<T>((resolve, reject) =>
          add.push(opts?.key, {
            work: (trx) => work(build(trx)),
            key: opts?.key,
            prepare: opts?.prepare,
            batched: opts?.batched,
            resolve: resolve as (v: unknown) => void,
            reject,
          }),
        )
      : alone(work);
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
