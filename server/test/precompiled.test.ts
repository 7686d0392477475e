import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { precompiled } from '../src/db/precompiled';
import { createAccount } from './factories';
import { useTestApp } from './helper';

const t = useTestApp();

/** db/precompiled: a query built once, then run with other values, must answer as the query built each time. */
describe('precompiled queries', () => {
  it('binds each call its own values (a value used in several places too) and builds once per shape', async () => {
    const account = await createAccount(t);
    const other = await createAccount(t);
    let builds = 0;
    const named = precompiled((db, v: { accountId: number; name: string }) => {
      builds++;
      return db
        .selectFrom('departments')
        .select(['id', 'dp_name', 'account_id'])
        .where('account_id', '=', v.accountId)
        .where((eb) => eb.or([eb('dp_name', '=', v.name), eb('dp_name', '=', eb.val('never'))]))
        .where('account_id', '=', v.accountId);
    });
    const at = new Date().toISOString();
    for (const [accountId, dp_name] of [
      [account.accountId, 'Warehouse'],
      [other.accountId, 'Warehouse'],
      [account.accountId, "O'Brien; drop table punches --"],
    ] as const)
      await t.db
        .insertInto('departments')
        .values({ account_id: accountId, dp_name, created_at: at, updated_at: at })
        .execute();

    const mine = await named(t.db, { accountId: account.accountId, name: 'Warehouse' });
    expect(mine).toEqual([expect.objectContaining({ dp_name: 'Warehouse', account_id: account.accountId })]);
    const theirs = await named(t.db, { accountId: other.accountId, name: 'Warehouse' });
    expect(theirs).toEqual([expect.objectContaining({ dp_name: 'Warehouse', account_id: other.accountId })]);
    const hostile = await named(t.db, {
      accountId: account.accountId,
      name: "O'Brien; drop table punches --",
    });
    expect(hostile.map((d) => d.dp_name)).toEqual(["O'Brien; drop table punches --"]);
    expect(await named(t.db, { accountId: account.accountId, name: 'Office' })).toEqual([]);
    expect(builds).toBe(1);

    // Inside a transaction: the same compiled text, the transaction's connection.
    const inside = await t.db
      .transaction()
      .execute((trx) => named(trx, { accountId: other.accountId, name: 'Warehouse' }));
    expect(inside).toEqual(theirs);
    expect(builds).toBe(1);
  });

  it('leaves undefined values out of an insert as Kysely does, compiling each set of columns once', async () => {
    const account = await createAccount(t);
    let builds = 0;
    const insert = precompiled(
      (
        db,
        row: {
          account_id: number;
          dp_name: string;
          created_at: string;
          updated_at: string;
          dp_type?: 'Location';
        },
      ) => {
        builds++;
        return db.insertInto('departments').values(row).returning(['dp_name', 'dp_type']);
      },
    );
    const at = new Date().toISOString();
    const base = { account_id: account.accountId, created_at: at, updated_at: at };
    expect(await insert(t.db, { ...base, dp_name: 'A', dp_type: 'Location' })).toEqual([
      { dp_name: 'A', dp_type: 'Location' },
    ]);
    // Left out, the column takes its default (a bound null would break its NOT NULL).
    expect(await insert(t.db, { ...base, dp_name: 'B', dp_type: undefined })).toEqual([
      { dp_name: 'B', dp_type: 'Department' },
    ]);
    expect(await insert(t.db, { ...base, dp_name: 'C', dp_type: 'Location' })).toEqual([
      { dp_name: 'C', dp_type: 'Location' },
    ]);
    expect(builds).toBe(2);
  });

  it('compiles again for a handle with plugins, which may rewrite the query', async () => {
    const account = await createAccount(t);
    let rewritten = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        rewritten++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const count = precompiled((db, v: { accountId: number }) =>
      db
        .selectFrom('departments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', v.accountId),
    );
    await count(t.db, { accountId: account.accountId });
    expect(rewritten).toBe(0);
    const withPlugin = t.db.withPlugin(plugin);
    const [row] = await count(withPlugin, { accountId: account.accountId });
    expect(Number(row.n)).toBe(0);
    await count(withPlugin, { accountId: account.accountId });
    expect(rewritten).toBe(1);
  });
});
