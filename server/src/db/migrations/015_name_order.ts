import { type Kysely, sql } from 'kysely';

/*
 * Employees are listed in the order people read names: by fold(name) (any letter case, accents dropped:
 * contract/src/fold.ts), then id. Byte order put "Álvarez" and "de Vries" after "Zimmerman". The paging index holds
 * that key (an expression index on both databases: fold() is immutable on PostgreSQL, deterministic on SQLite's
 * connection, db/database.ts), so every page stays one index range.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('employees_account_name').execute();
  await sql`create index employees_account_name on employees (account_id, fold(name), id)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('employees_account_name').execute();
  await db.schema
    .createIndex('employees_account_name')
    .on('employees')
    .columns(['account_id', 'name', 'id'])
    .execute();
}
