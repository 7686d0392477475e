import { z } from 'zod';

/**
 * The manager's dashboard (/HomeSecond, GET /api/dashboard): one answer with who is in, today's figures,
 * forgotten clock-outs and this week's paid hours by department. Days are days in the account's zone; hours
 * come from the server's time engine (minutes here, like reports).
 */

/** How often the web refreshes the dashboard (the "Who is in" tile), in milliseconds. */
export const DASHBOARD_REFRESH_MS = 30_000;

/**
 * Where a manager fixes a forgotten clock-out: the employee's page with that open punch's edit dialog open (a new
 * manual punch over the same hours would be refused as an overlap of the open shift).
 */
export const EDIT_PUNCH_PARAM = 'edit_punch';
export const fixClockOutPath = (employeeRef: number, punchId: number) =>
  `/Employee/${employeeRef}?${EDIT_PUNCH_PARAM}=${punchId}`;

const openShift = z.object({
  /** The employee's record id (employees.id). */
  employee_ref: z.number().int(),
  /** The Employee ID people type at the clock. */
  employee_id: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  /** Clock-in instant, ISO 8601 UTC. */
  since: z.string(),
});
export type DashboardOpenShift = z.infer<typeof openShift>;

export const dashboardAnswer = z.object({
  /** The account's IANA zone: screens show `since` in it. */
  time_zone: z.string(),
  /** Today and the first day of this week (the account week start, Monday by default), YYYY-MM-DD in the account zone. */
  today: z.string(),
  week_start: z.string(),
  /** Current (not deleted) employees; 0 means the account is still being set up. */
  employee_count: z.number().int(),
  /** Employees with an open work shift, longest in first. */
  in_now: z.array(openShift),
  /** Punches whose shift started today (work, lunch and break), in departments that count in reports. */
  punches_today: z.number().int(),
  /** Of those, punches flagged late_sync: synced from an offline station long after they were made. */
  late_syncs_today: z.number().int(),
  /**
   * Employees with a schedule today whose first work clock-in came after the scheduled start + the pay rules'
   * late grace (docs/RULES.md#schedules).
   */
  late_arrivals_today: z.number().int(),
  /**
   * Open work shifts older than the account's forgotten_after_minutes (pay period settings; 720 unless changed),
   * oldest first, with where to fix each.
   */
  forgotten_clock_outs: z.array(openShift.extend({ fix_path: z.string() })),
  /** The account's forgotten_after_minutes those are counted by. */
  forgotten_after_minutes: z.number().int(),
  /** Paid minutes from the week start to today by department (the time engine's figures, as Payroll Summary). */
  hours_by_department: z.array(
    z.object({ department_id: z.number().int(), department: z.string(), paid_minutes: z.number().int() }),
  ),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** 720 → "12 hours", 90 → "90 minutes": how long before an open shift is a forgotten clock-out, in words. */
export const forgottenAfterText = (minutes: number): string =>
  minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
