import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; ids here are INTEGER, counts are cast by callers.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDatabase(url: string): Database {
  if (dialectOf(url) === 'postgres') {
    return new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
    });
  }
  const file = new SQLite(url);
  file.pragma('journal_mode = WAL');
  // FULL: an acknowledged punch must survive power loss, not only a process crash.
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
}

export async function databaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
