import type { FastifyRequest } from 'fastify';
import { messages } from '@punchclock/contract';
import { forbidden, unauthorized } from '../lib/errors';
import { stationsRepository } from '../modules/stations/stations.repository';
import { type Caller, stationPermissions } from './access';
import { authenticate } from './guards';
import { sha256 } from './tokens';

/**
 * Who may clock people in and out: a paired station, a manager of the account, or an employee punching
 * themself (their `employeeRef` with `clock:punch:own`).
 */
export type ClockCaller = Caller;

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

/** How stale a station's `last_seen_at` may get before a request writes it again. */
export const SEEN_EVERY_MS = 60_000;

/** A paired, unrevoked station: it may clock anyone of its account and see who is in. */
async function stationCaller(req: FastifyRequest, token: string): Promise<Caller> {
  const stations = stationsRepository(req.server.deps.db);
  const station = await stations.findByToken(sha256(token));
  if (!station || station.revoked_at) throw unauthorized(messages.clock.stationRevoked);
  // Seen at most once a minute: a write per punch would be a third commit on the clock path (issue 11).
  const now = Date.now();
  if (!station.last_seen_at || now - Date.parse(station.last_seen_at) >= SEEN_EVERY_MS)
    await stations.markSeen(station.account_id, station.id, new Date(now).toISOString());
  return {
    accountId: station.account_id,
    userId: null,
    stationId: station.id,
    employeeRef: null,
    permissions: stationPermissions(),
    departments: 'all',
  };
}

export async function requireClockCaller(req: FastifyRequest): Promise<void> {
  const token = stationToken(req);
  if (token) {
    req.clockCaller = await stationCaller(req, token);
    return;
  }
  const auth = await authenticate(req);
  if (auth.userType !== 'user') throw forbidden();
  req.clockCaller = auth;
}

/**
 * The clock calls an employee may make from their own login (Site Login with Punch In/Out): the
 * same as requireClockCaller, plus an employee token, which can only ever name its own employee.
 */
export async function requireClockCallerOrSelf(req: FastifyRequest): Promise<void> {
  const token = stationToken(req);
  if (token) {
    req.clockCaller = await stationCaller(req, token);
    return;
  }
  const auth = await authenticate(req);
  if (auth.userType === 'employee' && !auth.employeeRef) throw forbidden();
  req.clockCaller = auth;
}

export function callerOf(req: FastifyRequest): ClockCaller {
  if (!req.clockCaller) throw unauthorized();
  return req.clockCaller;
}
