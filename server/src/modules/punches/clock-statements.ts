import type { Insertable, Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { DB, PunchesTable } from '../../db/schema';
import type { CloseValues } from './punch-rows';

// The clock path's statements, compiled once (db/precompiled): each live punch runs clockBook and one write.

/**
 * What a live clock-in or -out at `at` can meet (punchBook), in one query: the employee's open shift, and every
 * closed punch begun by `at` that ends after `at` or after the open shift's start (a clock-out's span starts
 * there), i.e. after the earlier of the two. Index searches only: the open shift's, and the employee's punches
 * by their end (punches_employee_time_out), so the cost does not grow with the employee's history. (One
 * predicate with OR made SQLite scan every punch of the account; a search by time_in read every earlier punch
 * of the employee.)
 */
export const clockBook = precompiled((db, v: { accountId: number; employeeRef: number; at: string }) => {
  const current = () =>
    db
      .selectFrom('punches')
      .select(['id', 'employee_ref', 'time_in', 'time_out', 'type'])
      .where('account_id', '=', v.accountId)
      .where('deleted_at', 'is', null)
      .where('employee_ref', '=', v.employeeRef);
  return current()
    .where('time_out', 'is', null)
    .unionAll(
      current()
        .where('time_in', '<=', v.at)
        .where('time_out', '>', (eb) => {
          const openStart = () =>
            eb
              .selectFrom('punches as open')
              .select('open.time_in')
              .where('open.account_id', '=', v.accountId)
              .where('open.employee_ref', '=', v.employeeRef)
              .where('open.time_out', 'is', null)
              .where('open.deleted_at', 'is', null);
          // With no open shift the comparison is null: `at`.
          return eb.case().when(openStart(), '<', v.at).then(openStart()).else(v.at).end();
        }),
    );
});

/** A punch row, unless the account has its client id or the employee an open shift (a unique index). */
export const insertIfFree = precompiled((db, row: Insertable<PunchesTable>) =>
  db
    .insertInto('punches')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);

const closeShiftQuery = (db: Kysely<DB>, v: CloseValues) => {
  const { account_id, employee_ref, ...set } = v;
  return db
    .updateTable('punches')
    .set(set)
    .where('account_id', '=', account_id)
    .where('employee_ref', '=', employee_ref)
    .where('time_out', 'is', null)
    .where('deleted_at', 'is', null);
};
/** Closes the employee's open shift. */
export const closeShift = precompiled((db, v: CloseValues) => closeShiftQuery(db, v).returningAll());
/** The same, unless the account already has this clock-out client id (a replay writes nothing). */
export const closeShiftOnce = precompiled((db, v: CloseValues) =>
  closeShiftQuery(db, v)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('punches as replayed')
            .select('replayed.id')
            .where('replayed.account_id', '=', v.account_id)
            .where('replayed.clock_out_client_id', '=', v.clock_out_client_id as string),
        ),
      ),
    )
    .returningAll(),
);
