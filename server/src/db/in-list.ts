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
 * PostgreSQL: `column` is one of `values`, as `= any($n::type[])`: one statement text for any number of values (each
 * length of an IN list was a text of its own, parsed and planned again on every connection).
 */
export const anyOf = (column: string, values: readonly (number | string)[], type: 'integer' | 'text') =>
  sql<SqlBool>`${sql.ref(column)} = any(${values}::${sql.raw(type)}[])`;

/** `column` is one of `ids`: anyOf on PostgreSQL, a padded IN list elsewhere. */
export const oneOfIds = (postgres: boolean, column: string, ids: number[]) =>
  postgres ? anyOf(column, ids, 'integer') : sql<SqlBool>`${sql.ref(column)} in (${sql.join(padded(ids))})`;
