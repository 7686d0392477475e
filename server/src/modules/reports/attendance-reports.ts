import { localDay, zonedToUtc } from '../../lib/time';
import { addDays } from '../time/calendar';
import { computeDays } from '../time/engine';
import {
  DAY_PERSON_COLUMNS,
  type ReportEntry,
  type Row,
  totalsOf,
  PERSON_COLUMNS,
  personCells,
  reportEmployees,
} from './report-types';
import { definition, periodDays, PRESENCE_COLUMNS, presenceCells, shown, shownTime } from './time-reports';

/**
 * The simple screen's presence reports (the simple Reports list). Presence comes from the time engine's day
 * figures: a day is attended when it has a work clock-in. Departments excluded from reports are left out, as
 * in every time report.
 */

export const attendanceCounter: ReportEntry = {
  definition: definition('attendance-counter'),
  columns: [...PERSON_COLUMNS, { key: 'days_present', label: 'Days Present', kind: 'integer' }],
  /** Per employee with time in the period: the days they clocked in. */
  async run(ctx) {
    const { employees, days } = await periodDays(ctx);
    const counts = new Map<number, number>();
    for (const d of days) if (d.firstIn) counts.set(d.employeeRef, (counts.get(d.employeeRef) ?? 0) + 1);
    const rows = [...counts].map(([ref, n]): Row => {
      const e = employees.get(ref)!;
      return { employee_id: e.employee_id, name: e.name, dp_name: e.dp_name, days_present: n };
    });
    return { rows, totals: totalsOf(rows, 'employee_id', ['days_present']) };
  },
};

export const attendanceOnly: ReportEntry = {
  definition: definition('attendance-only'),
  columns: PRESENCE_COLUMNS,
  /** Per employee and attended day: first in and last out, no hours. */
  async run(ctx) {
    const { employees, days } = await periodDays(ctx);
    const rows = days
      .filter((d) => d.firstIn)
      .map((d) => presenceCells(ctx, d, employees.get(d.employeeRef)!));
    return { rows, totals: null };
  },
};

export const dailyAttendance: ReportEntry = {
  definition: definition('daily-attendance'),
  columns: [
    ...DAY_PERSON_COLUMNS,
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'first_in', label: 'First In', kind: 'datetime' },
  ],
  /**
   * Today in the account's zone (whatever dates are sent): each current employee, Present or Absent. Present is
   * a work clock-in today, or a night shift begun yesterday that reaches into today: still open (unless it is a
   * forgotten clock-out, as the dashboard counts one) or clocked out after midnight. First In is then that
   * shift's clock-in, on yesterday's date.
   */
  async run(ctx) {
    const at = new Date();
    const today = localDay(at, ctx.rules.zone);
    const [employees, forgottenAfter] = await Promise.all([
      reportEmployees(ctx, { includeDeleted: false, excludeFromReports: true }),
      ctx.repo.forgottenAfterMinutes(ctx.accountId),
    ]);
    const refs = new Set(employees.map((e) => e.id));
    const punches = (await ctx.repo.punches(ctx.accountId, addDays(today, -1), today)).filter((p) =>
      refs.has(p.employee_ref),
    );
    const days = computeDays(
      punches.filter((p) => p.work_date === today),
      employees.map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents })),
      ctx.rules,
    );
    const dayOf = new Map(days.filter((d) => d.day === today && d.firstIn).map((d) => [d.employeeRef, d]));
    const since = nightShiftsInto(today, punches, at, ctx.rules.zone, forgottenAfter);
    const rows = employees.map((e): Row => {
      const night = since.get(e.id);
      const d = dayOf.get(e.id);
      return {
        date: today,
        ...personCells(e),
        status: night || d ? 'Present' : 'Absent',
        first_in: night ? shownTime(ctx, night) : d ? shown(ctx, d).in : null,
      };
    });
    const present = rows.filter((r) => r.status === 'Present').length;
    return { rows, totals: { date: 'Total', status: `${present} present, ${rows.length - present} absent` } };
  },
};

/**
 * Per employee, the clock-in of a work shift of the day before `today` that reaches into today: clocked out
 * after today's midnight, or still open and begun less than the account's `forgottenAfter` minutes before `at`
 * (after that it is a forgotten clock-out, as the dashboard counts one).
 */
function nightShiftsInto(
  today: string,
  punches: {
    employee_ref: number;
    type: string;
    work_date: string;
    time_in: string;
    time_out: string | null;
  }[],
  at: Date,
  zone: string,
  forgottenAfter: number,
): Map<number, string> {
  const midnight = zonedToUtc(today, '00:00', zone).getTime();
  const forgotten = at.getTime() - forgottenAfter * 60_000;
  const since = new Map<number, string>();
  for (const p of punches) {
    if (p.type !== 'None' || p.work_date === today) continue;
    const reaches = p.time_out ? Date.parse(p.time_out) > midnight : Date.parse(p.time_in) >= forgotten;
    if (reaches && !since.has(p.employee_ref)) since.set(p.employee_ref, p.time_in);
  }
  return since;
}

export const employeeStatus: ReportEntry = {
  definition: definition('employee-status'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'since', label: 'Since', kind: 'datetime' },
  ],
  /** Who is in now: In since the open shift's clock-in, or Out since the last clock-out (none: never in). */
  async run(ctx) {
    const employees = await reportEmployees(ctx, { includeDeleted: false, excludeFromReports: true });
    const { open, closed } = await ctx.repo.clockState(ctx.accountId);
    const inSince = new Map(open.map((p) => [p.employee_ref, p.time_in]));
    const outSince = new Map(closed.map((p) => [p.employee_ref, p.last_out]));
    const rows = employees.map((e): Row => {
      const since = inSince.get(e.id);
      return {
        ...personCells(e),
        status: since ? 'In' : 'Out',
        since: since ?? outSince.get(e.id) ?? null,
      };
    });
    const ins = rows.filter((r) => r.status === 'In').length;
    return { rows, totals: { employee_id: 'Total', status: `${ins} in, ${rows.length - ins} out` } };
  },
};
