import { WEEKDAYS, weekdayOf, weekStartOf } from '../time/calendar';
import type { DayFigures } from '../time/engine';
import { type ReportEntry, type Row, totalsOf, PERSON_COLUMNS, personCells } from './report-types';
import { dailySummary, definition, periodDays } from './time-reports';

/** Named reports that sum the engine's day figures (computeDays) by department, week or weekday. */

interface Sums {
  days: number;
  worked: number;
  deducted: number;
  paid: number;
  earnings: number;
}
const zero = (): Sums => ({ days: 0, worked: 0, deducted: 0, paid: 0, earnings: 0 });
/** Adds one day's figures; a day counts as worked when it has a clock-in (open shifts too). */
function add(s: Sums, d: DayFigures): Sums {
  s.days += d.firstIn ? 1 : 0;
  s.worked += d.workedMinutes;
  s.deducted += d.deductedMinutes;
  s.paid += d.paidMinutes;
  s.earnings += d.earningsCents;
  return s;
}
/** Day figures summed per key (kept in first-seen order). */
function sumBy(days: readonly DayFigures[], key: (d: DayFigures) => string) {
  const sums = new Map<string, { first: DayFigures; sums: Sums }>();
  for (const d of days) {
    const k = key(d);
    const s = sums.get(k) ?? { first: d, sums: zero() };
    add(s.sums, d);
    sums.set(k, s);
  }
  return [...sums.values()];
}

/**
 * The period's day figures summed per employee and `key` of the day: each group's first day and its row (the
 * person's cells, then `cells` of the group).
 */
async function employeeGroups(
  ctx: Parameters<ReportEntry['run']>[0],
  key: (day: string) => string | number,
  cells: (first: DayFigures, sums: Sums) => Row,
) {
  const { employees, days } = await periodDays(ctx);
  return sumBy(days, (d) => `${d.employeeRef}|${key(d.day)}`).map(({ first, sums }) => ({
    first,
    row: { ...personCells(employees.get(first.employeeRef)!), ...cells(first, sums) } as Row,
  }));
}

export const departmentSummary: ReportEntry = {
  definition: definition('Department Summary'),
  columns: [
    { key: 'dp_name', label: 'Department', kind: 'text' },
    { key: 'dp_type', label: 'Type', kind: 'text' },
    { key: 'total_employees', label: 'Employees', kind: 'integer' },
    { key: 'worked', label: 'Worked Hours', kind: 'hours' },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    { key: 'earnings', label: 'Earnings', kind: 'money' },
  ],
  /**
   * Per department not excluded from reports: its employees of the period (current ones, and deleted ones with
   * time in it) and the sums of their days. A deleted department appears while its people have time in the period.
   */
  async run(ctx) {
    const { employees, days } = await periodDays(ctx);
    const departments = (await ctx.repo.departments(ctx.accountId, ctx.scope)).filter(
      (d) => !d.exclude_from_reports,
    );
    const rows = new Map<number, Row>(
      departments.map((d) => [
        d.id,
        {
          id: d.id,
          dp_name: d.dp_name,
          dp_type: d.dp_type,
          total_employees: 0,
          worked: 0,
          paid: 0,
          earnings: 0,
        },
      ]),
    );
    const withTime = new Set(days.map((d) => d.employeeRef));
    const rowOf = (departmentId: number, dpName: string) => {
      let row = rows.get(departmentId);
      if (!row) {
        row = {
          id: departmentId,
          dp_name: dpName,
          dp_type: null,
          total_employees: 0,
          worked: 0,
          paid: 0,
          earnings: 0,
        };
        rows.set(departmentId, row);
      }
      return row;
    };
    for (const e of employees.values()) {
      if (e.deleted_at && !withTime.has(e.id)) continue;
      const row = rowOf(e.department_id, e.dp_name);
      row.total_employees = Number(row.total_employees) + 1;
    }
    for (const d of days) {
      const e = employees.get(d.employeeRef)!;
      const row = rowOf(e.department_id, e.dp_name);
      row.worked = Number(row.worked) + d.workedMinutes;
      row.paid = Number(row.paid) + d.paidMinutes;
      row.earnings = Number(row.earnings) + d.earningsCents;
    }
    const list = [...rows.values()].sort((a, b) => String(a.dp_name).localeCompare(String(b.dp_name)));
    return {
      rows: list,
      totals: totalsOf(list, 'dp_name', ['total_employees', 'worked', 'paid', 'earnings']),
    };
  },
};

/** One employee's days, as the Daily Summary shows them, with totals (employee_id is required). */
export const employeeDetails: ReportEntry = {
  ...dailySummary,
  definition: definition('Employee Details'),
};

export const weeklySummary: ReportEntry = {
  definition: definition('Weekly Summary'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'week_start', label: 'Week Starting', kind: 'date' },
    { key: 'days', label: 'Days Worked', kind: 'integer' },
    { key: 'worked', label: 'Worked Hours', kind: 'hours' },
    { key: 'deducted', label: 'Deducted Hours', kind: 'hours' },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    { key: 'earnings', label: 'Earnings', kind: 'money' },
  ],
  /**
   * Per employee and week (weeks start on the account's week start). A week cut by the period's start or end
   * sums only its days inside the period; its week_start may lie before the start date.
   */
  async run(ctx) {
    const { weekStart } = ctx.rules;
    const groups = await employeeGroups(
      ctx,
      (day) => weekStartOf(day, weekStart),
      (first, sums) => ({ week_start: weekStartOf(first.day, weekStart), ...sums }),
    );
    const rows = groups
      .map((g) => g.row)
      .sort(
        (a, b) =>
          String(a.name).localeCompare(String(b.name)) ||
          String(a.employee_id).localeCompare(String(b.employee_id)) ||
          String(a.week_start).localeCompare(String(b.week_start)),
      );
    return {
      rows,
      totals: totalsOf(rows, 'employee_id', ['days', 'worked', 'deducted', 'paid', 'earnings']),
    };
  },
};

export const weekdaySummary: ReportEntry = {
  definition: definition('Weekday Summary'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'weekday', label: 'Weekday', kind: 'text' },
    { key: 'days', label: 'Days Worked', kind: 'integer' },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    { key: 'earnings', label: 'Earnings', kind: 'money' },
  ],
  /** Per employee and weekday (Monday to Sunday; weekdays without days are left out). */
  async run(ctx) {
    const mondayFirst = (day: string) => (weekdayOf(day) + 6) % 7;
    const groups = await employeeGroups(ctx, weekdayOf, (first, sums) => ({
      weekday: WEEKDAYS[weekdayOf(first.day)],
      days: sums.days,
      paid: sums.paid,
      earnings: sums.earnings,
    }));
    const rows = groups
      .sort(
        (a, b) =>
          String(a.row.name).localeCompare(String(b.row.name)) ||
          a.first.employeeRef - b.first.employeeRef ||
          mondayFirst(a.first.day) - mondayFirst(b.first.day),
      )
      .map((g) => g.row);
    return { rows, totals: totalsOf(rows, 'employee_id', ['days', 'paid', 'earnings']) };
  },
};
