import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cachedStatements } from '../src/db/database';
import { groupCommitUnitOfWork } from '../src/db/unit-of-work';
import { activityRepository } from '../src/modules/activity/activity.repository';
import { createAccount } from './factories';
import { useTestApp } from './helper';

const t = useTestApp();

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
    const rows = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', accountId)
      .where('action', '=', 'group.unit')
      .execute();
    const kept = rows.map((r) => (JSON.parse(r.details as string) as { n: number }).n).sort((a, b) => a - b);
    expect(kept).toEqual(Array.from({ length: 20 }, (_, n) => n).filter((n) => n % 5 !== 3));
    // The shared transaction is over: the database takes a plain statement again.
    expect((await sql`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
  });

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
