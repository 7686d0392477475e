import type { Kysely } from 'kysely';
import type { Database } from './database';
import { committerOf } from './group-commit';
import type { GroupPrepare } from './group-units';
import { inLedger } from './ledger';
import type { DB } from './schema';

export { GROUP_COMMIT_MAX, laneCount } from './group-commit';
export { type GroupPrepare, writeInBatch, writeWithGroup } from './group-units';

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

/** Repositories of a module, built over the database or over one transaction. */
export type RepositoryBundle<R> = (db: Kysely<DB>) => R;

export function unitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  // The ledger's entries of the unit's writes are appended before its COMMIT (db/ledger.ts).
  return (work) => db.transaction().execute((trx) => inLedger(trx, () => work(build(trx))));
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
 * their INSERTs and UPDATEs go as one statement a kind (writeInBatch): a group of clock-ins and -outs costs the
 * same statements however many it holds (docs/ARCHITECTURE.md "Group commit" lists them).
 */
export function groupCommitUnitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  const add = committerOf(db);
  const alone = unitOfWork(db, build);
  // The units of a group share its transaction, so they share one bundle over it (repositories keep no state of
  // their own, only what they key by the handle): built once a group, not once a unit.
  const bundles = new WeakMap<Kysely<DB>, R>();
  const bundleOf = (trx: Kysely<DB>) => {
    let bundle = bundles.get(trx);
    if (!bundle) bundles.set(trx, (bundle = build(trx)));
    return bundle;
  };
  return <T>(work: (repos: R) => Promise<T>, opts?: UnitOptions) =>
    add.grouped(opts?.key)
      ? new Promise<T>((resolve, reject) =>
          add.push(opts?.key, {
            // Alone (a group of one, or again after its group failed) it appends its ledger entries itself;
            // in a group, runUnits appends the group's once.
            work: (trx) => inLedger(trx, () => work(bundleOf(trx))),
            key: opts?.key,
            prepare: opts?.prepare,
            batched: opts?.batched,
            resolve: resolve as (v: unknown) => void,
            reject,
          }),
        )
      : alone(work);
}
