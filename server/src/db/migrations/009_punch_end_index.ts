import { type Kysely, sql } from 'kysely';

/*
 * punches_employee_time_out: one employee's punches by their end. A live clock-in or -out asks for the closed
 * punches that end after an instant (punches.repository clockBook); by time_in alone that search read every
 * earlier punch of the employee, so a punch cost more the longer they had worked there (~310 µs on SQLite at
 * 2,000 punches against ~50 µs at 20). Closed punches only: a search for the open shift keeps its own index
 * (punches_one_open_shift; given a full index here, SQLite without statistics searched the account's punches for
 * it), and a clock-in's INSERT writes no entry here.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('punches_employee_time_out')
    .on('punches')
    .columns(['employee_ref', 'time_out'])
    .where(sql.ref('time_out'), 'is not', null)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('punches_employee_time_out').execute();
}
