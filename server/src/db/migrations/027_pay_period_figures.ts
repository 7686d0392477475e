import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * An approved pay period's stored figures (docs/RULES.md#stored-figures-of-an-approved-period): what its Payroll
 * Summary and Timesheet are answered from, so they read the same after employees are renamed, moved or deleted
 * and rates or pay rules change for later days. Written with the approval in one transaction, deleted on reopening.
 *
 * pay_period_figures: one row an employee and day of the period, the employee as they were (their code, name and
 * department; employee_ref is no foreign key: the figures outlive the employee) with `position` their place in
 * the report's name order, the period's hourly rate (null where it changed within the period) and the day's pay
 * figures (minutes and cents) as the pay pipeline made them.
 *
 * pay_period_punches: the Timesheet's punch lines of the period as shown then (rounded when the account showed
 * rounded times), in order (`position`).
 *
 * pay_periods.figures_at: when the figures were stored (the approval's instant; null: none, the period is
 * computed live), the time its files carry.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'pay_period_figures')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('employee_ref', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('dp_name', 'text', (c) => c.notNull())
    .addColumn('rate_cents', 'integer')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('worked', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull())
    .addColumn('regular', 'integer', (c) => c.notNull())
    .addColumn('overtime', 'integer', (c) => c.notNull())
    .addColumn('double_time', 'integer', (c) => c.notNull())
    .addColumn('premium_cents', 'integer', (c) => c.notNull())
    .addColumn('gross_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_period_figures_one')
    .unique()
    .on('pay_period_figures')
    .columns(['account_id', 'start_date', 'employee_ref', 'date'])
    .execute();

  await table(db, 'pay_period_punches')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('employee_ref', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('time_in', 'text')
    .addColumn('time_out', 'text')
    .addColumn('hours', 'integer')
    .execute();
  await db.schema
    .createIndex('pay_period_punches_one')
    .unique()
    .on('pay_period_punches')
    .columns(['account_id', 'start_date', 'position'])
    .execute();

  await db.schema.alterTable('pay_periods').addColumn('figures_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('pay_periods').dropColumn('figures_at').execute();
  await db.schema.dropTable('pay_period_punches').execute();
  await db.schema.dropTable('pay_period_figures').execute();
}
