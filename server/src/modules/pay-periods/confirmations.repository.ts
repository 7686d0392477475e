import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import type { DB } from '../../db/schema';
import { withinReach } from '../../db/reach';
import { ofAccount } from '../../db/account-join';

/**
 * Timesheet confirmations' SQL (migration 029, docs/RULES.md#pay-periods), every call scoped to the account: the
 * account's option, an employee's confirmations and the confirmations of listed periods.
 */
export function confirmationsRepository(db: Kysely<DB>) {
  return {
    /** Whether the account's employees confirm their timesheet. */
    async option(accountId: number): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('employees_confirm_timesheet')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row?.employees_confirm_timesheet === 1;
    },

    async setOption(accountId: number, on: boolean): Promise<void> {
      await db
        .updateTable('accounts')
        .set({ employees_confirm_timesheet: on ? 1 : 0 })
        .where('id', '=', accountId)
        .execute();
    },

    /**
     * The employee's confirmation of the period: a new row, or the one already there (confirming twice keeps the
     * first; the unique account, start and employee). Answers when it was confirmed and whether this call did it.
     */
    async confirm(
      accountId: number,
      row: {
        start_date: string;
        end_date: string;
        employee_ref: number;
        confirmed_by: number;
        confirmed_at: string;
      },
    ): Promise<{ confirmed_at: string; added: boolean }> {
      const inserted = await db
        .insertInto('pay_period_confirmations')
        .values({ account_id: accountId, ...row })
        .onConflict((oc) => oc.columns(['account_id', 'start_date', 'employee_ref']).doNothing())
        .executeTakeFirst();
      const stored = await db
        .selectFrom('pay_period_confirmations')
        .select('confirmed_at')
        .where('account_id', '=', accountId)
        .where('start_date', '=', row.start_date)
        .where('employee_ref', '=', row.employee_ref)
        .executeTakeFirstOrThrow();
      return { confirmed_at: stored.confirmed_at, added: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /** One employee's confirmations of the periods starting on `starts`. */
    ofEmployee: (accountId: number, employeeRef: number, starts: readonly string[]) =>
      db
        .selectFrom('pay_period_confirmations')
        .select(['start_date', 'confirmed_at'])
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .where('start_date', 'in', [...starts, ''])
        .execute(),

    /**
     * The confirmations of the periods starting on `starts`, of the employees the caller reaches (one query for the
     * whole list), by period then name.
     */
    ofPeriods: (accountId: number, starts: readonly string[], reach: DepartmentReach) =>
      withinReach(
        db
          .selectFrom('pay_period_confirmations as c')
          .innerJoin('employees as e', ofAccount('e', 'c.employee_ref', accountId))
          .select([
            'c.start_date',
            'c.employee_ref',
            'e.employee_id',
            'e.name as employee_name',
            'c.confirmed_at',
          ])
          .where('c.account_id', '=', accountId)
          .where('c.start_date', 'in', [...starts, ''])
          .orderBy('c.start_date')
          .orderBy('e.name')
          .orderBy('c.employee_ref'),
        reach,
        'e.department_id',
      ).execute(),
  };
}
export type ConfirmationsRepository = ReturnType<typeof confirmationsRepository>;
