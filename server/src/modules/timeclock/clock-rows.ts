import { isLateSync, messages, type PunchSource } from '@punchclock/contract';
import type { Caller } from '../../auth/access';
import { unprocessable } from '../../lib/errors';
import { localDay } from '../../lib/time';
import type { NewPunch } from '../punches/punches.repository';
import type { TimeRules } from '../time/time-rules';
import type { ClockEmployee } from './clock.repository';

/** The settings that change clocking, with the account's time rules. */
export interface ClockSettings {
  require_location: number;
  enable_covid_screening: number;
  enable_gps_tracking: number;
  rules: TimeRules;
}

type Position = { latitude?: number; longitude?: number; accuracy?: number };

/** Require Location refuses a punch without a position; COVID screening needs answers at clock-in. */
export function requireClockSettings(
  settings: ClockSettings,
  kind: 'in' | 'out',
  body: Position & { screening?: Record<string, string> },
) {
  if (settings.require_location && (body.latitude === undefined || body.longitude === undefined))
    throw unprocessable(messages.clock.locationRequired, undefined, 'clock.location_required');
  const unanswered = !body.screening || Object.keys(body.screening).length === 0;
  if (kind === 'in' && settings.enable_covid_screening && unanswered)
    throw unprocessable(messages.clock.screeningRequired, undefined, 'clock.screening_required');
}

/** A punch's position is kept only when GPS tracking or Require Location is on. */
export const keepPosition = (settings: ClockSettings, b: Position) =>
  settings.enable_gps_tracking || settings.require_location
    ? { latitude: b.latitude ?? null, longitude: b.longitude ?? null, accuracy: b.accuracy ?? null }
    : { latitude: null, longitude: null, accuracy: null };

/** Where a clock-in came from: a station, an employee's own login, or a manager's clock page. */
export const sourceOf = (caller: Caller): PunchSource =>
  caller.stationId ? 'station' : caller.employeeRef ? 'web' : 'manager';

/** The row of one clock-in. `at` is the punch time: the server's for a live punch, the device's for a synced one. */
export function clockInRow(
  caller: Caller,
  e: ClockEmployee,
  settings: ClockSettings,
  b: Position & { client_id: string; device_time?: string; screening?: Record<string, string> },
  at: string,
  receivedAt: string,
): NewPunch {
  const pos = keepPosition(settings, b);
  return {
    employee_ref: e.id,
    client_id: b.client_id,
    clock_out_client_id: null,
    work_date: localDay(new Date(at), settings.rules.zone),
    time_in: at,
    time_out: null,
    device_time_in: b.device_time ?? null,
    device_time_out: null,
    received_in_at: receivedAt,
    received_out_at: null,
    late_sync: b.device_time && isLateSync(b.device_time, receivedAt) ? 1 : 0,
    source: sourceOf(caller),
    station_id: caller.stationId,
    station_out_id: null,
    notes: null,
    ...pos,
    latitude_out: null,
    longitude_out: null,
    accuracy_out: null,
    screening: b.screening ? JSON.stringify(b.screening) : null,
    conflict: null,
    created_by_user_id: caller.userId,
    deleted_at: null,
  };
}
