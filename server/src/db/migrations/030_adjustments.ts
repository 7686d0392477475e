import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * adjustments (docs/RULES.md#adjustments): a manager's correction of a day of an approved pay period. `date` is the
 * day it corrects, `paid_on` the local day it was recorded (it is paid in the pay period holding that day). The
 * rate and the multiplier (in thousandths) are those of the corrected day, and `cents` what it pays, fixed when it is recorded, so
 * a later rate or rule change never moves it. Minutes may be negative (paid minutes that were not worked).
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'adjustments')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('employee_ref', 'integer', (c) => ref('employees.id')(c).notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('pay', 'text', (c) => c.notNull())
    .addColumn('rate_cents', 'integer', (c) => c.notNull())
    .addColumn('multiplier_milli', 'integer', (c) => c.notNull())
    .addColumn('cents', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Reports read an account's adjustments by the day they are paid on; the Pay Periods screen by the day corrected.
  await db.schema
    .createIndex('adjustments_paid_on')
    .on('adjustments')
    .columns(['account_id', 'paid_on'])
    .execute();
  await db.schema.createIndex('adjustments_date').on('adjustments').columns(['account_id', 'date']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('adjustments').execute();
}
