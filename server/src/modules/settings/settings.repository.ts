import type { Kysely, Updateable } from 'kysely';
import type { DB, SettingsTable } from '../../db/schema';
import { anyOf } from '../../db/in-list';
import { precompiled } from '../../db/precompiled';
import { turnBatched } from '../../db/turn-batch';
import { localDay, nowIso } from '../../lib/time';
import { activityRepository } from '../activity/activity.repository';
import { keepPlan } from '../../db/database';

// Every punch reads the settings: compiled once (db/precompiled).
const settingsRow = precompiled((db, v: { accountId: number }) =>
  db
    .selectFrom('settings')
    .innerJoin('accounts', 'accounts.id', 'settings.account_id')
    .selectAll('settings')
    .select(['accounts.time_zone', 'accounts.company_name as account_company_name'])
    .where('settings.account_id', '=', v.accountId),
);

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>[number];
/** Every punch reads its account's settings: concurrent ones (PostgreSQL) in one query (db/turn-batch). */
const settingsOf = turnBatched<number, SettingsRow>({
  one: async (db, accountId) => (await settingsRow(db, { accountId }))[0],
  async many(db, accountIds) {
    const rows = await db
      .selectFrom('settings')
      .innerJoin('accounts', 'accounts.id', 'settings.account_id')
      .selectAll('settings')
      .select(['accounts.time_zone', 'accounts.company_name as account_company_name'])
      .where(anyOf('settings.account_id', accountIds, 'integer'))
      .modifyEnd(keepPlan)
      .execute();
    return new Map(rows.map((r) => [r.account_id, r]));
  },
});

/** The account's one settings row with its zone and company name: the only place settings are read. */
export function settingsRepository(db: Kysely<DB>) {
  const read = async (accountId: number) => {
    const row = await settingsOf(db, accountId);
    // Every account has its row from signup on (as executeTakeFirstOrThrow did, a missing one is a server error).
    if (!row) throw new Error(`account ${accountId} has no settings row`);
    return row;
  };

  return {
    read,
    /** What `timeRulesFor` (modules/time) reads. */
    timeRulesRow: read,

    async update(accountId: number, values: Updateable<SettingsTable>) {
      await db
        .updateTable('settings')
        .set({ ...values, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .execute();
    },

    async updateAccount(accountId: number, values: { time_zone?: string; company_name?: string }) {
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('accounts')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', accountId)
        .execute();
    },

    /**
     * Keeps work_date = the local day of time_in in the account's zone (modules/time/time-rules.ts) after the
     * zone changes: only punches whose day moves are written, grouped by their new day.
     */
    async rewriteWorkDates(accountId: number, zone: string): Promise<number> {
      const rows = await db
        .selectFrom('punches')
        .select(['id', 'time_in', 'work_date'])
        .where('account_id', '=', accountId)
        .execute();
      const byDay = new Map<string, number[]>();
      for (const r of rows) {
        const day = localDay(new Date(r.time_in), zone);
        if (day !== r.work_date) byDay.set(day, [...(byDay.get(day) ?? []), r.id]);
      }
      let moved = 0;
      for (const [day, ids] of byDay) {
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          await db
            .updateTable('punches')
            .set({ work_date: day })
            .where('account_id', '=', accountId)
            .where('id', 'in', chunk)
            .execute();
          moved += chunk.length;
        }
      }
      return moved;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;

export const settingsRepositories = (db: Kysely<DB>) => ({
  settings: settingsRepository(db),
  activity: activityRepository(db),
});
export type SettingsRepositories = ReturnType<typeof settingsRepositories>;
