import { REPORTS, type ReportColumnView } from '@punchclock/contract';
import { earningsCents } from '../../lib/money';
import type { DayFigures } from '../time/engine';
import { periodFigures } from '../time/period';
import { workedMinutes } from '../time/worked';
import {
  type ReportContext,
  type ReportEntry,
  type Row,
  lazyRows,
  totalsOf,
  PERSON_COLUMNS,
  personCells,
} from './report-types';

export const definition = (name: string) => REPORTS.find((r) => r.name === name)!;

/** The employees a time report covers (deleted ones too: a period keeps people who left during it). */
async function covered(ctx: ReportContext) {
  const employees = await ctx.repo.employees(ctx.accountId, ctx.scope, {
    employeeId: ctx.params.employee_id || undefined,
    departmentId: ctx.params.department_id || undefined,
    includeDeleted: true,
    excludeFromReports: true,
  });
  return new Map(employees.map((e) => [e.id, e]));
}

/** The engine's day figures of the period for the covered employees, in their name order then by day. */
export async function periodDays(ctx: ReportContext) {
  const employees = await covered(ctx);
  const days = await periodFigures(
    ctx.repo,
    ctx.accountId,
    ctx.rules,
    [...employees.values()].map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents })),
    {
      start: ctx.params.start_date,
      end: ctx.params.end_date,
      employeeRef: ctx.params.employee_id || undefined,
    },
  );
  return { employees, days: inNameOrder(employees, days) };
}

/**
 * Days (sorted by employee, then day) regrouped in the order of `employees` (their name order from the query),
 * in one pass: no sort with a comparison per pair over a big account's month.
 */
function inNameOrder(employees: ReadonlyMap<number, unknown>, days: readonly DayFigures[]): DayFigures[] {
  const byEmployee = new Map<number, DayFigures[]>();
  for (const d of days) {
    const list = byEmployee.get(d.employeeRef);
    if (list) list.push(d);
    else byEmployee.set(d.employeeRef, [d]);
  }
  return [...employees.keys()].flatMap((id) => byEmployee.get(id) ?? []);
}

/** In and out as screens show them: rounded when the account displays rounded times, raw otherwise. */
export const shown = (ctx: ReportContext, d: DayFigures) =>
  ctx.rules.displayRounded ? { in: d.firstIn, out: d.lastOut } : { in: d.rawFirstIn, out: d.rawLastOut };

/** Date, who, first in and last out: the columns a day's presence is shown with. */
export const PRESENCE_COLUMNS: readonly ReportColumnView[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  ...PERSON_COLUMNS,
  { key: 'first_in', label: 'First In', kind: 'datetime' },
  { key: 'last_out', label: 'Last Out', kind: 'datetime' },
];

/**
 * The cells of those columns for one employee's day, as one literal: this runs once per row of a big month's
 * export, where spreading partial objects into each other cost seconds.
 */
export function presenceCells(ctx: ReportContext, d: DayFigures, e: Parameters<typeof personCells>[0]): Row {
  const rounded = ctx.rules.displayRounded;
  return {
    date: d.day,
    employee_id: e.employee_id,
    name: e.name,
    dp_name: e.dp_name,
    first_in: rounded ? d.firstIn : d.rawFirstIn,
    last_out: rounded ? d.lastOut : d.rawLastOut,
  };
}

export const dailySummary: ReportEntry = {
  definition: definition('Daily Summary'),
  columns: [
    ...PRESENCE_COLUMNS,
    { key: 'worked', label: 'Worked Hours', kind: 'hours' },
    { key: 'deducted', label: 'Deducted Hours', kind: 'hours' },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    { key: 'open_shifts', label: 'Open Shifts', kind: 'integer' },
    { key: 'earnings', label: 'Earnings', kind: 'money' },
  ],
  async run(ctx) {
    const { employees, days } = await periodDays(ctx);
    const totals: Row = { date: 'Total', worked: 0, deducted: 0, paid: 0, open_shifts: 0, earnings: 0 };
    for (const d of days) {
      (totals.worked as number) += d.workedMinutes;
      (totals.deducted as number) += d.deductedMinutes;
      (totals.paid as number) += d.paidMinutes;
      (totals.open_shifts as number) += d.openShifts;
      (totals.earnings as number) += d.earningsCents;
    }
    const rows = lazyRows(days.length, (i): Row => {
      const d = days[i];
      const row = presenceCells(ctx, d, employees.get(d.employeeRef)!);
      row.worked = d.workedMinutes;
      row.deducted = d.deductedMinutes;
      row.paid = d.paidMinutes;
      row.open_shifts = d.openShifts;
      row.earnings = d.earningsCents;
      return row;
    });
    return { rows, totals };
  },
};

