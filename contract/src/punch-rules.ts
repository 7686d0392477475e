/**
 * The pure punch predicates that forms, the contract and the server share. The server's named rules
 * (server/src/modules/punches/rules/) wrap these into refusals with codes; nobody writes them again.
 */

/**
 * Time out strictly after time in. Works on ISO-8601 UTC instants (same format and length) and on 'HH:MM'
 * wall-clock times of one day alike, because both compare as text in time order.
 */
export const timeOutAfterTimeIn = (timeIn: string, timeOut: string): boolean => timeOut > timeIn;

/**
 * The Time Out a punch form may take for `timeIn` ('HH:MM' both): after it on the same day, or, for a shift that
 * ends the next day (a night shift), at most 24 hours on (not after the Time In's clock time). null when it fits;
 * otherwise which rule it breaks.
 */
export const wallClockOutProblem = (
  timeIn: string,
  timeOut: string,
  outNextDay: boolean,
): 'out_before_in' | 'next_day_too_long' | null =>
  outNextDay
    ? timeOut <= timeIn
      ? null
      : 'next_day_too_long'
    : timeOutAfterTimeIn(timeIn, timeOut)
      ? null
      : 'out_before_in';

/**
 * The longest shift a clock-out may close: 24 hours, as a manual punch's Time Out on the next day. A clock-out
 * after that is a forgotten one (last night's clock-in still open), which a manager fixes, not a 26-hour pay day.
 */
export const MAX_SHIFT_MS = 24 * 60 * 60_000;

export const isShiftTooLong = (timeIn: string, timeOut: string): boolean =>
  Date.parse(timeOut) - Date.parse(timeIn) > MAX_SHIFT_MS;

/** A device's or a person's clock may run this far ahead of the server's before a punch counts as "in the future". */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Offline punches older than this are refused rather than silently changing old payroll periods. */
export const MAX_OFFLINE_AGE_MS = 31 * 24 * 60 * 60_000;

/** A synced punch that reaches the server this long after it was made is flagged as late. */
export const LATE_SYNC_MS = 5 * 60_000;
/** A station clock off by this much or less is left alone (docs/RULES.md#station-clock). */
export const STATION_CLOCK_TOLERANCE_MS = 2 * 60_000;

export const isInFuture = (instant: string, now: string): boolean =>
  Date.parse(instant) > Date.parse(now) + FUTURE_TOLERANCE_MS;

export const isLateSync = (deviceTime: string, receivedAt: string): boolean =>
  Date.parse(receivedAt) - Date.parse(deviceTime) > LATE_SYNC_MS;
