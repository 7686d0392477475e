import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, OpenBreaksTable } from '../../db/schema';

export type OpenBreakRow = Selectable<OpenBreaksTable>;
export type NewOpenBreak = Omit<Insertable<OpenBreaksTable>, 'account_id'>;

/** The open breaks a group commit read for its clock-outs (prepareGroup), by its transaction and employee. */
const groupReads = new WeakMap<Kysely<DB>, Map<number, { accountId: number; row?: OpenBreakRow }>>();

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
    /**
     * The employee's open break inside their open shift, if any: what the group read for them (prepareGroup),
     * taken once, or asked now.
     */
    async current(accountId: number, employeeRef: number) {
      const read = groupReads.get(db);
      const mine = read?.get(employeeRef);
      if (mine && mine.accountId === accountId) {
        read!.delete(employeeRef);
        return mine.row;
      }
      return stillOpen(accountId).where('b.employee_ref', '=', employeeRef).executeTakeFirst();
    },

    /**
     * Before a group commit's clock-outs run, after the group locked their employees (so nothing changes their
     * breaks before each takes its answer): their open breaks, one statement an account.
     */
    async prepareGroup(clockOuts: { accountId: number; employeeRef: number }[]): Promise<void> {
      const read = new Map<number, { accountId: number; row?: OpenBreakRow }>();
      for (const accountId of new Set(clockOuts.map((p) => p.accountId))) {
        const refs = clockOuts.filter((p) => p.accountId === accountId).map((p) => p.employeeRef);
        for (const ref of refs) read.set(ref, { accountId });
        for (const row of await stillOpen(accountId).where('b.employee_ref', 'in', refs).execute())
          read.set(row.employee_ref, { accountId, row });
      }
      groupReads.set(db, read);
    },

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