export const payrollSummary: ReportEntry = {
  definition: definition('Payroll Summary'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    { key: 'rate', label: 'Hourly Rate', kind: 'money' },
    { key: 'gross', label: 'Gross Pay', kind: 'money' },
    { key: 'deductions', label: 'Deductions', kind: 'money' },
    { key: 'net', label: 'Net Pay', kind: 'money' },
  ],
  /**
   * Per employee: gross is the worked minutes' pay and net the paid minutes' pay, each rounded per day as the
   * engine does; deductions are the difference (the Auto Lunch/Break minutes' pay).
   */
  async run(ctx) {
    const { employees, days } = await periodDays(ctx);
    const sums = new Map<number, { paid: number; gross: number; net: number }>();
    for (const d of days) {
      const s = sums.get(d.employeeRef) ?? { paid: 0, gross: 0, net: 0 };
      s.paid += d.paidMinutes;
      s.gross += ctx.rules.attendanceOnly ? 0 : earningsCents(d.workedMinutes, d.rateCents);
      s.net += d.earningsCents;
      sums.set(d.employeeRef, s);
    }
    const rows = [...sums].map(([ref, s]): Row => {
      const e = employees.get(ref)!;
      return {
        ...personCells(e),
        paid: s.paid,
        rate: e.hourly_rate_cents,
        gross: s.gross,
        deductions: s.gross - s.net,
        net: s.net,
      };
    });
    const totals = totalsOf(rows, 'employee_id', ['paid', 'gross', 'deductions', 'net']);
    return { rows, totals: { ...totals, rate: null } };
  },
};

export const timesheet: ReportEntry = {
  definition: definition('Timesheet'),
  columns: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'employee_id', label: 'Employee ID', kind: 'text' },
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'type', label: 'Type', kind: 'text' },
    { key: 'time_in', label: 'Time In', kind: 'datetime' },
    { key: 'time_out', label: 'Time Out', kind: 'datetime' },
    { key: 'hours', label: 'Hours', kind: 'hours' },
    { key: 'day_total', label: 'Day Total (paid)', kind: 'hours' },
  ],
  /** Every punch of each employee's day, in time order; the day's paid total stands on its last punch. */
  async run(ctx) {
    const [{ employees, days }, all] = await Promise.all([
      periodDays(ctx),
      ctx.repo.punches(
        ctx.accountId,
        ctx.params.start_date,
        ctx.params.end_date,
        ctx.params.employee_id || undefined,
      ),
    ]);
    const punches = all.filter((p) => employees.has(p.employee_ref));
    const dayOf = new Map(days.map((d) => [`${d.employeeRef}|${d.day}`, d]));
    const rows: Row[] = [];
    const ordered = [...punches].sort(
      (a, b) =>
        employees.get(a.employee_ref)!.name.localeCompare(employees.get(b.employee_ref)!.name) ||
        a.employee_ref - b.employee_ref ||
        a.time_in.localeCompare(b.time_in),
    );
    ordered.forEach((p, i) => {
      const e = employees.get(p.employee_ref)!;
      const d = dayOf.get(`${p.employee_ref}|${p.work_date}`);
      const next = ordered[i + 1];
      const lastOfDay = !next || next.employee_ref !== p.employee_ref || next.work_date !== p.work_date;
      rows.push({
        date: p.work_date,
        employee_id: e.employee_id,
        name: e.name,
        type: p.type,
        time_in: p.time_in,
        time_out: p.time_out,
        hours: ctx.rules.attendanceOnly
          ? null
          : workedMinutes({ timeIn: p.time_in, timeOut: p.time_out }, ctx.rules),
        day_total: lastOfDay && d && !ctx.rules.attendanceOnly ? d.paidMinutes : null,
      });
    });
    return { rows, totals: { ...totalsOf(rows, 'date', ['day_total']) } };
  },
};
