import type { Kysely, Updateable } from 'kysely';
import { softDeleteRows } from '../../db/account-rows';
import { noteRows } from '../../db/ledger';
import type { DB, PunchesTable } from '../../db/schema';
import { writeInBatch } from '../../db/unit-of-work';
import { nowIso } from '../../lib/time';
import { employeeLocksRepository } from '../employees/employee-locks.repository';
import { clockBooksRepository } from './clock-books';
import { closeShift, closeShiftOnce, insertIfFree } from './clock-statements';
import { closeShiftMany, insertIfFreeMany, insertManyPunches } from './punch-bulk';
import type { NewPunch, PunchRow, ShiftClose } from './punch-rows';
import type { PunchLookups } from './rules/validate-punch';

export type { ClockPunch, CloseValues, NewPunch, PunchRow, ShiftClose } from './punch-rows';

/**
 * Every punch query; account first. Works on the database or inside a unit of work's transaction. The clock
 * path's parts live beside it: its statements (clock-statements.ts), its many-row writes (punch-bulk.ts), what a
 * punch can meet (clock-books.ts) and the employee locks (employees/employee-locks.repository.ts).
 */
export function punchesRepository(db: Kysely<DB>) {
  const current = (accountId: number) =>
    db.selectFrom('punches').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  /** The employee's current punches: openShift and overlapping ask within them. */
  const currentOf = (accountId: number, employeeRef: number) =>
    current(accountId).where('employee_ref', '=', employeeRef);
  const locks = employeeLocksRepository(db);
  const byClientIdIn = (column: 'client_id' | 'clock_out_client_id', accountId: number, clientId: string) =>
    db
      .selectFrom('punches')
      .selectAll()
      .where('account_id', '=', accountId)
      .where(column, '=', clientId)
      .executeTakeFirst();

  const repo = {
    ...locks,
    ...clockBooksRepository(db, locks),

    /**
     * Inserts many punches with multi-row INSERTs; a replayed client id or a second open shift is skipped (only
     * the written rows are answered; punch-bulk.ts).
     */
    insertMany: (accountId: number, punches: NewPunch[]) => insertManyPunches(db, accountId, punches),

    openShift: (accountId: number, employeeRef: number) =>
      currentOf(accountId, employeeRef)
        .select(['id', 'time_in'])
        .where('time_out', 'is', null)
        .executeTakeFirst(),

    /**
     * Whether another current punch of the employee, of the same kind (work, or a Lunch/Break), overlaps
     * [from, to), an open shift counting as endless. With `to` null, whether one contains the instant `from`
     * (a clock-in landing inside another punch). Breaks are taken during work, so they may overlap work.
     */
    async overlapping(
      accountId: number,
      employeeRef: number,
      span: { from: string; to: string | null; isBreak: boolean },
      exceptId?: number,
    ): Promise<boolean> {
      const { from, to } = span;
      const row = await currentOf(accountId, employeeRef)
        .select('id')
        .where('type', span.isBreak ? '!=' : '=', 'None')
        .$if(to === null, (q) => q.where('time_in', '<=', from).where('time_out', '>', from))
        .$if(to !== null, (q) =>
          q
            .where('time_in', '<', to as string)
            .where((eb) => eb.or([eb('time_out', 'is', null), eb('time_out', '>', from)])),
        )
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
        .executeTakeFirst();
      return !!row;
    },

    /** What validatePunch asks, bound to one account. */
    lookups: (accountId: number): PunchLookups => ({
      openShift: (employeeRef) => repo.openShift(accountId, employeeRef),
      overlapping: (employeeRef, span, exceptId) => repo.overlapping(accountId, employeeRef, span, exceptId),
    }),

    find: (accountId: number, id: number) =>
      current(accountId).selectAll().where('id', '=', id).executeTakeFirst(),

    /** The punch the account's client id made, deleted or not (a clock-in's id). */
    byClientId: (accountId: number, clientId: string) => byClientIdIn('client_id', accountId, clientId),

    /** The same for a clock-out's client id. */
    byClockOutClientId: (accountId: number, clientId: string) =>
      byClientIdIn('clock_out_client_id', accountId, clientId),

    /**
     * Client ids of a sync batch the server already has (as a clock-in or a clock-out), each with the employee
     * whose punch it is; 500 ids per query.
     */
    async knownClientIds(accountId: number, ids: string[]): Promise<Map<string, number>> {
      const known = new Map<string, number>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await db
          .selectFrom('punches')
          .select(['client_id', 'clock_out_client_id', 'employee_ref'])
          .where('account_id', '=', accountId)
          .where((eb) => eb.or([eb('client_id', 'in', chunk), eb('clock_out_client_id', 'in', chunk)]))
          .execute();
        for (const r of rows) {
          known.set(r.client_id, r.employee_ref);
          if (r.clock_out_client_id) known.set(r.clock_out_client_id, r.employee_ref);
        }
      }
      return known;
    },

    /**
     * Inserts a punch. A second open shift or a replayed client id writes nothing and answers undefined instead
     * of raising (the partial unique indexes decide), so one refused row cannot abort a PostgreSQL transaction.
     */
    async insertIfFree(accountId: number, p: NewPunch): Promise<PunchRow | undefined> {
      const at = nowIso();
      return writeInBatch(
        db,
        'punch.insert',
        { ...p, account_id: accountId, created_at: at, updated_at: at },
        {
          one: async (d, row) => {
            const written = await insertIfFree(d, row);
            await noteRows(d, 'punches', 'insert', written);
            return written[0];
          },
          many: insertIfFreeMany,
        },
      );
    },

    /**
     * Closes the open shift in one conditional UPDATE: two clock-outs racing cannot both succeed. A clock-out
     * client id the account already has writes nothing and answers undefined (a replay), instead of raising on
     * the unique index and aborting a PostgreSQL transaction.
     */
    closeShift: async (
      accountId: number,
      employeeRef: number,
      out: ShiftClose,
    ): Promise<PunchRow | undefined> =>
      writeInBatch(
        db,
        'punch.close',
        { ...out, updated_at: nowIso(), account_id: accountId, employee_ref: employeeRef },
        {
          one: async (d, v) => {
            const written = await (v.clock_out_client_id ? closeShiftOnce : closeShift)(d, v);
            await noteRows(d, 'punches', 'update', written);
            return written[0];
          },
          many: closeShiftMany,
        },
      ),

    async update(accountId: number, id: number, values: Updateable<PunchesTable>) {
      const row = await db
        .updateTable('punches')
        .set({ ...values, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (row) await noteRows(db, 'punches', 'update', [row]);
      return row;
    },

    /** Soft delete: the row stays for the audit trail and counts nowhere; the ledger seals it deleted. */
    async softDelete(accountId: number, id: number) {
      await softDeleteRows(db, 'punches', accountId, [id]);
      const rows = await db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
      await noteRows(db, 'punches', 'delete', rows);
    },
  };
  return repo;
}
