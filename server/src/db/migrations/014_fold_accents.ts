import { MARKS, STROKED_FROM, STROKED_TO } from '@punchclock/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * fold(text) also drops accents (contract/src/fold.ts), so the employee search finds "José" for "jose": lower(),
 * decomposed (NFD), the combining marks removed, and the stroked letters (ł, ø…) read as their base letter. SQLite's
 * connection defines fold() as foldText (db/database.ts). The steps are written into the function as they are
 * today: a change to them needs a migration of its own (server/test/database.test.ts compares the two letter by
 * letter). translate() over every accented letter instead would cost ~18 µs a value against ~3 µs.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function fold(text) returns text language sql immutable parallel safe
    as ${sql.raw(literal(`select translate(regexp_replace(normalize(lower($1), NFD), ${literal(MARKS)}, '', 'g'), ${literal(STROKED_FROM)}, ${literal(STROKED_TO)})`))}`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function fold(text) returns text language sql immutable parallel safe
    as 'select lower($1)'`.execute(db);
}
