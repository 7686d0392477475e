import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { adjustmentsRepository } from '../adjustments/adjustments.repository';
import { periodRepository } from '../time/period.repository';

/** What earnings read: one employee of the account (by record id or Employee ID) and the engine's period source. */
export function earningsRepository(db: Kysely<DB>) {
  const employee = () =>
    db.selectFrom('employees').select(['id', 'employee_id', 'name', 'hourly_rate_cents', 'department_id']);
  return {
    /** The same period source the reports call (modules/time/period.repository.ts). */
    ...periodRepository(db),
    /** Adjustments paid on the period's days (docs/RULES.md#adjustments). */
    paidAdjustments: adjustmentsRepository(db).paidBetween,

    /**
     * By record id, a deleted employee too: the reports still pay the days they worked, so their earnings and
     * hours stay readable (their login is closed, so only a manager asks).
     */
    employeeById: (accountId: number, id: number) =>
      employee().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    /** By Employee ID, current employees only: a deleted employee's code is free for someone else. */
    employeeByCode: (accountId: number, code: string) =>
      employee()
        .where('account_id', '=', accountId)
        .where('employee_id', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
  };
}
export type EarningsRepository = ReturnType<typeof earningsRepository>;
