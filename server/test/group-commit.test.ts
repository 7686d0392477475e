import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cachedStatements, statementObserver } from '../src/db/database';
import { groupCommitUnitOfWork, laneCount, writeInBatch } from '../src/db/unit-of-work';
import { activityRepository } from '../src/modules/activity/activity.repository';
import { createAccount } from './factories';
import { dialect, useTestApp } from './helper';

const t = useTestApp();

/** The unit numbers (details.n) of the account's activity rows with `action`, in order. */
async function loggedUnits(action: string, accountId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('activity_logs')
    .select('details')
    .where('account_id', '=', accountId)
    .where('action', '=', action)
    .execute();
  return rows.map((r) => (JSON.parse(r.details as string) as { n: number }).n).sort((a, b) => a - b);
}

describe('group commit (issue 11)', () => {
  it('commits units that arrive together, and rolls back only the one that fails', async () => {
    const { accountId } = await createAccount(t);
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ activity: activityRepository(db) }));
    const write = (n: number) =>
      inTransaction(async (r) => {
        await r.activity.record(accountId, { userId: null, action: `group.unit`, details: { n } });
        if (n % 5 === 3) throw new Error(`unit ${n} fails`);
        return n;
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => write(n)));
    expect(outcomes.map((o) => o.status)).toEqual(
      Array.from({ length: 20 }, (_, n) => (n % 5 === 3 ? 'rejected' : 'fulfilled')),
    );
    const kept = await loggedUnits('group.unit', accountId);
    expect(kept).toEqual(Array.from({ length: 20 }, (_, n) => n).filter((n) => n % 5 !== 3));
    // The shared transaction is over: the database takes a plain statement again.
    expect((await sql`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
  });

  it('answers a lone failing unit its own error, having run it once', async () => {
    const { accountId } = await createAccount(t);
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ activity: activityRepository(db) }));
    let runs = 0;
    const failing = inTransaction(
      async (r) => {
        runs++;
        await r.activity.record(accountId, { userId: null, action: 'group.lone', details: { n: 1 } });
        throw new Error('the lone unit fails');
      },
      { key: 1 },
    );
    await expect(failing).rejects.toThrow('the lone unit fails');
    expect(runs).toBe(1);
    expect(await loggedUnits('group.lone', accountId)).toEqual([]);
  });

  it('groups units by key (PostgreSQL lanes), reruns a failed group unit by unit, keeps only what succeeded', async () => {
    const { accountId } = await createAccount(t);
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ db, activity: activityRepository(db) }));
    const txid = async (db: typeof t.db) =>
      dialect === 'postgres'
        ? String((await sql<{ id: string }>`select txid_current()::text as id`.execute(db)).rows[0].id)
        : 'sqlite';
    const write = (n: number, fails: boolean) =>
      inTransaction(
        async (r) => {
          await r.activity.record(accountId, { userId: null, action: 'group.keyed', details: { n } });
          const id = await txid(r.db);
          if (fails) throw new Error(`unit ${n} fails`);
          return id;
        },
        { key: n % 2 },
      );
    // Ten units for two keys, all succeeding: each key's units share one transaction.
    const together = await Promise.all(Array.from({ length: 10 }, (_, n) => write(n, false)));
    if (dialect === 'postgres') {
      expect(new Set(together.filter((_, n) => n % 2 === 0)).size).toBe(1);
      expect(new Set(together.filter((_, n) => n % 2 === 1)).size).toBe(1);
    }
    // Ten more where two fail: the failing ones answer their error, every other one is kept exactly once.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => write(10 + i, i % 4 === 1)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 4 === 1 ? 'rejected' : 'fulfilled')),
    );
    const kept = await loggedUnits('group.keyed', accountId);
    expect(kept).toEqual(
      Array.from({ length: 20 }, (_, n) => n).filter((n) => !(n >= 10 && (n - 10) % 4 === 1)),
    );
  });

  it("runs a group's step once with every unit's arg, and the units again alone should the step fail", async () => {
    const { accountId } = await createAccount(t);
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ activity: activityRepository(db) }));
    const steps: number[][] = [];
    let failStep = false;
    const step = async (_trx: unknown, args: number[]) => {
      steps.push(args);
      if (failStep) throw new Error('the step fails');
    };
    const write = (n: number) =>
      inTransaction(
        async (r) => {
          await r.activity.record(accountId, { userId: null, action: 'group.step', details: { n } });
          return n;
        },
        { key: 0, prepare: { run: step, arg: n } },
      );
    expect(await Promise.all([1, 2, 3].map(write))).toEqual([1, 2, 3]);
    expect(steps).toEqual([[1, 2, 3]]);
    // A lone unit has no group to share a step with.
    expect(await write(4)).toBe(4);
    expect(steps).toHaveLength(1);
    failStep = true;
    expect(await Promise.all([5, 6].map(write))).toEqual([5, 6]);
    expect(steps).toEqual([
      [1, 2, 3],
      [5, 6],
    ]);
    expect(await loggedUnits('group.step', accountId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("writes the group's activity rows in one INSERT, and reruns the units alone when that INSERT fails", async () => {
    const { accountId } = await createAccount(t);
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ activity: activityRepository(db) }));
    const inserts: string[] = [];
    statementObserver.onStatement = (text) => {
      if (/^insert into "activity_logs"/.test(text)) inserts.push(text);
    };
    try {
      // One key: on PostgreSQL too the ten units share a lane, so they arrive as one group.
      const write = (n: number, account = accountId) =>
        inTransaction(
          (r) => r.activity.record(account, { userId: null, action: 'group.rows', details: { n } }),
          {
            key: 1,
          },
        );
      await Promise.all(Array.from({ length: 10 }, (_, n) => write(n)));
      expect(inserts).toHaveLength(1);

      // A row no account owns fails the group's INSERT (a foreign key): every unit runs again alone, so only
      // that one fails and the other nine are kept.
      inserts.length = 0;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, n) => write(10 + n, n === 4 ? 987_654_321 : accountId)),
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        Array.from({ length: 10 }, (_, n) => (n === 4 ? 'rejected' : 'fulfilled')),
      );
      expect(inserts.length).toBe(11);
    } finally {
      statementObserver.onStatement = undefined;
    }
    const kept = await loggedUnits('group.rows', accountId);
    expect(kept).toEqual(Array.from({ length: 20 }, (_, n) => n).filter((n) => n !== 14));
  });

  it('runs batched units side by side with one write a kind (PostgreSQL), one unit a key, and alone should it fail', async () => {
    const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ db }));
    const batches: number[][] = [];
    const alone: number[] = [];
    const times10 = {
      one: async (_db: unknown, v: number) => {
        alone.push(v);
        if (v === 13) throw new Error('13 fails');
        return v * 10;
      },
      many: async (_trx: unknown, vs: number[]) => {
        batches.push(vs);
        if (vs.includes(13)) throw new Error('13 fails');
        return vs.map((v) => v * 10);
      },
    };
    // Keys of one lane (a multiple of the lane count), so on PostgreSQL the units arrive as one group.
    const write = (n: number, key = n) =>
      inTransaction((r) => writeInBatch(r.db, 'test.n', n, times10), {
        key: key * laneCount(),
        batched: true,
      });
    expect(await Promise.all([1, 2, 3, 4].map((n) => write(n)))).toEqual([10, 20, 30, 40]);
    // SQLite runs a group's units one after another, each writing at once.
    expect(batches).toEqual(dialect === 'postgres' ? [[1, 2, 3, 4]] : []);

    // The group's write fails: every unit runs again alone, so only 13 fails.
    batches.length = 0;
    alone.length = 0;
    const outcomes = await Promise.allSettled([11, 12, 13, 14].map((n) => write(n)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([
      110,
      120,
      'failed',
      140,
    ]);
    // SQLite wrote 11 and 12 before 13 failed its group, then ran each alone.
    expect(alone).toEqual(dialect === 'postgres' ? [11, 12, 13, 14] : [11, 12, 13, 11, 12, 13, 14]);
    expect(batches).toEqual(dialect === 'postgres' ? [[11, 12, 13, 14]] : []);

    // Two units of one key (one employee) never share a group: the second waits for the next, in order.
    batches.length = 0;
    alone.length = 0;
    expect(await Promise.all([write(21, 7), write(22, 8), write(23, 7)])).toEqual([210, 220, 230]);
    if (dialect === 'postgres') {
      expect(batches).toEqual([[21, 22]]);
      expect(alone).toEqual([23]);
    } else expect(alone).toEqual([21, 22, 23]);
  });

  it.runIf(dialect === 'sqlite')(
    'commits a group with synchronous=NORMAL and answers after the log is flushed; other writes keep FULL',
    async () => {
      const { accountId } = await createAccount(t);
      const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ db, activity: activityRepository(db) }));
      const levels: number[] = [];
      const pragma = async (db: typeof t.db) =>
        Number(Object.values((await sql.raw('pragma synchronous').execute(db)).rows[0] as object)[0]);
      await Promise.all(
        Array.from({ length: 5 }, (_, n) =>
          inTransaction(async (r) => {
            levels.push(await pragma(r.db));
            await r.activity.record(accountId, { userId: null, action: 'group.flushed', details: { n } });
          }),
        ),
      );
      expect(levels).toEqual([1, 1, 1, 1, 1]);
      // Answered: the rows are there, and the connection is back at FULL for everything else.
      const rows = await t.db
        .selectFrom('activity_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .where('action', '=', 'group.flushed')
        .execute();
      expect(rows).toHaveLength(5);
      expect(await pragma(t.db)).toBe(2);
    },
  );

  it.runIf(dialect === 'sqlite')(
    'after a unit throws, reruns the others as groups (flushed off the thread) and only that one alone',
    async () => {
      const { accountId } = await createAccount(t);
      const inTransaction = groupCommitUnitOfWork(t.db, (db) => ({ db, activity: activityRepository(db) }));
      // The synchronous level each run of each unit saw: NORMAL (1) in a group, FULL (2) alone.
      const runs = new Map<number, number[]>();
      const pragma = async (db: typeof t.db) =>
        Number(Object.values((await sql.raw('pragma synchronous').execute(db)).rows[0] as object)[0]);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, n) =>
          inTransaction(async (r) => {
            runs.set(n, [...(runs.get(n) ?? []), await pragma(r.db)]);
            await r.activity.record(accountId, { userId: null, action: 'group.around', details: { n } });
            if (n === 3 || n === 7) throw new Error(`unit ${n} fails`);
            return n;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        Array.from({ length: 10 }, (_, n) => (n === 3 || n === 7 ? 'rejected' : 'fulfilled')),
      );
      expect(await loggedUnits('group.around', accountId)).toEqual([0, 1, 2, 4, 5, 6, 8, 9]);
      // Only the failing units ever ran alone (at FULL), each once, after their group.
      for (const [n, levels] of runs) {
        if (n === 3 || n === 7) expect(levels.at(-1)).toBe(2);
        expect(levels.filter((l) => l === 2)).toHaveLength(n === 3 || n === 7 ? 1 : 0);
      }
    },
  );

  it('keeps at most the bound of prepared statements, reusing a cached one', () => {
    let prepared = 0;
    const fake = {
      prepare: (text: string) => ({ text, n: ++prepared }),
      close: () => undefined,
    } as unknown as Parameters<typeof cachedStatements>[0];
    const cache = cachedStatements(fake, 2);
    const a = cache.prepare('a');
    expect(cache.prepare('a')).toBe(a);
    cache.prepare('b');
    cache.prepare('a'); // a is now the most recent: adding c drops b
    cache.prepare('c');
    expect(cache.prepare('a')).toBe(a);
    expect(prepared).toBe(3);
    cache.prepare('b');
    expect(prepared).toBe(4);
  });
});
