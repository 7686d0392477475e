import { randomInt } from 'node:crypto';
import { messages } from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import type { UnitOfWork } from '../unit-of-work';
import { notFound, tooManyRequests, unprocessable } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { addMinutes, nowIso } from '../../lib/time';
import type { StationRow, StationsRepositories } from './stations.repository';

// No 0/O or 1/I: the code is read off one screen and typed on a tablet.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PAIRING_MINUTES = 10;

const view = (
  s: Pick<StationRow, 'name' | 'last_seen_at' | 'last_sync_at' | 'revoked_at' | 'created_at'> & {
    id: number;
    clock_offset?: number | null;
  },
) => ({
  id: s.id,
  name: s.name,
  last_seen_at: s.last_seen_at,
  last_sync_at: s.last_sync_at,
  revoked: !!s.revoked_at,
  created_at: s.created_at,
  clock_offset: s.clock_offset ?? null,
});

function pairingCode(): string {
  const chars = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function stationsService({
  repos,
  inTransaction,
  limiter,
}: {
  repos: StationsRepositories;
  inTransaction: UnitOfWork<StationsRepositories>;
  limiter: RateLimiter;
}) {
  /** The caller's station `id`, or 404 when the account has none by that id. */
  async function existing(caller: Caller, id: number) {
    const station = await repos.stations.find(caller.accountId, id);
    if (!station) throw notFound();
    return station;
  }

  return {
    async list(caller: Caller) {
      requireAccess(caller, 'stations:read');
      return { data: (await repos.stations.list(caller.accountId)).map(view) };
    },

    /** "This browser" answers the station token at once; a tablet gets a short code to type within 10 minutes. */
    async create(caller: Caller, name: string, pair: 'this-browser' | 'code') {
      requireAccess(caller, 'stations:write');
      const { token, hash } = newOpaqueToken();
      const code = pair === 'code' ? pairingCode() : null;
      const expires = code ? addMinutes(nowIso(), PAIRING_MINUTES) : null;
      const row = await inTransaction(async (r) => {
        const station = await r.stations.insert(caller.accountId, {
          name,
          token_hash: code ? null : hash,
          pairing_code_hash: code ? sha256(normalizeCode(code)) : null,
          pairing_expires_at: expires,
        });
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          action: 'station.created',
          details: { station_id: station.id, name, pair },
        });
        return station;
      });
      return code
        ? { station: view(row), pairing_code: code, pairing_expires_at: expires as string }
        : { station: view(row), token };
    },

    /** Exchanges a pairing code for the station token; the code works once. Rate-limited per IP. */
    async pair(code: string, ip: string) {
      const limit = await limiter.hit(`pair:${ip}`, 20, 15 * 60_000);
      if (!limit.allowed) throw tooManyRequests(undefined, undefined, limit.retryAfterMs);
      const at = nowIso();
      const codeHash = sha256(normalizeCode(code));
      const row = await repos.stations.findByPairingCode(codeHash);
      if (!row || row.revoked_at || !row.pairing_expires_at || row.pairing_expires_at < at)
        throw unprocessable(messages.clock.pairingInvalid);
      const { token, hash } = newOpaqueToken();
      await inTransaction(async (r) => {
        const paired = await r.stations.update(
          row.account_id,
          row.id,
          {
            token_hash: hash,
            pairing_code_hash: null,
            pairing_expires_at: null,
            last_seen_at: at,
            updated_at: at,
          },
          codeHash,
        );
        if (!paired) throw unprocessable(messages.clock.pairingInvalid);
        await r.activity.record(row.account_id, {
          userId: null,
          action: 'station.paired',
          details: { station_id: row.id },
        });
      });
      return { token, station: view({ ...row, last_seen_at: at }) };
    },

    async rename(caller: Caller, id: number, name: string) {
      requireAccess(caller, 'stations:write');
      const old = await existing(caller, id);
      await inTransaction(async (r) => {
        await r.stations.update(caller.accountId, id, { name });
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          action: 'station.renamed',
          details: { station_id: id, old: old.name, new: name },
        });
      });
      return { station: view({ ...old, name }) };
    },

    /** Revoking stops the token at once; punches the station already sent stay. */
    async revoke(caller: Caller, id: number) {
      requireAccess(caller, 'stations:write');
      const old = await existing(caller, id);
      await inTransaction(async (r) => {
        await r.stations.update(caller.accountId, id, {
          revoked_at: old.revoked_at ?? nowIso(),
          token_hash: null,
          pairing_code_hash: null,
        });
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          action: 'station.revoked',
          details: { station_id: id, name: old.name },
        });
      });
      return { message: 'Station revoked' };
    },

    /** What a clock screen shows and obeys: the station (or a manager's browser) and the clock settings. */
    async me(caller: Caller) {
      requireAccess(caller, 'clock:punch');
      const [settings, forgottenAfter] = await Promise.all([
        repos.settings.read(caller.accountId),
        repos.payPeriods.forgottenAfterMinutes(caller.accountId),
      ]);
      const station = caller.stationId ? await repos.stations.find(caller.accountId, caller.stationId) : null;
      return {
        station: { id: station?.id ?? 0, name: station?.name ?? 'Manager' },
        company_name: settings.account_company_name,
        settings: {
          enable_gps_tracking: !!settings.enable_gps_tracking,
          require_location: !!settings.require_location,
          enable_covid_screening: !!settings.enable_covid_screening,
          attendance_mode: settings.attendance_mode,
          time_zone: settings.time_zone,
          date_format: settings.date_format,
          time_format: settings.time_format,
          forgotten_after_minutes: forgottenAfter,
        },
      };
    },
  };
}
