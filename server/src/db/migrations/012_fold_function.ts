import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * fold(text): lower() for every letter, which searches use for text beyond ASCII. SQLite's connection defines it
 * (db/database.ts: its own lower() folds ASCII only); on PostgreSQL lower() already folds every letter, so fold()
 * is lower() under the shared name.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function fold(text) returns text language sql immutable parallel safe
    as 'select lower($1)'`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists fold(text)`.execute(db);
}
