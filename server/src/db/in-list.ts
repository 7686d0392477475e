import { type SqlBool, sql } from 'kysely';

/**
 * An IN list padded to a power of two with its last value (repeats change nothing), so a list of any length is
 * one of a few statement texts: each prepared once (SQLite's statement cache, PostgreSQL's named statements,
 * db/database.ts) instead of one text for every length.
 */
export const padded = <T>(list: T[]): T[] => {
  let size = 1;
  while (size < list.length) size *= 2;
  return list.concat(Array.from({ length: size - list.length }, () => list[list.length - 1]));
};

/**
 * `column` is one of `ids`. PostgreSQL: `= any($n::integer[])`, one statement text for any number of ids (each
 * padded length was a text of its own, parsed and planned again on every connection); elsewhere a padded IN list.
 */
export const oneOfIds = (postgres: boolean, column: string, ids: number[]) =>
  postgres
    ? sql<SqlBool>`${sql.ref(column)} = any(${ids}::integer[])`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join(padded(ids))})`;
