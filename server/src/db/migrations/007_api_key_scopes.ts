import type { Kysely } from 'kysely';

/*
 * What an API key may read, chosen when it is made: its scopes as comma-separated names
 * (contract/src/api-keys.ts API_KEY_SCOPES). A key made before this column reads nothing until
 * it is made again: an empty list grants no permission.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
}
