import { type Kysely, PostgresAdapter } from 'kysely';
import { keepPlan } from '../../db/database';
import { anyOf } from '../../db/in-list';
import { precompiled } from '../../db/precompiled';
import type { DB } from '../../db/schema';

// Employee row locks: a writer of an employee's punches takes them first, so the overlap check and the write
// cannot interleave with another writer's. Punches' repository hands these on as its own lockEmployee(s).

/** PostgreSQL: the employee's row lock, held to the end of the transaction (lockEmployee below). */
const lockEmployee = precompiled((db, v: { accountId: number; employeeRef: number }) =>
  db
    .selectFrom('employees')
    .select('id')
    .where('account_id', '=', v.accountId)
    .where('id', '=', v.employeeRef)
    .forUpdate(),
);

/**
 * The employees a transaction has locked (lockEmployee), by its handle: the units of a group commit build their
 * own bundles over one shared transaction, whose group locked them all before the first unit ran
 * (prepareClockGroup).
 */
const lockedBy = new WeakMap<Kysely<DB>, Set<number>>();
const lockedIn = (db: Kysely<DB>) => {
  // Outside a transaction a lock ends with its statement: nothing to remember.
  if (!db.isTransaction) return new Set<number>();
  let set = lockedBy.get(db);
  if (!set) lockedBy.set(db, (set = new Set()));
  return set;
};

/** Every employee lock; account first. Works on the database or inside a unit of work's transaction. */
export function employeeLocksRepository(db: Kysely<DB>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const locked = lockedIn(db);
  return {
    /**
     * Serialises writers of one employee's punches for the rest of the transaction, so the overlap check and the
     * write cannot interleave with another writer's (PostgreSQL row lock). SQLite runs one write transaction at
     * a time on its single connection, so there it is a no-op.
     */
    async lockEmployee(accountId: number, employeeRef: number): Promise<void> {
      if (!isPostgres || locked.has(employeeRef)) return;
      locked.add(employeeRef);
      await lockEmployee(db, { accountId, employeeRef });
    },

    /** lockEmployee for a whole batch, in one query (in id order, so two batches cannot deadlock). */
    async lockEmployees(accountId: number | number[], employeeRefs: number[]): Promise<void> {
      const refs = [...new Set(employeeRefs)].filter((id) => !locked.has(id)).sort((a, b) => a - b);
      if (!isPostgres || refs.length === 0) return;
      const accounts = [...new Set([accountId].flat())];
      for (let i = 0; i < refs.length; i += 1000) {
        const chunk = refs.slice(i, i + 1000);
        await db
          .selectFrom('employees')
          .select('id')
          .where(anyOf('account_id', accounts, 'integer'))
          .where(anyOf('id', chunk, 'integer'))
          .orderBy('id')
          .forUpdate()
          .modifyEnd(keepPlan)
          .execute();
      }
      for (const id of refs) locked.add(id);
    },

    /**
     * Every employee of the account (deleted ones too), in id order: a pay period's approval waits here for the
     * punch writes already past their locked-period check, and the later ones wait for it and then find the period
     * approved (docs/RULES.md#pay-periods). A no-op on SQLite (one write transaction at a time).
     */
    async lockAccountEmployees(accountId: number): Promise<void> {
      if (!isPostgres) return;
      const rows = await db
        .selectFrom('employees')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const r of rows) locked.add(r.id);
    },
  };
}
export type EmployeeLocks = ReturnType<typeof employeeLocksRepository>;
