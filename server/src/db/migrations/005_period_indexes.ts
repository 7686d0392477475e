import { type Kysely, sql } from 'kysely';

/*
 * Indexes for the time engine's per-day sums in the database (modules/time/period.repository.ts):
 * - punches_account_day replaces punches_account_date (account, work_date) with the same leading columns
 *   followed by every column the sums read, so a period is summed from the index alone, in an order where
 *   grouping by employee and day needs no sort (SQLite); everything that used the old index uses its prefix;
 * - punches_breaks: the Lunch and Break punches of a period, so an account that punches no breaks costs
 *   nothing for them (a partial index: breaks are a small share of punches);
 * - punches_employee_day: one employee's work punches of one day, which each break is matched against.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('punches_account_day')
    .on('punches')
    .columns([
      'account_id',
      'work_date',
      'employee_ref',
      'deleted_at',
      'type',
      'time_in',
      'time_out',
      'late_sync',
      'deduction',
    ])
    .execute();
  await db.schema.dropIndex('punches_account_date').execute();
  await db.schema
    .createIndex('punches_breaks')
    .on('punches')
    .columns(['account_id', 'work_date'])
    .where(sql.ref('type'), '<>', 'None')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('punches_employee_day')
    .on('punches')
    .columns(['employee_ref', 'work_date', 'type'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('punches_account_date')
    .on('punches')
    .columns(['account_id', 'work_date'])
    .execute();
  await db.schema.dropIndex('punches_account_day').execute();
  await db.schema.dropIndex('punches_employee_day').execute();
  await db.schema.dropIndex('punches_breaks').execute();
}
