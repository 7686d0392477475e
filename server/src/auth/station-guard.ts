import type { FastifyRequest } from 'fastify';
import { messages } from '@punchclock/contract';
import { unauthorized, forbidden } from '../lib/errors';
import { nowIso } from '../lib/time';
import { authenticate } from './guards';
import { sha256 } from './tokens';

/** Who may clock people in and out: a paired station, or a manager of the account. */
export interface ClockCaller {
  accountId: number;
  stationId: number | null;
  userId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    clockCaller: ClockCaller | null;
  }
}

/** A station sends `Authorization: Station <token>` (or `X-Station-Token`); a manager sends their login token. */
function stationToken(req: FastifyRequest): string | null {
  const header = req.headers['x-station-token'] ?? (/^Station\s+/i.test(req.headers.authorization ?? '') ? req.headers.authorization!.replace(/^Station\s+/i, '') : null);
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 200 ? token.trim() : null;
}

export async function requireClockCaller(req: FastifyRequest): Promise<void> {
  const token = stationToken(req);
  const db = req.server.deps.db;
  if (token) {
    const station = await db.selectFrom('stations').select(['id', 'account_id', 'revoked_at']).where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!station) throw unauthorized(messages.clock.stationRevoked);
    if (station.revoked_at) throw unauthorized(messages.clock.stationRevoked);
    await db.updateTable('stations').set({ last_seen_at: nowIso() }).where('id', '=', station.id).execute();
    req.clockCaller = { accountId: station.account_id, stationId: station.id, userId: null };
    return;
  }
  const auth = await authenticate(req);
  if (auth.userType !== 'user') throw forbidden();
  req.clockCaller = { accountId: auth.accountId, stationId: null, userId: auth.userId };
}

export function callerOf(req: FastifyRequest): ClockCaller {
  if (!req.clockCaller) throw unauthorized();
  return req.clockCaller;
}
