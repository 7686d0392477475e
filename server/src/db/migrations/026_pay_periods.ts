import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * Pay periods (docs/RULES.md#pay-periods). Days are the account's local days, YYYY-MM-DD text like
 * punches.work_date; instants ISO 8601 UTC text.
 *
 * pay_period_schedules: the account's period settings, one row a change. A change applies from the first day after
 * the last approved period (`applies_from`; null: from the start, when nothing was approved), so an approved
 * period keeps its bounds; rows from that day on are replaced by the new one.
 *
 * pay_periods: a period that was approved (and perhaps reopened since): its bounds as they were approved, who
 * approved it and when, the checksum of its Payroll Summary CSV then, and the last reopening with its reason.
 * One row an account and start day (unique): of concurrent approvals one writes the row, the others find it.
 *
 * pay_period_reviews: a department-scoped administrator's "reviewed" mark on a period for one of their
 * departments; one an account, period start and department.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'pay_period_schedules')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('applies_from', 'text')
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('anchor_date', 'text', (c) => c.notNull())
    .addColumn('forgotten_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .execute();
  await db.schema
    .createIndex('pay_period_schedules_account')
    .on('pay_period_schedules')
    .columns(['account_id', 'applies_from'])
    .execute();

  await table(db, 'pay_periods')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('approved_at', 'text')
    .addColumn('checksum', 'text')
    .addColumn('reopened_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('reopened_at', 'text')
    .addColumn('reopen_reason', 'text')
    .execute();
  await db.schema
    .createIndex('pay_periods_start')
    .unique()
    .on('pay_periods')
    .columns(['account_id', 'start_date'])
    .execute();
  await db.schema
    .createIndex('pay_periods_end')
    .on('pay_periods')
    .columns(['account_id', 'end_date'])
    .execute();

  await table(db, 'pay_period_reviews')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => ref('departments.id')(c).notNull())
    .addColumn('reviewed_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_period_reviews_one')
    .unique()
    .on('pay_period_reviews')
    .columns(['account_id', 'start_date', 'department_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('pay_period_reviews').execute();
  await db.schema.dropTable('pay_periods').execute();
  await db.schema.dropTable('pay_period_schedules').execute();
}
