import type { Kysely } from 'kysely';
import { inLedger } from './ledger';
import type { DB } from './schema';

// How the units of one group commit (unit-of-work.ts) run inside their shared transaction: one after another, or
// side by side with their writes of one kind made as one statement (writeInBatch); rows written once for the
// group (writeWithGroup); and the work the group does once for all (GroupPrepare). group-commit.ts commits them.

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

/** A unit of work waiting in a lane for its group (groupCommitUnitOfWork), and how its caller is answered. */
export type Job = {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  key?: number;
  prepare?: GroupPrepare;
  batched?: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};

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
export async function runUnits(trx: Kysely<DB>, group: Job[], sideBySide = false): Promise<unknown[]> {
  const scope: GroupScope = { deferred: new Map() };
  groupScopes.set(trx, scope);
  try {
    // The ledger's entries of every unit (and of the deferred rows) appended once, after them (db/ledger.ts).
    return await inLedger(trx, async () => {
      if (group.length > 1) await prepareGroup(trx, group);
      const done = sideBySide ? await runSideBySide(trx, scope, group) : await runInTurn(trx, group);
      try {
        for (const d of scope.deferred.values()) if (d.rows.length) await d.write(trx, d.rows);
      } catch (e) {
        // Whose row it was is unknown.
        throw new UnitFailed(e);
      }
      return done;
    }).catch((e: unknown) => {
      // A failed append of the entries fails the group like a failed deferred write.
      throw e instanceof UnitFailed ? e : new UnitFailed(e);
    });
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
export class UnitFailed extends Error {
  /** `index`: the place in its group of the unit that threw, when one did (runInTurn). */
  constructor(
    readonly error: unknown,
    readonly index?: number,
  ) {
    super('a unit of the group failed');
  }
}
