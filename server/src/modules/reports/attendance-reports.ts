import { localDay } from '../../lib/time';
import { computeDays } from '../time/engine';
import { type ReportEntry, type Row, totalsOf, PERSON_COLUMNS, personCells } from './report-types';
import { definition, periodDays, PRESENCE_COLUMNS, presenceCells, shown } from './time-reports';

/**
 * The simple screen's presence reports (spec §2.4). Presence comes from the time engine's day figures: a day is
 * attended when it has a work clock-in. Departments excluded from reports are left out, as in every time report.
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
    { key: 'date', label: 'Date', kind: 'date' },
    ...PERSON_COLUMNS,
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'first_in', label: 'First In', kind: 'datetime' },
  ],
  /** Today in the account's zone (whatever dates are sent): each current employee, Present or Absent. */
  async run(ctx) {
    const today = localDay(new Date(), ctx.rules.zone);
    const employees = await ctx.repo.employees(ctx.accountId, ctx.scope, {
      departmentId: ctx.params.department_id || undefined,
      includeDeleted: false,
      excludeFromReports: true,
    });
    const refs = new Set(employees.map((e) => e.id));
    const punches = (await ctx.repo.punches(ctx.accountId, today, today)).filter((p) =>
      refs.has(p.employee_ref),
    );
    const days = computeDays(
      punches,
      employees.map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents })),
      ctx.rules,
    );
    const dayOf = new Map(days.filter((d) => d.day === today && d.firstIn).map((d) => [d.employeeRef, d]));
    const rows = employees.map((e): Row => {
      const d = dayOf.get(e.id);
      return {
        date: today,
        ...personCells(e),
        status: d ? 'Present' : 'Absent',
        first_in: d ? shown(ctx, d).in : null,
      };
    });
    const present = rows.filter((r) => r.status === 'Present').length;
    return { rows, totals: { date: 'Total', status: `${present} present, ${rows.length - present} absent` } };
  },
};

export const employeeStatus: ReportEntry = {
  definition: definition('employee-status'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'since', label: 'Since', kind: 'datetime' },
  ],
  /** Who is in now: In since the open shift's clock-in, or Out since the last clock-out (none: never in). */
  async run(ctx) {
    const employees = await ctx.repo.employees(ctx.accountId, ctx.scope, {
      departmentId: ctx.params.department_id || undefined,
      includeDeleted: false,
      excludeFromReports: true,
    });
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
