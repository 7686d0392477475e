import {
  type BreakAnswer,
  type CheckEmployeeAnswer,
  type ClockOutAnswer,
  elapsedText,
  type EmployeeIdentity,
  messages,
  type SyncKind,
} from '@punchclock/contract';
import {
  badgeEmployeeRef,
  badgeVersionOf,
  isNetworkError,
  stationCall,
  StationApiError,
} from './station-api';
import {
  type CachedEmployee,
  newClientId,
  pendingCount,
  type QueuedPunch,
  rosterReadAt,
  setLastSyncAt,
  stationDb,
} from './queue';
import { deviceClock } from './device-clock';
import { checkPinOffline, hintAfterRightPin } from './pin-hint';
import { syncPending } from './sync';
import { getPosition, totalText, type Position } from './clock-text';

export { elapsedText, getPosition, totalText, type Position };

/** What the clock panel shows about the employee in front of the station. */
export interface ClockState {
  employee: { employee_id: string; name: string } | null;
  clockedIn: boolean;
  clockInTime: string | null;
  /** When their break inside the open shift started, null when they are not on a break. */
  breakStartTime: string | null;
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
  const old = await stationDb.employees.get(key);
  // A badge lookup never asks the PIN: it says nothing of whether typing the ID does.
  const needsPin = id.badge ? old?.needsPin : answer.needs_pin;
  await stationDb.employees.put({
    key,
    ref: answer.employee.id,
    employee_id: answer.employee.employee_id,
    name: answer.employee.name,
    clockedIn: answer.clocked_in,
    clockInTime: answer.clock_in_time,
    breakStartTime: answer.break_start_time ?? null,
    needsPin,
    // The server answered, so they may punch; a badge it took is the current print.
    canPunch: true,
    badgeVersion: (id.badge ? badgeVersionOf(id.badge) : null) ?? old?.badgeVersion,
    // The server took this PIN: a hint that disagrees with it is stale (the PIN changed) and is dropped.
    pinHint: id.pin ? await hintAfterRightPin(answer.employee.id, id.pin, old?.pinHint) : old?.pinHint,
  });
}

/**
 * The first step at the station: who is in front of it. `pin` means the PIN is asked before anything about the
 * employee is shown (name, status); `ready` carries what the panel shows and the action that fits it.
 */
export type LookUp = { step: 'pin' } | { step: 'ready'; state: ClockState };

/** A refusal the station makes itself, offline, for a reason the server would give too. */
const refusedHere = (message: string, code: string) => new StationApiError(403, message, code);

const stateOf = (answer: CheckEmployeeAnswer, offline = false): ClockState => ({
  employee: answer.employee,
  clockedIn: answer.clocked_in,
  clockInTime: answer.clock_in_time,
  breakStartTime: answer.break_start_time ?? null,
  offline,
});

const cachedState = (cached: CachedEmployee): ClockState => ({
  employee: { employee_id: cached.employee_id, name: cached.name },
  clockedIn: cached.clockedIn,
  clockInTime: cached.clockInTime,
  breakStartTime: cached.clockedIn ? (cached.breakStartTime ?? null) : null,
  offline: true,
});

/** Offline: what the server would refuse of a known employee, refused here (no punch is shown as taken). */
function admitOffline(cached: CachedEmployee, id: EmployeeIdentity): ClockState {
  if (cached.canPunch === false) throw refusedHere(messages.clock.notAllowed, 'clock.not_allowed');
  const version = id.badge ? badgeVersionOf(id.badge) : null;
  if (version !== null && cached.badgeVersion !== undefined && version !== cached.badgeVersion)
    throw refusedHere(messages.clock.badgeInvalid, 'clock.badge_invalid');
  return cachedState(cached);
}

/**
 * Someone the station's roster does not hold. Once the roster has been read, the server would refuse the ID as
 * unknown, so the station does too; a station that never read it (paired and cut off at once) takes the punch,
 * and the server decides when it syncs.
 */
async function unknownOffline(id: EmployeeIdentity): Promise<ClockState> {
  if (await rosterReadAt())
    throw id.badge
      ? refusedHere(messages.clock.badgeInvalid, 'clock.badge_invalid')
      : refusedHere(messages.clock.invalidEmployeeId, 'clock.employee_unknown');
  return {
    employee: { employee_id: id.employee_id ?? '', name: id.employee_id ?? 'Badge' },
    clockedIn: false,
    clockInTime: null,
    breakStartTime: null,
    offline: true,
  };
}

/**
 * Looks the employee up without a PIN: on the server, or in the station's roster when there is no connection.
 * Whoever types an ID that asks a PIN is asked it before anything else, offline too, and so is an ID the
 * roster lacks (asking only known IDs would tell a stranger which IDs exist).
 */
export async function lookUp(id: EmployeeIdentity): Promise<LookUp> {
  try {
    const answer = await stationCall<CheckEmployeeAnswer>('/api/check-employee', id);
    await remember(answer, id);
    return answer.needs_pin && !id.badge ? { step: 'pin' } : { step: 'ready', state: stateOf(answer) };
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const cached = await cachedFor(id);
    if (id.badge)
      return { step: 'ready', state: cached ? admitOffline(cached, id) : await unknownOffline(id) };
    if (!cached || cached.needsPin) return { step: 'pin' };
    return { step: 'ready', state: admitOffline(cached, id) };
  }
}

