/**
 * A small IndexedDB store of our own for the time station's queue (queue.ts), instead of Dexie (~28 kB gzip of
 * the station's first load, docs/PERFORMANCE.md). Only what the queue uses: get, put, update, delete, bulk
 * writes, an index lookup, and transactions over several stores.
 *
 * Every call outside `transaction` is its own IndexedDB transaction and answers once that transaction has
 * committed: a punch put in the queue is on disk before it is sent. Inside `transaction`, the stores handed to
 * the callback run in that one transaction (all or nothing); the callback must await only their calls (an
 * IndexedDB transaction commits as soon as no request of it is pending).
 */

/** A store: its key path and its indexes (each on the field of its name). */
export type Schema = Record<string, { key: string; indexes?: string[] }>;

/** Answers an IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
}

/** Answers when the transaction has committed; fails when it aborts. */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onerror = () => fail(tx.error);
    tx.onabort = () => fail(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

export type Run = <R>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => Promise<R>) => Promise<R>;

/** The rows of one index value: what `Store.where(index).equals(value)` answers. */
export class Rows<T> {
  constructor(
    private readonly run: Run,
    private readonly index: string,
    private readonly value: IDBValidKey,
    private readonly keep: (row: T) => boolean = () => true,
  ) {}

  toArray(): Promise<T[]> {
    return this.run('readonly', async (s) =>
      (await done<T[]>(s.index(this.index).getAll(this.value))).filter(this.keep),
    );
  }

  async count(): Promise<number> {
    return (await this.toArray()).length;
  }

  async first(): Promise<T | undefined> {
    return (await this.toArray())[0];
  }

  /** The rows in ascending order of `field` (a string field). */
  async sortBy(field: keyof T & string): Promise<T[]> {
    const rows = await this.toArray();
    // Code-point order, as IndexedDB orders keys (not the locale's, which may skip punctuation).
    return rows.sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0));
  }

  filter(keep: (row: T) => boolean): Rows<T> {
    return new Rows(this.run, this.index, this.value, (r) => this.keep(r) && keep(r));
  }
}

/** One object store, either on its own (each call its own transaction) or inside a `transaction`. */
export class Store<T, K extends IDBValidKey> {
  constructor(private readonly run: Run) {}

  get(key: K): Promise<T | undefined> {
    return this.run('readonly', (s) => done<T | undefined>(s.get(key)));
  }

  toArray(): Promise<T[]> {
    return this.run('readonly', (s) => done<T[]>(s.getAll()));
  }

  where(index: keyof T & string): { equals: (value: IDBValidKey) => Rows<T> } {
    return { equals: (value) => new Rows<T>(this.run, index, value) };
  }

  async put(row: T): Promise<void> {
    await this.run('readwrite', (s) => done(s.put(row)));
  }

  async bulkPut(rows: T[]): Promise<void> {
    await this.run('readwrite', (s) => Promise.all(rows.map((r) => done(s.put(r)))));
  }

  async delete(key: K): Promise<void> {
    await this.run('readwrite', (s) => done(s.delete(key)));
  }

  async bulkDelete(keys: K[]): Promise<void> {
    await this.run('readwrite', (s) => Promise.all(keys.map((k) => done(s.delete(k)))));
  }

  /** Changes some fields of the row `key`, in one transaction; answers 0 (and writes nothing) if there is none. */
  update(key: K, changes: Partial<T>): Promise<number> {
    return this.run('readwrite', async (s) => {
      const row = await done<T | undefined>(s.get(key));
      if (row === undefined) return 0;
      await done(s.put({ ...row, ...changes }));
      return 1;
    });
  }
}

/**
 * The database `name` with the stores of `schema`, opened on first use. `version` is IndexedDB's own version
 * number (Dexie's `version(1)` is 10): a database already there keeps its rows, and missing stores or indexes are
 * added.
 */
export function openDatabase<S extends Schema>(name: string, version: number, schema: S) {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (withVersion: boolean): Promise<IDBDatabase> =>
    new Promise((ok, fail) => {
      const request = withVersion ? indexedDB.open(name, version) : indexedDB.open(name);
      request.onupgradeneeded = () => {
        const db = request.result;
        const tx = request.transaction as IDBTransaction;
        for (const [store, { key, indexes = [] }] of Object.entries(schema)) {
          const os = db.objectStoreNames.contains(store)
            ? tx.objectStore(store)
            : db.createObjectStore(store, { keyPath: key });
          for (const i of indexes) if (!os.indexNames.contains(i)) os.createIndex(i, i);
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab opening a newer version: let it, and open again on the next call; likewise when the
        // browser closed the connection (storage cleared, disk error).
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        ok(db);
      };
      request.onerror = () => fail(request.error);
    });
  const database = () =>
    (opening ??= open(true)
      // A newer version is already there (one written by a later release): open it as it is.
      .catch((e: unknown) => {
        if ((e as { name?: string } | null)?.name === 'VersionError') return open(false);
        throw e;
      })
      .catch((e: unknown) => {
        opening = null;
        throw e;
      }));

  /** A store on its own: each call opens, runs and commits its own transaction. */
  const standalone =
    (store: string): Run =>
    async (mode, op) => {
      const tx = (await database()).transaction(store, mode);
      const end = committed(tx);
      end.catch(() => undefined);
      try {
        const result = await op(tx.objectStore(store));
        await end;
        return result;
      } catch (e) {
        abort(tx);
        throw e;
      }
    };

  /**
   * Runs `work` in one read-write transaction over `names`: `store(name)` runs calls in that transaction.
   * Everything it wrote is kept only if it finishes without throwing and the transaction commits.
   */
  async function transaction<R, N extends keyof S & string>(
    names: N[],
    work: (store: (name: N) => Run) => Promise<R>,
  ): Promise<R> {
    const tx = (await database()).transaction(names, 'readwrite');
    const end = committed(tx);
    end.catch(() => undefined);
    try {
      const result = await work((name) => (_mode, op) => op(tx.objectStore(name)));
      await end;
      return result;
    } catch (e) {
      abort(tx);
      throw e;
    }
  }

  return { standalone, transaction };
}

function abort(tx: IDBTransaction) {
  try {
    tx.abort();
  } catch {
    // Already committed or aborted.
  }
}
