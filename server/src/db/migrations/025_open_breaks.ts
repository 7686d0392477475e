import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * open_breaks: a break started inside an employee's open shift (Start Break) and not yet ended
 * (docs/RULES.md#breaks-at-the-clock). Ending it writes a closed Break punch from its start to the end and removes
 * the row; a clock-out during it does the same at the clock-out's time. It is not an open punch: the one open
 * shift an employee has (punches_one_open_shift) stays their work shift, and every query of "who is in" is
 * unchanged. One an employee (unique), one a client id in the account (a replayed Start Break writes nothing).
 * Times are ISO 8601 UTC text like punches.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'open_breaks')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('employee_ref', 'integer', (c) => ref('employees.id')(c).notNull())
    .addColumn('shift_id', 'integer', (c) => ref('punches.id')(c).notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('device_time', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('station_id', 'integer')
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('open_breaks_employee')
    .unique()
    .on('open_breaks')
    .columns(['employee_ref'])
    .execute();
  await db.schema
    .createIndex('open_breaks_client_id')
    .unique()
    .on('open_breaks')
    .columns(['account_id', 'client_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('open_breaks').execute();
}
