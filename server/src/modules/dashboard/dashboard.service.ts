import { type DashboardAnswer, fixClockOutPath } from '@punchclock/contract';
import { type Caller, reachOf, requireAccess } from '../../auth/access';
import { forbidden } from '../../lib/errors';
import { localDay } from '../../lib/time';
import { attendanceBook, attendanceOf } from '../schedules/attendance';
import type { SettingsRepository } from '../settings/settings.repository';
import { weekStartOf } from '../time/calendar';
import { periodFigures } from '../time/period';
import { timeRulesFor } from '../time/time-rules';
import type { DashboardRepository } from './dashboard.repository';

export function dashboardService(deps: {
  repo: DashboardRepository;
  settings: Pick<SettingsRepository, 'timeRulesRow'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const rulesOf = timeRulesFor(deps.settings);
  const now = deps.now ?? (() => new Date());

  return {
    /** GET /api/dashboard: the manager's home figures for the caller's account (and departments). */
    async overview(caller: Caller): Promise<DashboardAnswer> {
      // Administrators only (a department-scoped one sees their departments): an employee's `own` scopes and a
      // station do not reach it.
      const reports = requireAccess(caller, 'reports:run');
      const people = requireAccess(caller, 'employees:read');
      if (reports !== 'all' || people !== 'all' || caller.userId === null) throw forbidden();

      const { accountId } = caller;
      const reach = reachOf(caller);
      const rules = await rulesOf(accountId);
      const at = now();
      const today = localDay(at, rules.zone);
      const weekStart = weekStartOf(today, rules.weekStart);

      const [forgottenAfter, employeeCount, open, employees, scheduleRows, versions] = await Promise.all([
        repo.forgottenAfterMinutes(accountId),
        repo.employeeCount(accountId, reach),
        repo.openShifts(accountId, reach),
        repo.reportedEmployees(accountId, reach),
        repo.scheduleRows(accountId),
        repo.payRuleVersions(accountId),
      ]);

      // The time engine is the only place hours come from; today's counts are its figures for today too.
      const days = await periodFigures(
        repo,
        accountId,
        rules,
        employees.map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents })),
        { start: weekStart, end: today },
      );
      const todays = days.filter((d) => d.day === today);
      const departmentOf = new Map(employees.map((e) => [e.id, e.department_id]));
      // Late arrivals: scheduled today, first work clock-in after start + the late grace in force today.
      const book = attendanceBook(scheduleRows, versions, rules.zone, at);
      const lateArrivals = todays.filter(
        (d) =>
          (attendanceOf(
            book,
            { id: d.employeeRef, department_id: departmentOf.get(d.employeeRef) ?? null },
            today,
            d,
          )?.minutesLate ?? 0) > 0,
      ).length;
      const nameOf = new Map(employees.map((e) => [e.department_id, e.dp_name]));

      // Every department with a current employee shows, even at 0 hours; departments of people who left
      // show when they worked this week.
      const minutes = new Map<number, number>();
      for (const e of employees) if (e.deleted_at === null) minutes.set(e.department_id, 0);
      for (const d of days) {
        const id = departmentOf.get(d.employeeRef) as number;
        minutes.set(id, (minutes.get(id) ?? 0) + d.paidMinutes);
      }

      const shift = (p: (typeof open)[number]) => ({
        employee_ref: p.employee_ref,
        employee_id: p.employee_id,
        name: p.name,
        department: p.dp_name,
        since: p.time_in,
      });
      // The account's own limit (pay period settings), 12 hours unless changed.
      const cutoff = new Date(at.getTime() - forgottenAfter * 60_000).toISOString();

      return {
        time_zone: rules.zone,
        today,
        week_start: weekStart,
        employee_count: employeeCount,
        in_now: open.map(shift),
        punches_today: todays.reduce((n, d) => n + d.punches, 0),
        // "Late syncs" are the punches flagged late_sync today: synced from an offline station long after
        // they were made. Late arrivals against a schedule are their own figure.
        late_syncs_today: todays.reduce((n, d) => n + d.lateSyncs, 0),
        late_arrivals_today: lateArrivals,
        forgotten_clock_outs: open
          .filter((p) => p.time_in < cutoff)
          .map((p) => ({ ...shift(p), fix_path: fixClockOutPath(p.employee_ref, p.id) })),
        forgotten_after_minutes: forgottenAfter,
        hours_by_department: [...minutes.entries()]
          .map(([department_id, paid_minutes]) => ({
            department_id,
            department: nameOf.get(department_id) as string,
            paid_minutes,
          }))
          .sort((a, b) => a.department.localeCompare(b.department)),
      };
    },
  };
}
