import type { TimeRules } from './time-rules';
import { roundToStep } from './rounding';

/** A punch's interval as stored: ISO UTC instants; `timeOut` is null while the shift is open. */
export interface Interval {
  timeIn: string;
  timeOut: string | null;
}

/**
 * The one definition of time worked: whole minutes between the in and out times rounded by the account's
 * Time Rounding (on its local wall clock). An open shift has worked nothing yet; out before in counts 0.
 * Raw seconds are dropped (floor) after rounding, so 8h 59m 59s unrounded is 539 minutes.
 */
export function workedMinutes(p: Interval, rules: Pick<TimeRules, 'step' | 'zone'>): number {
  if (!p.timeOut) return 0;
  const ms =
    Date.parse(roundToStep(p.timeOut, rules.step, rules.zone)) -
    Date.parse(roundToStep(p.timeIn, rules.step, rules.zone));
  return Math.max(0, Math.floor(ms / 60_000));
}

/**
 * Minutes a person is paid for: worked minutes, except that an open shift is never paid and Attendance Only
 * records presence with no hours. Lunch and Break deductions (reports issue) are further steps here.
 */
export function payableMinutes(
  p: Interval,
  rules: Pick<TimeRules, 'step' | 'zone' | 'attendanceOnly'>,
): number {
  if (rules.attendanceOnly || !p.timeOut) return 0;
  return workedMinutes(p, rules);
}

/** Minutes as the clock-out answer gives them: hours, minutes and the total. */
export const splitMinutes = (total: number) => ({
  hours: Math.floor(total / 60),
  minutes: total % 60,
  total_minutes: total,
});

/** Hours to 2 decimals, as every screen shows them (90 → 1.5): the contract's, re-exported for the time engine. */
export { hoursFromMinutes } from '@punchclock/contract';

/** Seconds and minutes since a clock-in, for the employee status list. */
export function elapsedSince(timeIn: string, now: string): { seconds: number; minutes: number } {
  const seconds = Math.max(0, Math.floor((Date.parse(now) - Date.parse(timeIn)) / 1000));
  return { seconds, minutes: Math.floor(seconds / 60) };
}
