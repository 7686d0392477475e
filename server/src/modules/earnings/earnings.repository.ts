import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { periodRepository } from '../time/period.repository';

/** What earnings read: one employee of the account (by record id or Employee ID) and the engine's period source. */
export function earningsRepository(db: Kysely<DB>) {
  const employee = () =>
    db
      .selectFrom('employees')
      .select(['id', 'employee_id', 'name', 'hourly_rate_cents', 'department_id'])
      .where('deleted_at', 'is', null);
  return {
    /** The same period source the reports call (modules/time/period.repository.ts). */
    ...periodRepository(db),

    employeeById: (accountId: number, id: number) =>
      employee().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),

    employeeByCode: (accountId: number, code: string) =>
      employee().where('account_id', '=', accountId).where('employee_id', '=', code).executeTakeFirst(),
  };
}
export type EarningsRepository = ReturnType<typeof earningsRepository>;
