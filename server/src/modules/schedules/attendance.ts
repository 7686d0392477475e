import {
  minutesOfTime,
  type PayPresetName,
  payRuleOverrides,
  resolveRuleSet,
  SCHEDULE_WEEKDAYS,
  type ScheduleDays,
  timeOfMinutes,
} from '@punchclock/contract';
import { zonedToUtc } from '../../lib/time';
import { weekdayOf } from '../time/calendar';
import type { DayFigures } from '../time/engine';
import { ruleSetOn, type RuleVersion } from '../time/pay/pipeline';
import type { ScheduleRow } from './schedules.repository';

/**
 * Late arrivals, early departures and absences (docs/RULES.md#schedules): pure functions over one employee's
 * local day, its schedule and the grace minutes of the pay rules in force that day. No database, no clock of
 * their own: the caller passes `now`.
 */

/** A scheduled day: local minutes since midnight, end after start (the contract refuses a night schedule). */
export interface Shift {
  start: number;
  end: number;
}
/** A week's schedule by weekday number (0 = Sunday); null: a day off. */
export type Week = readonly (Shift | null)[];

/** Minutes after the start a first clock-in is still on time, and before the end a last clock-out is not early. */
export interface Grace {
  late: number;
  early: number;
}

export interface DayAttendance {
  /** The scheduled start and end as instants (ISO UTC), read on the day's wall clock in the account zone. */
  scheduledStart: string;
  scheduledEnd: string;
  /** Whole minutes from the scheduled start to the first clock-in, when that is after start + late grace; else 0. */
  minutesLate: number;
  /** Whole minutes from the last clock-out to the scheduled end, when that is before end − early grace; else 0. */
  minutesEarly: number;
  /** Scheduled, no work clock-in, and start + late grace has passed. */
  absent: boolean;
}

const MINUTE_MS = 60_000;

/**
 * One day against its schedule. `firstIn`/`lastOut` are the day's first work clock-in and last clock-out (raw,
 * unrounded: lateness is when the person came, not what pay rounding made of it); `open` says a work shift of
 * the day is still open, so it has no departure yet. Answers null on a day without a scheduled shift.
 */
export function dayAttendance(input: {
  day: string;
  shift: Shift | null;
  firstIn: string | null;
  lastOut: string | null;
  open: boolean;
  zone: string;
  grace: Grace;
  now: Date;
}): DayAttendance | null {
  const { day, shift, zone, grace } = input;
  if (!shift) return null;
  const start = zonedToUtc(day, timeOfMinutes(shift.start), zone).getTime();
  const end = zonedToUtc(day, timeOfMinutes(shift.end), zone).getTime();
  const firstIn = input.firstIn ? Date.parse(input.firstIn) : null;
  const lastOut = input.lastOut && !input.open ? Date.parse(input.lastOut) : null;
  const lateAfter = start + grace.late * MINUTE_MS;
  const earlyBefore = end - grace.early * MINUTE_MS;
  return {
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(end).toISOString(),
    minutesLate: firstIn !== null && firstIn > lateAfter ? Math.floor((firstIn - start) / MINUTE_MS) : 0,
    minutesEarly: lastOut !== null && lastOut < earlyBefore ? Math.floor((end - lastOut) / MINUTE_MS) : 0,
    absent: firstIn === null && input.now.getTime() > lateAfter,
  };
}

/** A week of stored rows (seven of one owner) by weekday. */
function weekOfRows(rows: readonly ScheduleRow[]): Week {
  const week: (Shift | null)[] = SCHEDULE_WEEKDAYS.map(() => null);
  for (const r of rows)
    if (r.start_minute !== null && r.end_minute !== null)
      week[r.weekday] = { start: r.start_minute, end: r.end_minute };
  return week;
}

/** A week as the API and the forms write it: weekday names, `HH:MM` times, null for a day off. */
export const daysOfWeek = (week: Week): ScheduleDays =>
  Object.fromEntries(
    SCHEDULE_WEEKDAYS.map((name, i) => {
      const s = week[i];
      return [name, s ? { start: timeOfMinutes(s.start), end: timeOfMinutes(s.end) } : null];
    }),
  ) as ScheduleDays;

