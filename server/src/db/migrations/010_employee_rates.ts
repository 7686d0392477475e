import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * employee_rates: an employee's hourly rate from a day on (the account's local day, like punches.work_date). A
 * raise then pays the days from its effective day at the new rate and leaves the days before it at the rate they
 * were worked at; with the rate kept on the employee alone, every past report re-priced itself. An employee
 * without rows has had one rate (employees.hourly_rate_cents) all along; the first change writes the rate it
 * replaces from RATES_SINCE (1900-01-01, the first day a date may be), so every day of an employee with rows has one. employees.hourly_rate_cents stays
 * the current rate (the newest row's).
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ref = (target: string) => (c: ColumnDefinitionBuilder) =>
  c.references(target).onDelete('cascade').notNull();

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await (
    pg
      ? db.schema.createTable('employee_rates').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema
          .createTable('employee_rates')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('account_id', 'integer', ref('accounts.id'))
    .addColumn('employee_ref', 'integer', ref('employees.id'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('rate_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One rate an employee a day; a day's rate is the newest row on or before it (one index search).
  await db.schema
    .createIndex('employee_rates_employee_day')
    .unique()
    .on('employee_rates')
    .columns(['employee_ref', 'effective_from'])
    .execute();
  await db.schema
    .createIndex('employee_rates_account')
    .on('employee_rates')
    .columns(['account_id', 'employee_ref'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('employee_rates').execute();
}
