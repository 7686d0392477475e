import type { PunchRow } from './punches.repository';
import { daysBetween } from '../time/calendar';
import { roundToStep } from '../time/rounding';
import type { TimeRules } from '../time/time-rules';
import { hoursFromMinutes, workedMinutes } from '../time/worked';
import { localDay, localTime } from '../../lib/time';

/** A punch as the activity log keeps it: its values in the account's zone, not how the account shows them. */
export function punchRecord(p: PunchRow, rules: TimeRules, showPosition: boolean) {
  const local = (iso: string | null) => (iso ? localTime(new Date(iso), rules.zone) : null);
  const rounded = (iso: string | null) => (iso ? roundToStep(iso, rules.step, rules.zone) : null);
  return {
    id: p.id,
    employee_id: p.employee_ref,
    date: p.work_date,
    time_in: local(p.time_in) as string,
    time_out: local(p.time_out),
    out_days_later: p.time_out ? daysBetween(p.work_date, localDay(new Date(p.time_out), rules.zone)) : 0,
    rounded_time_in: local(rounded(p.time_in)) as string,
    rounded_time_out: local(rounded(p.time_out)),
    display_rounded: rules.displayRounded && !!rules.step,
    // Reported hours: the one definition of worked time (modules/time); none while open or in Attendance Only.
    hours:
      !p.time_out || rules.attendanceOnly
        ? null
        : hoursFromMinutes(workedMinutes({ timeIn: p.time_in, timeOut: p.time_out }, rules)),
    deduction: p.deduction,
    type: p.type,
    notes: p.notes,
    source: p.source,
    late_sync: !!p.late_sync,
    conflict: p.conflict,
    latitude: showPosition ? p.latitude : null,
    longitude: showPosition ? p.longitude : null,
  };
}

/** A punch as the API answers it: the values plus the account's Date Format and Time Format, which screens apply. */
export const punchView = (p: PunchRow, rules: TimeRules, showPosition: boolean) => ({
  ...punchRecord(p, rules, showPosition),
  clock_correction: clockCorrection(p),
  date_format: rules.dateFormat,
  time_format: rules.timeFormat,
});

/** A synced punch moved because its station's clock was off (docs/RULES.md#station-clock): seconds in and out. */
export const clockCorrection = (p: Pick<PunchRow, 'clock_correction_in' | 'clock_correction_out'>) =>
  p.clock_correction_in == null && p.clock_correction_out == null
    ? null
    : { time_in: p.clock_correction_in ?? null, time_out: p.clock_correction_out ?? null };
