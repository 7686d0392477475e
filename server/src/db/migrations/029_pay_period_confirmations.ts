import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * Employees confirm their timesheet (docs/RULES.md#pay-periods, "Timesheet confirmations").
 *
 * accounts.employees_confirm_timesheet: 1 when the account asks its employees to confirm their pay periods
 * (set by the owner and full administrators; 0 by default, the option is off).
 *
 * pay_period_confirmations: an employee's confirmation of their days in the pay period starting on `start_date`
 * (a local day of the account, YYYY-MM-DD like pay_periods.start_date); one an account, period start and
 * employee (unique), so confirming twice keeps the first.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('employees_confirm_timesheet', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table(db, 'pay_period_confirmations')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('employee_ref', 'integer', (c) => ref('employees.id')(c).notNull())
    .addColumn('confirmed_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_period_confirmations_one')
    .unique()
    .on('pay_period_confirmations')
    .columns(['account_id', 'start_date', 'employee_ref'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('pay_period_confirmations').execute();
  await db.schema.alterTable('accounts').dropColumn('employees_confirm_timesheet').execute();
}
