import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { KeyPart } from '../lib/cursor';

/**
 * Rows after (or, reading backwards, before) a two-column sort key: `a >= x and (a > x or id > y)`. The leading
 * `a >= x` is the index range start on both databases; the rest only drops the ties already shown.
 */
export function keysetAfter(
  columns: readonly [string | RawBuilder<unknown>, string],
  key: readonly KeyPart[],
  descending: boolean,
): ReturnType<typeof sql<SqlBool>> {
  const [a, b] = columns.map((c) => (typeof c === 'string' ? sql.ref(c) : c));
  const strict = sql.raw(descending ? '<' : '>');
  const wide = sql.raw(descending ? '<=' : '>=');
  return sql<SqlBool>`(${a} ${wide} ${key[0]} and (${a} ${strict} ${key[0]} or ${b} ${strict} ${key[1]}))`;
}

/**
 * A name's place in lists (employees, departments): any letter case, accents dropped (fold()), so "Álvarez" comes
 * before "Baker". Employee lists page by it, served by migration 015's index on (account_id, fold(name), id):
 * queries order and page by this expression exactly, so that the index serves them.
 */
export const nameOrder = (column: string) => sql<string>`fold(${sql.ref(column)})`;
