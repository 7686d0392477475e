import type { Kysely } from 'kysely';

/*
 * What an administrator manages: null is the whole account (every administrator before this column, and the
 * owner always); otherwise the ids of the departments they manage, comma-separated ('' manages none). Read with
 * the session (auth.repository findSession), so the scope costs no query of its own.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('department_access', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('department_access').execute();
}
