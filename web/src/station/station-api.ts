import { messages } from '@punchclock/contract';
import { deviceClock } from './device-clock';
import { readStation } from './station-session';

/** Calls made by a paired station: authenticated by its own token (`Authorization: Station <token>`). */
export class StationApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's stable error code (contract ERROR_CODES); branch on it, never on the message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** True when the request never reached the server (offline, DNS, connection refused). */
export const isNetworkError = (e: unknown) =>
  e instanceof TypeError || (e instanceof StationApiError && e.status === 0);

export async function stationCall<T>(
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const station = readStation();
  const headers: Record<string, string> = {};
  if (station) headers.authorization = `Station ${station.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new StationApiError(0, messages.general.networkError);
  }
  // Any answer tells the server's clock: this boot's reading (device-clock.ts).
  await deviceClock.noteServerTime(res.headers?.get('date') ?? null).catch(() => undefined);
  const json = (await res.json().catch(() => null)) as (T & { message?: string; code?: string }) | null;
  if (!res.ok)
    throw new StationApiError(res.status, json?.message ?? messages.general.serverError, json?.code);
  return json as T;
}

/** The employee row id inside a badge token (`PC1.<account>.<employee>.<version>.<sig>`), for offline lookups. */
export function badgeEmployeeRef(badge: string): number | null {
  const m = /^PC1\.\d+\.(\d+)\.\d+\.[a-f0-9]{32}$/.exec(badge.trim());
  return m ? Number(m[1]) : null;
}

/** The print version inside a badge token: a regenerated badge has a newer one. */
export function badgeVersionOf(badge: string): number | null {
  const m = /^PC1\.\d+\.\d+\.(\d+)\.[a-f0-9]{32}$/.exec(badge.trim());
  return m ? Number(m[1]) : null;
}

export const isBadge = (text: string) => badgeEmployeeRef(text) !== null;