/**
 * The PIN step: online the server checks the PIN (wrong ones count towards its lock) before the employee is
 * shown; offline the station refuses and counts a PIN its hint shows wrong, under the server's limits
 * (pin-hint.ts), and one that may be right goes with the punch for the server to check when it syncs.
 */
export async function confirmPin(id: EmployeeIdentity): Promise<ClockState> {
  try {
    const answer = await stationCall<CheckEmployeeAnswer>('/api/check-employee', id);
    await remember(answer, id);
    return stateOf(answer);
  } catch (e) {
    if (!isNetworkError(e)) throw e;
    const cached = await cachedFor(id);
    if (!cached) return unknownOffline(id);
    const state = admitOffline(cached, id);
    if (cached.needsPin && id.pin) await checkPinOffline(cached, id.pin);
    return state;
  }
}

/** What a punch of `kind` made at `at` changes in what the station knows of the employee. */
export function stateAfter(kind: SyncKind, at: string) {
  switch (kind) {
    case 'in':
      return { clockedIn: true, clockInTime: at, breakStartTime: null };
    case 'out':
      return { clockedIn: false, clockInTime: null, breakStartTime: null };
    case 'break_start':
      return { breakStartTime: at };
    case 'break_end':
      return { breakStartTime: null };
  }
}

async function queue(
  kind: SyncKind,
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
    boot_id: deviceClock.currentBoot(),
  };
  await stationDb.punches.put(item);
  const cached = await cachedFor(id);
  const state = stateAfter(kind, deviceTime);
  if (cached) await stationDb.employees.update(cached.key, state);
  // Someone the station has not seen yet (typed offline): remembered too, so their next punch here is an out.
  else if (id.employee_id)
    await stationDb.employees.put({
      key: id.employee_id,
      ref: 0,
      employee_id: id.employee_id,
      name: id.employee_id,
      clockedIn: false,
      clockInTime: null,
      ...state,
      needsPin: !!id.pin,
    });
}

export interface PunchOutcome {
  message: string;
  offline: boolean;
  /** When the punch was taken: the server's time, or the station's own for a punch saved offline. */
  at: string;
  clockInTime?: string;
  /** Start Break: when the break started (the server's time, or the station's own offline). */
  breakStartTime?: string;
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

/** The live route of each kind of punch. */
const ROUTES: Record<SyncKind, string> = {
  in: '/api/clock-in',
  out: '/api/clock-out',
  break_start: '/api/break-start',
  break_end: '/api/break-end',
};

/**
 * Clock in or out, or start or end a break (docs/RULES.md#breaks-at-the-clock). The punch goes to the IndexedDB
 * queue first with its client id, then is sent directly; if the connection fails it stays queued and the
 * background sync sends it later.
 */
export async function punch(
  kind: SyncKind,
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
    if (kind === 'break_start' || kind === 'break_end') {
      const answer = await stationCall<BreakAnswer>(ROUTES[kind], body);
      await acknowledged(clientId);
      const { started_at, ended_at } = answer.break;
      return kind === 'break_start'
        ? { message: answer.message, offline: false, at: started_at, breakStartTime: started_at }
        : { message: answer.message, offline: false, at: ended_at ?? started_at };
    }
    if (kind === 'in') {
      const answer = await stationCall<{ message: string; punch: { time_in: string } }>(ROUTES.in, body);
      await acknowledged(clientId);
      const at = answer.punch.time_in;
      return { message: answer.message, offline: false, at, clockInTime: at };
    }
    const answer = await stationCall<ClockOutAnswer>(ROUTES.out, body);
    await acknowledged(clientId);
    const total =
      answer.total_minutes === null
        ? null
        : { hours: answer.hours ?? 0, minutes: answer.minutes ?? 0, total_minutes: answer.total_minutes };
    return { message: answer.message, offline: false, at: answer.time_out, total };
  } catch (e) {
    if (isNetworkError(e)) {
      void syncPending().catch(() => undefined);
      return {
        message: OFFLINE_SAVED,
        offline: true,
        at: deviceTime,
        clockInTime: kind === 'in' ? deviceTime : undefined,
        breakStartTime: kind === 'break_start' ? deviceTime : undefined,
        total: null,
      };
    }
    // The server refused it: it is not a punch, so it must not be synced later either.
    await stationDb.punches.delete(clientId);
    const cached = await cachedFor(id);
    if (cached && e instanceof StationApiError && e.code === 'punch.shift_open') {
      await stationDb.employees.update(cached.key, { clockedIn: true });
    }
    // The server knows better whether a break is open: what the station believed is set right.
    if (cached && e instanceof StationApiError && e.code === 'break.not_open')
      await stationDb.employees.update(cached.key, { breakStartTime: null });
    throw e;
  }
}

/** The catalogue's wording for the server's 'already clocked in' refusal. */
export function clockErrorMessage(e: unknown, kind: SyncKind | 'check'): string {
  if (e instanceof StationApiError && e.status !== 0) {
    if (e.code === 'punch.shift_open') return messages.clock.alreadyClockedIn;
    // An unknown ID reads as the catalogue words it; an old or foreign badge keeps the server's own reason.
    if (e.status === 404 && e.code !== 'clock.badge_invalid') return messages.clock.invalidEmployeeId;
    return e.message;
  }
  const failed: Record<SyncKind | 'check', string> = {
    in: messages.clock.clockInFailed,
    out: messages.clock.clockOutFailed,
    break_start: messages.clock.breakStartFailed,
    break_end: messages.clock.breakEndFailed,
    check: messages.clock.validateFailed,
  };
  return failed[kind];
}
