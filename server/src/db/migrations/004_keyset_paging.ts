import type { Kysely } from 'kysely';

/*
 * Lists are paged by position (keyset): the sort key of the last row a page showed, then the next rows after it.
 * Each list's index holds its whole sort key, with the id as the tie-breaker, so every page is one index range
 * scan on both databases, the same from the first page to the last:
 *   employees (account_id, name, id)           the employee list, search and the station's status list
 *   punches (employee_ref, time_in, id)        one employee's punches
 *   activity_logs (account_id, created_at, id) and (account_id, action, created_at, id)  the activity log
 * They replace the indexes that ended before the id (a prefix of the new ones, so nothing else loses an index).
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const replace = async (db: Db, name: string, table: string, columns: string[]) => {
  await db.schema.dropIndex(name).execute();
  await db.schema.createIndex(name).on(table).columns(columns).execute();
};

export async function up(db: Db): Promise<void> {
  await replace(db, 'employees_account_name', 'employees', ['account_id', 'name', 'id']);
  await replace(db, 'punches_employee_time', 'punches', ['employee_ref', 'time_in', 'id']);
  await replace(db, 'activity_logs_account_created', 'activity_logs', ['account_id', 'created_at', 'id']);
  await replace(db, 'activity_logs_account_action', 'activity_logs', [
    'account_id',
    'action',
    'created_at',
    'id',
  ]);
}

export async function down(db: Db): Promise<void> {
  await replace(db, 'employees_account_name', 'employees', ['account_id', 'name']);
  await replace(db, 'punches_employee_time', 'punches', ['employee_ref', 'time_in']);
  await replace(db, 'activity_logs_account_created', 'activity_logs', ['account_id', 'created_at']);
  await replace(db, 'activity_logs_account_action', 'activity_logs', ['account_id', 'action', 'created_at']);
}
