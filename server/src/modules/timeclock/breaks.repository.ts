import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, OpenBreaksTable } from '../../db/schema';

export type OpenBreakRow = Selectable<OpenBreaksTable>;
export type NewOpenBreak = Omit<Insertable<OpenBreaksTable>, 'account_id'>;

/**
 * Breaks started and not yet ended (open_breaks, migration 025), every call scoped to the account. An open break
 * counts only while its shift is still the employee's open shift (`current`): a shift closed some other way (a
 * manager's edit, a delete) leaves a stale row, which the next Start Break replaces.
 */
export function breaksRepository(db: Kysely<DB>) {
  const stillOpen = (accountId: number) =>
    db
      .selectFrom('open_breaks as b')
      .innerJoin('punches as p', 'p.id', 'b.shift_id')
      .selectAll('b')
      .where('b.account_id', '=', accountId)
      .where('p.account_id', '=', accountId)
      .where('p.time_out', 'is', null)
      .where('p.deleted_at', 'is', null);

  return {
    /** The employee's open break inside their open shift, if any. */
    current: (accountId: number, employeeRef: number) =>
      stillOpen(accountId).where('b.employee_ref', '=', employeeRef).executeTakeFirst(),

    /** The open breaks of these employees (the roster and sync batches read them at once). */
    currentOf: async (accountId: number, employeeRefs: number[]) =>
      employeeRefs.length ? stillOpen(accountId).where('b.employee_ref', 'in', employeeRefs).execute() : [],

    /** Every open break of the account (people on a break now: few); a sync batch reads them around its clock-outs. */
    inAccount: (accountId: number) => stillOpen(accountId).execute(),

    /** The open break a Start Break's client id made, stale or not. */
    byClientId: (accountId: number, clientId: string) =>
      db
        .selectFrom('open_breaks')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),

    /**
     * Opens a break. Any row the employee still has (a stale one, its shift closed another way) goes first; a
     * replayed client id writes nothing and answers undefined (the unique index decides, without raising).
     */
    async open(accountId: number, row: NewOpenBreak) {
      await db
        .deleteFrom('open_breaks')
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', row.employee_ref)
        .execute();
      return db
        .insertInto('open_breaks')
        .values({ ...row, account_id: accountId })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Removes an ended break; answers whether this call removed it (two ends racing: only one does). */
    async remove(accountId: number, id: number): Promise<boolean> {
      const gone = await db
        .deleteFrom('open_breaks')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(gone.numDeletedRows) > 0;
    },
  };
}
export type BreaksRepository = ReturnType<typeof breaksRepository>;
