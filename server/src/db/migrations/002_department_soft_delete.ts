import { type Kysely, sql } from 'kysely';

/*
 * Departments are soft-deleted: deleted employees keep pointing at their department (their
 * punches and reports still name it), so a department row cannot go away while any refer to it.
 * Names stay unique among the account's current departments only.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('departments').addColumn('deleted_at', 'text').execute();
  await db.schema.dropIndex('departments_account_name').execute();
  await db.schema
    .createIndex('departments_account_name')
    .unique()
    .on('departments')
    .columns(['account_id', 'dp_name'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('departments_account_name').execute();
  await db.schema
    .createIndex('departments_account_name')
    .unique()
    .on('departments')
    .columns(['account_id', 'dp_name'])
    .execute();
  await db.schema.alterTable('departments').dropColumn('deleted_at').execute();
}
