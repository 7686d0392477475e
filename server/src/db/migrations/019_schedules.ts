import { type Kysely, sql } from 'kysely';
import { ref, table } from './001_initial';

/*
 * schedules: the expected start and end of each weekday (docs/RULES.md#schedules), per department, and per
 * employee where one overrides their department's. A schedule is seven rows, one a weekday (0 = Sunday); a day
 * off has no start and end. Exactly one of department_id and employee_id is set. A PUT replaces the seven rows
 * in one transaction; the two partial unique indexes keep one row an owner a weekday under concurrent PUTs.
 * Times are local minutes since midnight in the account zone, end after start.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'schedules')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('department_id', 'integer', ref('departments.id'))
    .addColumn('employee_id', 'integer', ref('employees.id'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_minute', 'integer')
    .addColumn('end_minute', 'integer')
    .addCheckConstraint('schedules_one_owner', sql`(department_id is null) <> (employee_id is null)`)
    .execute();
  await db.schema
    .createIndex('schedules_department_day')
    .unique()
    .on('schedules')
    .columns(['account_id', 'department_id', 'weekday'])
    .where(sql.ref('employee_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('schedules_employee_day')
    .unique()
    .on('schedules')
    .columns(['account_id', 'employee_id', 'weekday'])
    .where(sql.ref('department_id'), 'is', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('schedules').execute();
}
