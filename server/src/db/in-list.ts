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
