import { z } from 'zod';
import { messages } from './messages';
import { positiveId } from './people';

/**
 * Schedules (docs/RULES.md#schedules): per department, and per employee as an override, the expected start and
 * end of each weekday, or a day off. They feed late arrivals, early departures and absences (the dashboard's
 * "Late arrivals" tile, the "Late and Absent" report).
 */

/**
 * The weekday names, as the account's week names its days (settings' WEEK_STARTS uses the same words); index
 * = the weekday number (0 = Sunday), as a local date's getUTCDay() answers it.
 */
export const SCHEDULE_WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type ScheduleWeekday = (typeof SCHEDULE_WEEKDAYS)[number];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since local midnight of an `HH:MM` time. */
export const minutesOfTime = (time: string): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `HH:MM` of minutes since local midnight (0 to 1439). */
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * One weekday: `{start, end}` local times, or null for a day off. The end is after the start on the same day:
 * a night schedule over midnight is refused with a message saying so (a day's lateness is measured against
 * that day's start; splitting a night into two days keeps that rule simple and visible).
 */
const scheduleDay = (day: ScheduleWeekday) => {
  const time = (field: string) =>
    z
      .string({ error: messages.schedules.time(day, field) })
      .regex(HH_MM, messages.schedules.time(day, field));
  return z
    .strictObject({ start: time('start'), end: time('end') }, { error: messages.schedules.dayShape(day) })
    .refine((d) => minutesOfTime(d.end) > minutesOfTime(d.start), {
      message: messages.schedules.endAfterStart(day),
      path: ['end'],
    })
    .nullable();
};
export type ScheduleDay = { start: string; end: string } | null;

/** Every weekday, each a day or null (day off); an unknown or misspelt name is refused. */
export const scheduleDays = z.strictObject(
  Object.fromEntries(SCHEDULE_WEEKDAYS.map((d) => [d, scheduleDay(d)])) as {
    [K in ScheduleWeekday]: ReturnType<typeof scheduleDay>;
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? messages.schedules.unknownDays(issue.keys, SCHEDULE_WEEKDAYS)
        : messages.schedules.daysShape(SCHEDULE_WEEKDAYS),
  },
);
export type ScheduleDays = Record<ScheduleWeekday, ScheduleDay>;

/** PUT /api/schedules: a department's schedule. */
export const departmentScheduleBody = z.strictObject(
  { department_id: positiveId('department_id'), days: scheduleDays },
  { error: messages.schedules.bodyShape },
);
export type DepartmentScheduleBody = z.output<typeof departmentScheduleBody>;

/** PUT /api/employees/:id/schedule: an employee's own schedule, or null to follow the department's again. */
export const employeeScheduleBody = z.strictObject(
  { days: scheduleDays.nullable() },
  { error: messages.schedules.employeeBodyShape },
);
export type EmployeeScheduleBody = z.output<typeof employeeScheduleBody>;

const answerDays = z.record(
  z.enum(SCHEDULE_WEEKDAYS),
  z.object({ start: z.string(), end: z.string() }).nullable(),
);

/** GET /api/schedules: the department schedules and employee overrides within the caller's reach. */
export const schedulesAnswer = z.object({
  departments: z.array(z.object({ department_id: z.number().int(), days: answerDays })),
  employees: z.array(
    z.object({ employee_ref: z.number().int(), department_id: z.number().int(), days: answerDays }),
  ),
});
export type SchedulesAnswer = z.infer<typeof schedulesAnswer>;

/** What a PUT answers: a message and the schedule as saved (null: the override was cleared). */
export const scheduleSaved = z.object({ message: z.string(), days: answerDays.nullable() });
export type ScheduleSaved = z.infer<typeof scheduleSaved>;

/** A day off on every weekday: where a schedule form starts when there is none yet. */
export const NO_SCHEDULE: ScheduleDays = Object.fromEntries(
  SCHEDULE_WEEKDAYS.map((d) => [d, null]),
) as ScheduleDays;
