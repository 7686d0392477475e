import { randomInt } from 'node:crypto';
import { messages } from '@punchclock/contract';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import type { Database } from '../../db/database';
import type { StationsTable } from '../../db/schema';
import { notFound, tooManyRequests, unprocessable } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { addMinutes, nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';

// No 0/O or 1/I: the code is read off one screen and typed on a tablet.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PAIRING_MINUTES = 10;

const view = (
  s: Pick<StationsTable, 'name' | 'last_seen_at' | 'last_sync_at' | 'revoked_at' | 'created_at'> & {
    id: number;
  },
) => ({
  id: s.id,
  name: s.name,
  last_seen_at: s.last_seen_at,
  last_sync_at: s.last_sync_at,
  revoked: !!s.revoked_at,
  created_at: s.created_at,
});

function pairingCode(): string {
  const chars = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function stationsService({ db, limiter }: { db: Database; limiter: RateLimiter }) {
  const find = (accountId: number, id: number) =>
    db
      .selectFrom('stations')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    async list(accountId: number) {
      const rows = await db
        .selectFrom('stations')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .execute();
      return { data: rows.map(view) };
    },

    /** "This browser" answers the station token at once; a tablet gets a short code to type within 10 minutes. */
    async create(accountId: number, userId: number, name: string, pair: 'this-browser' | 'code') {
      const at = nowIso();
      const { token, hash } = newOpaqueToken();
      const code = pair === 'code' ? pairingCode() : null;
      const expires = code ? addMinutes(at, PAIRING_MINUTES) : null;
      const row = await db
        .insertInto('stations')
        .values({
          account_id: accountId,
          name,
          token_hash: code ? null : hash,
          pairing_code_hash: code ? sha256(normalizeCode(code)) : null,
          pairing_expires_at: expires,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'name', 'last_seen_at', 'last_sync_at', 'revoked_at', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordActivity(db, {
        accountId,
        userId,
        action: 'station.created',
        details: { station_id: row.id, name, pair },
      });
      return code
        ? { station: view(row), pairing_code: code, pairing_expires_at: expires as string }
        : { station: view(row), token };
    },

    /** Exchanges a pairing code for the station token; the code works once. Rate-limited per IP. */
    async pair(code: string, ip: string) {
      if (!(await limiter.hit(`pair:${ip}`, 20, 15 * 60_000)).allowed) throw tooManyRequests();
      const at = nowIso();
      const row = await db
        .selectFrom('stations')
        .selectAll()
        .where('pairing_code_hash', '=', sha256(normalizeCode(code)))
        .executeTakeFirst();
      if (!row || row.revoked_at || !row.pairing_expires_at || row.pairing_expires_at < at)
        throw unprocessable(messages.clock.pairingInvalid);
      const { token, hash } = newOpaqueToken();
      const done = await db
        .updateTable('stations')
        .set({
          token_hash: hash,
          pairing_code_hash: null,
          pairing_expires_at: null,
          last_seen_at: at,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .where('pairing_code_hash', '=', row.pairing_code_hash)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw unprocessable(messages.clock.pairingInvalid);
      await recordActivity(db, {
        accountId: row.account_id,
        userId: null,
        action: 'station.paired',
        details: { station_id: row.id },
      });
      return { token, station: view({ ...row, last_seen_at: at }) };
    },

    async rename(accountId: number, userId: number, id: number, name: string) {
      const old = await find(accountId, id);
      if (!old) throw notFound();
      await db
        .updateTable('stations')
        .set({ name, updated_at: nowIso() })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
      await recordActivity(db, {
        accountId,
        userId,
        action: 'station.renamed',
        details: { station_id: id, old: old.name, new: name },
      });
      return { station: view({ ...old, name }) };
    },

    /** Revoking stops the token at once; punches the station already sent stay. */
    async revoke(accountId: number, userId: number, id: number) {
      const old = await find(accountId, id);
      if (!old) throw notFound();
      const at = nowIso();
      await db
        .updateTable('stations')
        .set({ revoked_at: old.revoked_at ?? at, token_hash: null, pairing_code_hash: null, updated_at: at })
        .where('id', '=', id)
        .execute();
      await recordActivity(db, {
        accountId,
        userId,
        action: 'station.revoked',
        details: { station_id: id, name: old.name },
      });
      return { message: 'Station revoked' };
    },

    async me(accountId: number, stationId: number | null) {
      const account = await db
        .selectFrom('accounts')
        .innerJoin('settings', 'settings.account_id', 'accounts.id')
        .select([
          'accounts.company_name',
          'accounts.time_zone',
          'settings.enable_gps_tracking',
          'settings.require_location',
          'settings.enable_covid_screening',
          'settings.attendance_mode',
        ])
        .where('accounts.id', '=', accountId)
        .executeTakeFirstOrThrow();
      const station = stationId ? await find(accountId, stationId) : null;
      return {
        station: { id: station?.id ?? 0, name: station?.name ?? 'Manager' },
        company_name: account.company_name,
        settings: {
          enable_gps_tracking: !!account.enable_gps_tracking,
          require_location: !!account.require_location,
          enable_covid_screening: !!account.enable_covid_screening,
          attendance_mode: account.attendance_mode,
          time_zone: account.time_zone,
        },
      };
    },
  };
}
