import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, StationsTable } from '../../db/schema';
import { anyOf } from '../../db/in-list';
import { precompiled } from '../../db/precompiled';
import { turnBatched } from '../../db/turn-batch';
import { nowIso } from '../../lib/time';
import { activityRepository } from '../activity/activity.repository';
import { payPeriodsRepository } from '../pay-periods/pay-periods.repository';
import { settingsRepository } from '../settings/settings.repository';
import { keepPlan } from '../../db/database';

export type NewStation = Omit<Insertable<StationsTable>, 'account_id' | 'created_at' | 'updated_at'>;
/** A station's columns as a row holds them (what the service shows of it). */
export type StationRow = Selectable<StationsTable>;

// Compiled once (db/precompiled).
const stationByToken = precompiled((db, v: { tokenHash: string }) =>
  db
    .selectFrom('stations')
    .select(['id', 'account_id', 'revoked_at', 'last_seen_at'])
    .where('token_hash', '=', v.tokenHash),
);

type StationByToken = Awaited<ReturnType<typeof stationByToken>>[number];
/** Concurrent station requests (PostgreSQL) find their stations in one query (db/turn-batch). */
const stationOfToken = turnBatched<string, StationByToken>({
  one: async (db, tokenHash) => (await stationByToken(db, { tokenHash }))[0],
  async many(db, hashes) {
    const rows = await db
      .selectFrom('stations')
      .select(['id', 'account_id', 'revoked_at', 'last_seen_at', 'token_hash'])
      .where(anyOf('token_hash', hashes, 'text'))
      .modifyEnd(keepPlan)
      .execute();
    return new Map(rows.map(({ token_hash, ...station }) => [token_hash as string, station]));
  },
});

/**
 * An account's time stations. A station's token and a pairing code are found by their hash alone (the
 * caller's account is not known yet): those look-ups answer the row with its account_id.
 */
export function stationsRepository(db: Kysely<DB>) {
  const ofAccount = (accountId: number) => db.selectFrom('stations').where('account_id', '=', accountId);

  return {
    list: (accountId: number) => ofAccount(accountId).selectAll().orderBy('created_at', 'desc').execute(),

    find: (accountId: number, id: number) =>
      ofAccount(accountId).selectAll().where('id', '=', id).executeTakeFirst(),

    insert(accountId: number, station: NewStation) {
      const at = nowIso();
      return db
        .insertInto('stations')
        .values({ ...station, account_id: accountId, created_at: at, updated_at: at })
        .returning(['id', 'name', 'last_seen_at', 'last_sync_at', 'revoked_at', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The station a token belongs to (the station guard); every station request asks it. */
    findByToken: (tokenHash: string) => stationOfToken(db, tokenHash),

    findByPairingCode: (codeHash: string) =>
      db.selectFrom('stations').selectAll().where('pairing_code_hash', '=', codeHash).executeTakeFirst(),

    async markSeen(accountId: number, id: number, at = nowIso()) {
      await db
        .updateTable('stations')
        .set({ last_seen_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    /** Changes a station; with `pairingCodeHash`, only while that code is still its own (it works once). */
    async update(
      accountId: number,
      id: number,
      values: Updateable<StationsTable>,
      pairingCodeHash?: string,
    ): Promise<boolean> {
      const done = await db
        .updateTable('stations')
        .set({ updated_at: nowIso(), ...values })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .$if(pairingCodeHash !== undefined, (q) =>
          q.where('pairing_code_hash', '=', pairingCodeHash as string),
        )
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
  };
}

export const stationsRepositories = (db: Kysely<DB>) => ({
  stations: stationsRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
  payPeriods: payPeriodsRepository(db),
});
export type StationsRepositories = ReturnType<typeof stationsRepositories>;
