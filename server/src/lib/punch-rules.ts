/**
 * Time rules of a punch, each a small named function (Kimai style) so each has its own test.
 * Instants are ISO-8601 UTC strings.
 */

/** A device may run a little fast; beyond this its time is not believed. */
export const MAX_DEVICE_CLOCK_AHEAD_MS = 5 * 60_000;
/** Offline punches older than this are refused rather than silently changing old payroll periods. */
export const MAX_OFFLINE_AGE_MS = 31 * 24 * 60 * 60_000;
/** A punch that reaches the server this long after it was made is flagged as late. */
export const LATE_SYNC_MS = 5 * 60_000;

export function deviceTimeProblem(deviceTime: string, receivedAt: string): string | null {
  const device = Date.parse(deviceTime);
  const received = Date.parse(receivedAt);
  if (device > received + MAX_DEVICE_CLOCK_AHEAD_MS)
    return "The punch time is in the future: check the station's clock.";
  if (device < received - MAX_OFFLINE_AGE_MS)
    return 'The punch is more than 31 days old and was not recorded. Ask a manager to add it by hand.';
  return null;
}

export const isLateSync = (deviceTime: string, receivedAt: string): boolean =>
  Date.parse(receivedAt) - Date.parse(deviceTime) > LATE_SYNC_MS;

export const timeOutAfterTimeIn = (timeIn: string, timeOut: string): boolean =>
  Date.parse(timeOut) > Date.parse(timeIn);

/** Worked time as the clock-out answer of spec §3 gives it: whole minutes, split into hours and minutes. */
export function workedTime(
  timeIn: string,
  timeOut: string,
): { hours: number; minutes: number; total_minutes: number } {
  const total = Math.max(0, Math.floor((Date.parse(timeOut) - Date.parse(timeIn)) / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60, total_minutes: total };
}

/** Seconds and minutes since a clock-in, for the employee status list. */
export function elapsedSince(timeIn: string, now: string): { seconds: number; minutes: number } {
  const seconds = Math.max(0, Math.floor((Date.parse(now) - Date.parse(timeIn)) / 1000));
  return { seconds, minutes: Math.floor(seconds / 60) };
}

/** Time rounding (spec §3 Settings): an instant to the nearest `step` minutes. Raw times stay stored; only reports use this. */
export function roundToStep(iso: string, stepMinutes: number | null): string {
  if (!stepMinutes) return iso;
  const step = stepMinutes * 60_000;
  return new Date(Math.round(Date.parse(iso) / step) * step).toISOString();
}

/** The rounding step of a settings value ('5 Minutes' → 5), or null for none. */
export const roundingStep = (setting: string | null): number | null =>
  setting ? Number.parseInt(setting, 10) || null : null;

/** Reported hours to 2 decimals from rounded in and out times; null while open or in Attendance Only mode. */
export function reportedHours(
  timeIn: string,
  timeOut: string | null,
  stepMinutes: number | null,
  attendanceOnly: boolean,
): number | null {
  if (!timeOut || attendanceOnly) return null;
  const ms = Date.parse(roundToStep(timeOut, stepMinutes)) - Date.parse(roundToStep(timeIn, stepMinutes));
  return Math.round((Math.max(0, ms) / 3_600_000) * 100) / 100;
}
