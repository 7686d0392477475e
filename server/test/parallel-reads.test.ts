import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { attachReadPool, readAll, readPool } from '../src/db/parallel-reads';
import { employeeParts } from '../src/modules/time/pay/period-pay';
import { createAccount, createEmployee } from './factories';
import { dialect, useTestApp } from './helper';

const t = useTestApp();

/** Each query: the names of the account's employees whose id lies in a range, in id order. */
const namesIn = (accountId: number, first: number, last: number) =>
  sql<{ name: string }>`select name from employees where account_id = ${accountId}
    and id between ${first} and ${last} order by id`.compile(t.db);

describe('parallel reads (docs/ARCHITECTURE.md "Parallel reads")', () => {
  it('answers each part as the main connection does, committed writes included, in the order asked', async () => {
    const account = await createAccount(t);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createEmployee(t, account, { name: `Part ${i}` })).id);
    const queries = [
      namesIn(account.accountId, ids[3], ids[5]),
      namesIn(account.accountId, ids[0], ids[2]),
      namesIn(account.accountId, ids[1], ids[1]),
    ];
    const parts = await readAll(t.db, queries);
    expect(parts.map((rows) => rows.map((r) => r.name))).toEqual([
      ['Part 3', 'Part 4', 'Part 5'],
      ['Part 0', 'Part 1', 'Part 2'],
      ['Part 1'],
    ]);
    // The same as one at a time on the main connection.
    for (const [k, q] of queries.entries()) expect((await t.db.executeQuery(q)).rows).toEqual(parts[k]);
    // A write just committed is read by the next parallel read (the workers' own connections).
    await t.db.updateTable('employees').set({ name: 'Renamed' }).where('id', '=', ids[4]).execute();
    const again = await readAll(t.db, queries.slice(0, 2));
    expect(again[0].map((r) => r.name)).toEqual(['Part 3', 'Renamed', 'Part 5']);
  });

  it('inside a transaction reads on its connection, and so sees its own uncommitted writes', async () => {
    const account = await createAccount(t);
    const e = await createEmployee(t, account, { name: 'Before' });
    const seen = await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('employees').set({ name: 'Inside' }).where('id', '=', e.id).execute();
        const q = (first: number) =>
          sql<{ name: string }>`select name from employees where id between ${first} and ${e.id}`.compile(
            trx,
          );
        const rows = await readAll(trx, [q(e.id), q(e.id)]);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((err: { rows?: { name: string }[][] }) => err.rows);
    expect(seen?.map((rows) => rows.map((r) => r.name))).toEqual([['Inside'], ['Inside']]);
    const after = await t.db.selectFrom('employees').select('name').where('id', '=', e.id).executeTakeFirst();
    expect(after?.name).toBe('Before');
  });

  it('rejects with the statement error, and the next read still works', async () => {
    const bad = sql`select * from no_such_table`.compile(t.db);
    const good = sql<{ one: number }>`select 1 as one`.compile(t.db);
    await expect(readAll(t.db, [good, bad])).rejects.toThrow(/no_such_table/);
    const rows = await readAll(t.db, [good, good]);
    expect(rows.map((r) => Number(r[0].one))).toEqual([1, 1]);
  });

  it.runIf(dialect === 'sqlite')('reads on the main connection when its workers cannot start', async () => {
    // Another handle on the same database, with a pool whose workers fail to open their file.
    const handle = t.db.withPlugin({
      transformQuery: (a) => a.node,
      transformResult: async (a) => a.result,
    });
    const broken = readPool(`${t.dataDir}/no-such-dir/none.sqlite`);
    attachReadPool(handle, broken);
    try {
      const q = sql<{ one: number }>`select 1 as one`.compile(handle);
      const rows = await readAll(handle, [q, q]);
      expect(rows.map((r) => Number(r[0].one))).toEqual([1, 1]);
    } finally {
      broken.close();
    }
  });

  it.runIf(dialect === 'sqlite')('a worker connection is read-only', async () => {
    const write = sql`delete from departments where id = -1 returning id`.compile(t.db);
    const good = sql`select 1 as one`.compile(t.db);
    await expect(readAll(t.db, [good, write])).rejects.toThrow(/readonly|read-only/i);
  });
});

describe('employeeParts', () => {
  it('cuts ids into ranges of about as many employees each, in id order, covering every id', () => {
    const ids = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10];
    expect(employeeParts(ids, 2, 1)).toEqual([
      [1, 5],
      [6, 10],
    ]);
    expect(employeeParts(ids, 3, 1)).toEqual([
      [1, 4],
      [5, 8],
      [9, 10],
    ]);
  });

  it('answers none when the employees are too few for two parts or there is one part', () => {
    expect(employeeParts([1, 2, 3], 2, 2)).toBeUndefined();
    expect(employeeParts([1, 2, 3, 4], 1, 1)).toBeUndefined();
    expect(employeeParts([], 4, 1)).toBeUndefined();
    expect(employeeParts([1, 2, 3, 4], 2, 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
