import type { Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * Runs work in one database transaction with a module's repositories bound to it, so a change and the
 * activity-log row that records it commit together (or not at all). Services get this instead of `db`.
 */
export type UnitOfWork<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

/** Repositories of a module, built over the database or over one transaction. */
export type RepositoryBundle<R> = (db: Kysely<DB>) => R;

export function unitOfWork<R>(db: Database, build: RepositoryBundle<R>): UnitOfWork<R> {
  return (work) => db.transaction().execute((trx) => work(build(trx)));
}

/** A module's repositories over the database, plus the same bundle inside a transaction. */
export function repositories<R>(
  db: Database,
  build: RepositoryBundle<R>,
): { repos: R; inTransaction: UnitOfWork<R> } {
  return { repos: build(db), inTransaction: unitOfWork(db, build) };
}
