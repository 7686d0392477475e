import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from './schema';

/** How one kind of read is asked: for one key, and for many at once (answering each found key's row). */
export interface BatchedRead<K, V> {
  one: (db: Kysely<DB>, key: K) => Promise<V | undefined>;
  many: (db: Kysely<DB>, keys: K[]) => Promise<Map<K, V>>;
}

type Waiting<V> = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[];

/**
 * PostgreSQL: reads of one kind asked during one turn of the event loop go to the database together after it,
 * as one query for all their keys (issue 11). A live punch reads its station, its employee and the account's
 * settings before its transaction, each a round trip whose sending costs the server more than the read; punches
 * that arrive together now share them. The query starts after every read it answers was asked, so no read is
 * answered with a state older than its asking. Each caller gets its own copy of the row.
 *
 * SQLite, and reads inside a transaction, ask at once: SQLite's reads are calls inside this process, and a
 * transaction must read its own state.
 */
export function turnBatched<K, V extends object>(read: BatchedRead<K, V>) {
  const turns = new WeakMap<Kysely<DB>, Map<K, Waiting<V>>>();

  const oneAsMap = async (db: Kysely<DB>, key: K) => {
    const row = await read.one(db, key);
    return new Map<K, V>(row ? [[key, row]] : []);
  };

  const run = async (db: Kysely<DB>, asked: Map<K, Waiting<V>>) => {
    const keys = [...asked.keys()];
    try {
      // A lone read keeps its one-key statement (compiled once, db/precompiled).
      const found = keys.length === 1 ? await oneAsMap(db, keys[0]) : await read.many(db, keys);
      for (const [key, waiting] of asked) {
        const row = found.get(key);
        for (const w of waiting) w.resolve(row && { ...row });
      }
    } catch (e) {
      for (const waiting of asked.values()) for (const w of waiting) w.reject(e);
    }
  };

  return (db: Kysely<DB>, key: K): Promise<V | undefined> => {
    if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) return read.one(db, key);
    let asked = turns.get(db);
    if (!asked) {
      turns.set(db, (asked = new Map()));
      const these = asked;
      setImmediate(() => {
        turns.delete(db);
        void run(db, these);
      });
    }
    let waiting = asked.get(key);
    if (!waiting) asked.set(key, (waiting = []));
    const list = waiting;
    return new Promise<V | undefined>((resolve, reject) => list.push({ resolve, reject }));
  };
}
