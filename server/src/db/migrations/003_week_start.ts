import type { Kysely } from 'kysely';

/*
 * The account's week start (Monday, Sunday or Saturday), read by the Weekly Summary report through the time
 * rules. Existing rows get Monday from the column default.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('week_start', 'text', (c) => c.notNull().defaultTo('Monday'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('week_start').execute();
}
