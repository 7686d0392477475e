import {
  type CheckEmployeeAnswer,
  type ClockOutAnswer,
  type EmployeeIdentity,
  messages,
} from '@punchclock/contract';
import { badgeEmployeeRef, isNetworkError, stationCall, StationApiError } from './station-api';
import { newClientId, pendingCount, type QueuedPunch, setLastSyncAt, stationDb } from './queue';
import { syncPending } from './sync';
import { elapsedText, getPosition, totalText, type Position } from './clock-text';

export { elapsedText, getPosition, totalText, type Position };

/** What the clock panel shows about the employee in front of the station. */
export interface ClockState {
  employee: { employee_id: string; name: string } | null;
  clockedIn: boolean;
  clockInTime: string | null;
  needsPin: boolean;
  /** Set when this answer came from the station's own cache (no connection). */
  offline: boolean;
}

export const OFFLINE_SAVED =
  'No connection: the punch is saved on this station and will be sent when the connection returns.';
export const LOCATION_REQUIRED = 'Location is required to punch in or out. Please allow location access.';

export function identityOf(input: string, pin?: string): EmployeeIdentity {
  const text = input.trim();
  const id: EmployeeIdentity = badgeEmployeeRef(text) !== null ? { badge: text } : { employee_id: text };
  if (pin) id.pin = pin;
  return id;
}

async function cachedFor(id: EmployeeIdentity) {
  if (id.badge)
    return stationDb.employees
      .where('ref')
      .equals(badgeEmployeeRef(id.badge) as number)
      .first();
  return stationDb.employees.get(id.employee_id ?? '');
}

async function remember(answer: CheckEmployeeAnswer, id: EmployeeIdentity) {
  const key = answer.employee.employee_id;
  // A badge lookup never asks the PIN: it says nothing of whether typing the ID does.
  const needsPin = id.badge ? (await stationDb.employees.get(key))?.needsPin : answer.needs_pin;
  await stationDb.employees.put({
    key,
    ref: answer.employee.id,
    employee_id: answer.employee.employee_id,
    name: answer.employee.name,
    clockedIn: answer.clocked_in,
    clockInTime: answer.clock_in_time,
    needsPin,
  });
}

/** Looks the employee up on the server, or in the station's cache when there is no connection. */
export async function checkEmployee(id: EmployeeIdentity): Promise<ClockState> {
  try {
    const answer = await stationCall<CheckEmployeeAnswer>('/api/check-employee', id);
    await remember(answer, id);
    return {
      employee: answer.employee,
      clockedIn: answer.clocked_in,
      clockInTime: answer.clock_in_time,
      needsPin: answer.needs_pin && !id.pin && !id.badge,
      offline: false,
    };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const cached = await cachedFor(id);
    if (cached)
      return {
        employee: cached,
        clockedIn: cached.clockedIn,
        clockInTime: cached.clockInTime,
        // Offline the PIN is asked as online and sent with the punch: the server checks it when it syncs.
        needsPin: !!cached.needsPin && !id.pin && !id.badge,
        offline: true,
      };
    // Never seen here before: still take the punch offline; the server checks the ID when it syncs.
    return {
      employee: id.employee_id ? { employee_id: id.employee_id, name: id.employee_id } : null,
      clockedIn: false,
      clockInTime: null,
      needsPin: false,
      offline: true,
    };
  }
}

async function queue(
  kind: 'in' | 'out',
  id: EmployeeIdentity,
  clientId: string,
  deviceTime: string,
  position?: Position,
  screening?: Record<string, string>,
) {
  const item: QueuedPunch = {
    client_id: clientId,
    kind,
    ...id,
    device_time: deviceTime,
    ...position,
    screening,
    state: 'pending',
  };
  await stationDb.punches.put(item);
  const cached = await cachedFor(id);
  const state = { clockedIn: kind === 'in', clockInTime: kind === 'in' ? deviceTime : null };
  if (cached) await stationDb.employees.update(cached.key, state);
  // Someone the station has not seen yet (typed offline): remembered too, so their next punch here is an out.
  else if (id.employee_id)
    await stationDb.employees.put({
      key: id.employee_id,
      ref: 0,
      employee_id: id.employee_id,
      name: id.employee_id,
      ...state,
    });
}

export interface PunchOutcome {
  message: string;
  offline: boolean;
  clockInTime?: string;
  total?: { hours: number; minutes: number; total_minutes: number } | null;
}

/**
 * The server has the punch. With nothing else waiting, the station is in step with the server as
 * of now, so "Last synced" moves too (otherwise it would say "never" on a station that is always online).
 */
async function acknowledged(clientId: string): Promise<void> {
  await stationDb.punches.update(clientId, { state: 'done' });
  if ((await pendingCount()) === 0) await setLastSyncAt(new Date().toISOString());
}

/**
 * Clock in or out. The punch goes to the IndexedDB queue first with its client id, then is sent
 * directly; if the connection fails it stays queued and the background sync sends it later.
 */
export async function punch(
  kind: 'in' | 'out',
  id: EmployeeIdentity,
  position?: Position,
  screening?: Record<string, string>,
): Promise<PunchOutcome> {
  const clientId = newClientId();
  const deviceTime = new Date().toISOString();
  await queue(kind, id, clientId, deviceTime, position, screening);
  const body = {
    ...id,
    client_id: clientId,
    device_time: deviceTime,
    ...position,
    ...(screening ? { screening } : {}),
  };
  try {
    if (kind === 'in') {
      const answer = await stationCall<{ message: string; punch: { time_in: string } }>(
        '/api/clock-in',
        body,
      );
      await acknowledged(clientId);
      return { message: answer.message, offline: false, clockInTime: answer.punch.time_in };
    }
    const answer = await stationCall<ClockOutAnswer>('/api/clock-out', body);
    await acknowledged(clientId);
    const total =
      answer.total_minutes === null
        ? null
        : { hours: answer.hours ?? 0, minutes: answer.minutes ?? 0, total_minutes: answer.total_minutes };
    return { message: answer.message, offline: false, total };
  } catch (e) {
    if (isNetworkError(e)) {
      void syncPending().catch(() => undefined);
      return {
        message: OFFLINE_SAVED,
        offline: true,
        clockInTime: kind === 'in' ? deviceTime : undefined,
        total: null,
      };
    }
    // The server refused it: it is not a punch, so it must not be synced later either.
    await stationDb.punches.delete(clientId);
    const cached = await cachedFor(id);
    if (cached && e instanceof StationApiError && e.code === 'punch.shift_open') {
      await stationDb.employees.update(cached.key, { clockedIn: true });
    }
    throw e;
  }
}

/** The spec's wording for the server's 'already clocked in' refusal. */
export function clockErrorMessage(e: unknown, kind: 'in' | 'out' | 'check'): string {
  if (e instanceof StationApiError && e.status !== 0) {
    if (e.code === 'punch.shift_open') return messages.clock.alreadyClockedIn;
    // An unknown ID reads as the spec words it; an old or foreign badge keeps the server's own reason.
    if (e.status === 404 && e.code !== 'clock.badge_invalid') return messages.clock.invalidEmployeeId;
    return e.message;
  }
  return kind === 'in'
    ? messages.clock.clockInFailed
    : kind === 'out'
      ? messages.clock.clockOutFailed
      : messages.clock.validateFailed;
}
