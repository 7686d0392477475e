import type { FastifyRequest } from 'fastify';
import { messages } from '@punchclock/contract';
import { unauthorized, forbidden } from '../lib/errors';
import { nowIso } from '../lib/time';
import { authenticate } from './guards';
import { sha256 } from './tokens';

/** Who may clock people in and out: a paired station, a manager of the account, or an employee punching themself. */
export interface ClockCaller {
  accountId: number;
  stationId: number | null;
  userId: number | null;
  /** Set when an employee's own login punches: they may clock only themself, never anyone else. */
  selfRef?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    clockCaller: ClockCaller | null;
  }
}

/** A station sends `Authorization: Station <token>` (or `X-Station-Token`); a manager sends their login token. */
function stationToken(req: FastifyRequest): string | null {
  const header =
    req.headers['x-station-token'] ??
    (/^Station\s+/i.test(req.headers.authorization ?? '')
      ? req.headers.authorization!.replace(/^Station\s+/i, '')
      : null);
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 200 ? token.trim() : null;
}

export async function requireClockCaller(req: FastifyRequest): Promise<void> {
  const token = stationToken(req);
  const db = req.server.deps.db;
  if (token) {
    const station = await db
      .selectFrom('stations')
      .select(['id', 'account_id', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
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

/**
 * The clock calls an employee may make from their own login (Site Login with Punch In/Out): the
 * same as requireClockCaller, plus an employee token, which can only ever name its own employee.
 */
export async function requireClockCallerOrSelf(req: FastifyRequest): Promise<void> {
  if (stationToken(req)) return requireClockCaller(req);
  const auth = await authenticate(req);
  if (auth.userType === 'employee') {
    if (!auth.employeeRef) throw forbidden();
    req.clockCaller = {
      accountId: auth.accountId,
      stationId: null,
      userId: auth.userId,
      selfRef: auth.employeeRef,
    };
    return;
  }
  if (auth.userType !== 'user') throw forbidden();
  req.clockCaller = { accountId: auth.accountId, stationId: null, userId: auth.userId };
}

export function callerOf(req: FastifyRequest): ClockCaller {
  if (!req.clockCaller) throw unauthorized();
  return req.clockCaller;
}