/** The seven rows a PUT stores for `days` (checked by the contract: end after start). */
export const rowsOfDays = (days: ScheduleDays) =>
  SCHEDULE_WEEKDAYS.map((name, weekday) => {
    const d = days[name];
    return {
      weekday,
      start_minute: d ? minutesOfTime(d.start) : null,
      end_minute: d ? minutesOfTime(d.end) : null,
    };
  });

/** The account's schedules by owner: departments' and employees' overrides. */
export function schedulePlan(rows: readonly ScheduleRow[]) {
  const byDepartment = new Map<number, ScheduleRow[]>();
  const byEmployee = new Map<number, ScheduleRow[]>();
  for (const r of rows) {
    const [map, key] =
      r.employee_id !== null ? [byEmployee, r.employee_id] : [byDepartment, r.department_id!];
    map.set(key, [...(map.get(key) ?? []), r]);
  }
  const weeks = (m: Map<number, ScheduleRow[]>) => new Map([...m].map(([k, v]) => [k, weekOfRows(v)]));
  const departments = weeks(byDepartment);
  const employees = weeks(byEmployee);
  return {
    departments,
    employees,
    /** The week an employee works to: their own override, else their department's, else none (null). */
    weekOf: (employeeRef: number, departmentId: number | null): Week | null =>
      employees.get(employeeRef) ?? (departmentId === null ? null : departments.get(departmentId)) ?? null,
  };
}

/** A local day's scheduled shift in a week (null: a day off or no schedule). */
export const shiftOn = (week: Week | null, day: string): Shift | null => week?.[weekdayOf(day)] ?? null;

/**
 * The grace minutes in force on each day, from the account's stored pay-rule versions (the latest version with
 * effective_from ≤ the day; `none`, 0 and 0, before the first): docs/RULES.md#pay-rule-versions.
 */
export function graceByDay(
  stored: readonly { effective_from: string; preset: string; overrides: string }[],
): (day: string) => Grace {
  const versions: RuleVersion[] = stored.map((v) => {
    const preset = v.preset as PayPresetName;
    return {
      effective_from: v.effective_from,
      preset,
      rules: resolveRuleSet(preset, payRuleOverrides.parse(JSON.parse(v.overrides))),
    };
  });
  return (day) => {
    const { rules } = ruleSetOn(versions, day);
    return { late: rules.late_grace_minutes, early: rules.early_grace_minutes };
  };
}

/** What reading a day of the time engine against its schedule needs: the plan, the grace by day, zone and now. */
export interface AttendanceBook {
  plan: ReturnType<typeof schedulePlan>;
  graceOn: (day: string) => Grace;
  zone: string;
  now: Date;
}

/** The book of an account, from its stored schedule rows and pay-rule versions (attendance.repository.ts). */
export const attendanceBook = (
  rows: readonly ScheduleRow[],
  versions: Parameters<typeof graceByDay>[0],
  zone: string,
  now: Date,
): AttendanceBook => ({ plan: schedulePlan(rows), graceOn: graceByDay(versions), zone, now });

/**
 * One employee's day of the time engine (its raw first in and last out, open shifts) against their schedule;
 * null on a day with nothing scheduled.
 */
export function attendanceOf(
  book: AttendanceBook,
  employee: { id: number; department_id: number | null },
  day: string,
  d: Pick<DayFigures, 'rawFirstIn' | 'rawLastOut' | 'openShifts'> | undefined,
): DayAttendance | null {
  return dayAttendance({
    day,
    shift: shiftOn(book.plan.weekOf(employee.id, employee.department_id), day),
    firstIn: d?.rawFirstIn ?? null,
    lastOut: d?.rawLastOut ?? null,
    open: (d?.openShifts ?? 0) > 0,
    zone: book.zone,
    grace: book.graceOn(day),
    now: book.now,
  });
}
