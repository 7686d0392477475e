import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * An approved pay period's stored figures (docs/RULES.md#stored-figures-of-an-approved-period): its Payroll Summary
 * and Timesheet lines as the reports computed them when it was approved, what they are answered from afterwards,
 * so they read the same after employees are renamed, moved or deleted and rates or pay rules change for later
 * days. Written with the approval in one transaction, deleted on reopening.
 *
 * pay_period_figures: one line of one of those reports: Payroll Summary's line of an employee (their period's
 * minutes and cents), Timesheet's line of a punch (its day's figures on the day's last line) or adjustment, in
 * order (`position`); `cells` the line's cells as JSON text, the employee as they were; `employee_ref` (no foreign
 * key: the figures outlive the employee) and `department_id` the employee's then, which decide who sees the line.
 * The line without an employee (position -1) is the report's totals over the whole account.
 *
 * pay_periods.figures_at: when the figures were stored (the approval's instant; null: none, the period is
 * computed live), the time its files carry.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'pay_period_figures')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('employee_ref', 'integer')
    .addColumn('department_id', 'integer')
    .addColumn('cells', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_period_figures_one')
    .unique()
    .on('pay_period_figures')
    .columns(['account_id', 'start_date', 'report', 'position'])
    .execute();

  await db.schema.alterTable('pay_periods').addColumn('figures_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('pay_periods').dropColumn('figures_at').execute();
  await db.schema.dropTable('pay_period_figures').execute();
}
