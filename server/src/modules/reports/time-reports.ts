import { EMPTY_PAY_TOTALS, type PayTotals, REPORTS, type ReportColumnView } from '@punchclock/contract';
import { type DayFigures, type PeriodSums, periodRate } from '../time/engine';
import type { TimeRules } from '../time/time-rules';
import { periodFigures, periodSums, withRateChanges } from '../time/period';
import { periodPay, periodPayTotals } from '../time/pay/period-pay';
import { roundToStep } from '../time/rounding';
import { workedMinutes } from '../time/worked';
import { addDays } from '../time/calendar';
import { adjustmentCentsOf, adjustmentLine, paidAdjustmentsOf } from './adjustment-rows';
import {
  type ReportContext,
  type ReportEntry,
  type Row,
  lazyRows,
  pageBounds,
  pageRows,
  totalsOf,
  DAY_PERSON_COLUMNS,
  PERSON_COLUMNS,
  personCells,
} from './report-types';

export const definition = (name: string) => REPORTS.find((r) => r.name === name)!;

/** The employees a time report covers (deleted ones too: a period keeps people who left during it). */
export async function covered(ctx: ReportContext) {
  const employees = await ctx.repo.employees(ctx.accountId, ctx.scope, {
    employeeId: ctx.params.employee_id || undefined,
    departmentId: ctx.params.department_id || undefined,
    includeDeleted: true,
    excludeFromReports: true,
  });
  return new Map(employees.map((e) => [e.id, e]));
}

type Covered = Awaited<ReturnType<typeof covered>>;
const engineEmployees = (employees: Covered) =>
  [...employees.values()].map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents }));

/**
 * The engine's day figures of the period for the covered employees (or only `refs` of them), in their name
 * order then by day.
 */
export async function periodDays(ctx: ReportContext, refs?: readonly number[]) {
  const employees = await covered(ctx);
  return { employees, days: await daysOf(ctx, employees, refs) };
}

async function daysOf(ctx: ReportContext, employees: Covered, refs?: readonly number[]) {
  const days = await periodFigures(ctx.repo, ctx.accountId, ctx.rules, engineEmployees(employees), {
    start: ctx.params.start_date,
    end: ctx.params.end_date,
    employeeRef: ctx.params.employee_id || undefined,
    employeeRefs: refs,
  });
  return inNameOrder(employees, days);
}

/**
 * The engine's figures of the period summed per covered employee (the database sums a big account's month
 * without building its days), keyed by employee.
 */
async function sumsOf(ctx: ReportContext, employees: Covered): Promise<Map<number, PeriodSums>> {
  const sums = await periodSums(ctx.repo, ctx.accountId, ctx.rules, engineEmployees(employees), {
    start: ctx.params.start_date,
    end: ctx.params.end_date,
  });
  return new Map(sums.map((s) => [s.employeeRef, s]));
}

/**
 * The period's punches of the covered employees (work and breaks), in the employees' name order, then by time
 * in: what the per-punch reports (Timesheet, the employee's Activity) list.
 */
export async function periodPunches(ctx: ReportContext, employees: Covered) {
  const all = await ctx.repo.punches(
    ctx.accountId,
    ctx.params.start_date,
    ctx.params.end_date,
    ctx.params.employee_id || undefined,
  );
  const order = new Map([...employees.keys()].map((id, i) => [id, i]));
  return all
    .filter((p) => order.has(p.employee_ref))
    .sort(
      (a, b) =>
        order.get(a.employee_ref)! - order.get(b.employee_ref)! ||
        (a.time_in < b.time_in ? -1 : a.time_in > b.time_in ? 1 : 0),
    );
}

/** The covered employees and their period's punches (periodPunches). */
export async function coveredPunches(ctx: ReportContext) {
  const employees = await covered(ctx);
  return { employees, punches: await periodPunches(ctx, employees) };
}

/** How many employees' days an export computes at a time (an object so that tests can cross chunk borders). */
export const exportChunk = { employees: 100 };

/**
 * The employees whose days make rows [offset, offset + size) of a per-day report in name order, and the row
 * index of the first of their days.
 */
function employeesOnPage(
  employees: Covered,
  sums: ReadonlyMap<number, PeriodSums>,
  offset: number,
  size: number,
) {
  const refs: number[] = [];
  let first = 0;
  let at = 0;
  for (const id of employees.keys()) {
    const days = sums.get(id)?.days ?? 0;
    if (days > 0 && at + days > offset && at < offset + size) {
      if (refs.length === 0) first = at;
      refs.push(id);
    }
    at += days;
    if (at >= offset + size) break;
  }
  return { refs, first };
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

/** A punch's own in or out time as screens show it: rounded when the account displays rounded times. */
export const shownTime = (ctx: ReportContext, iso: string | null) =>
  iso && ctx.rules.displayRounded ? roundToStep(iso, ctx.rules.step, ctx.rules.zone) : iso;

/** Date, who, first in and last out: the columns a day's presence is shown with. */
export const PRESENCE_COLUMNS: readonly ReportColumnView[] = [
  ...DAY_PERSON_COLUMNS,
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

/** A Daily Summary row: the day's presence and its figures. */
function dailyRow(ctx: ReportContext, d: DayFigures, e: Parameters<typeof personCells>[0]): Row {
  const row = presenceCells(ctx, d, e);
  row.worked = d.workedMinutes;
  row.deducted = d.deductedMinutes;
  row.paid = d.paidMinutes;
  row.open_shifts = d.openShifts;
  row.earnings = d.earningsCents;
  return row;
}

/** Daily Summary's totals row from per-day figures or per-employee sums (both carry the same names). */
function dailyTotals(
  figures: Iterable<
    Pick<DayFigures, 'workedMinutes' | 'deductedMinutes' | 'paidMinutes' | 'openShifts' | 'earningsCents'>
  >,
): Row {
  const totals = { worked: 0, deducted: 0, paid: 0, open_shifts: 0, earnings: 0 };
  for (const f of figures) {
    totals.worked += f.workedMinutes;
    totals.deducted += f.deductedMinutes;
    totals.paid += f.paidMinutes;
    totals.open_shifts += f.openShifts;
    totals.earnings += f.earningsCents;
  }
  return { date: 'Total', ...totals };
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
  /**
   * Account-wide, totals and row counts come from the per-employee sums; a screen page then computes only its
   * employees' days, and an export computes them a few hundred employees at a time as the file is written. One
   * employee's report computes their days at once.
   */
  async run(ctx) {
    const employees = await covered(ctx);
    if (ctx.params.employee_id) {
      const days = await daysOf(ctx, employees);
      const rows = lazyRows(days.length, (i) => dailyRow(ctx, days[i], employees.get(days[i].employeeRef)!));
      return { rows, totals: dailyTotals(days) };
    }
    const sums = await sumsOf(ctx, employees);
    const total = [...sums.values()].reduce((n, s) => n + s.days, 0);
    const totals = dailyTotals(sums.values());
    if (!ctx.page) {
      // An export: the days of a few hundred employees at a time, in name order, never the whole period at once.
      const withDays = [...employees.keys()].filter((id) => sums.has(id));
      async function* stream() {
        const size = exportChunk.employees;
        for (let i = 0; i < withDays.length; i += size) {
          for (const d of await daysOf(ctx, employees, withDays.slice(i, i + size)))
            yield dailyRow(ctx, d, employees.get(d.employeeRef)!);
        }
      }
      return { rows: { length: total, stream }, totals };
    }
    const { offset, size } = pageBounds(total, ctx.page.page, ctx.page.size);
    const { refs, first } = employeesOnPage(employees, sums, offset, size);
    const days = (await daysOf(ctx, employees, refs)).slice(offset - first, offset - first + size);
    const rows = days.map((d) => dailyRow(ctx, d, employees.get(d.employeeRef)!));
    return { rows: pageRows(total, offset, rows), totals };
  },
};

/** The pay columns (docs/RULES.md#pay-lines): the pay pipeline's split of the paid hours, its premiums and gross. */
export const PAY_COLUMNS: readonly ReportColumnView[] = [
  { key: 'regular', label: 'Regular Hours', kind: 'hours' },
  { key: 'overtime', label: 'Overtime Hours', kind: 'hours' },
  { key: 'double_time', label: 'Double Time Hours', kind: 'hours' },
  { key: 'premium', label: 'Premium', kind: 'money' },
  { key: 'gross', label: 'Gross Pay', kind: 'money' },
];
const PAY_KEYS = ['regular', 'overtime', 'double_time', 'premium', 'gross'] as const;

/** The cells of those columns for pay totals (an employee's period or one day's shares). */
const payCells = (t: PayTotals): Row => ({
  regular: t.regular,
  overtime: t.overtime,
  double_time: t.double_time,
  premium: t.premium_cents,
  gross: t.gross_cents,
});

/**
 * The pay of the period for the covered employees (only `refs` of them, when given), by employee: the pay
 * pipeline under the account's pay-rule versions, one set-based read for all of them (time/pay/period-pay.ts).
 */
export async function periodPayOf(ctx: ReportContext, employees: Covered, refs?: readonly number[]) {
  const people = engineEmployees(employees);
  const few = (refs ?? people).length <= FEW_EMPLOYEES;
  const results = await periodPay(ctx.repo, ctx.accountId, ctx.rules, people, {
    start: ctx.params.start_date,
    end: ctx.params.end_date,
    // A few employees are read through their own index; many, by the account's period.
    employeeRefs: refs ?? (few ? people.map((e) => e.id) : undefined),
  });
  return new Map(results.map((r) => [r.employeeRef, r]));
}

/** Up to how many employees a report reads each one's days instead of the account's period. */
const FEW_EMPLOYEES = 1000;

export const payrollSummary: ReportEntry = {
  definition: definition('Payroll Summary'),
  columns: [
    ...PERSON_COLUMNS,
    { key: 'worked', label: 'Worked Hours', kind: 'hours' },
    { key: 'paid', label: 'Paid Hours', kind: 'hours' },
    PAY_COLUMNS[0],
    PAY_COLUMNS[1],
    PAY_COLUMNS[2],
    { key: 'rate', label: 'Hourly Rate', kind: 'money' },
    PAY_COLUMNS[3],
    { key: 'adjustments', label: 'Adjustments', kind: 'money' },
    PAY_COLUMNS[4],
  ],
  /**
   * Per employee with work in the period, in name order: the pay pipeline's minutes and money under the
   * account's pay rules. Each pay line (regular, overtime, double time at their rates) is rounded once, as the
   * hours shown × the rate × its multiplier, and the gross is their sum with the premiums
   * (docs/RULES.md#pay-lines): with one rate in the period, Regular Hours × Hourly Rate is the regular line, to
   * the cent.
   */
  async run(ctx) {
    const employees = await covered(ctx);
    const people = engineEmployees(employees);
    // The database runs the pay steps where it can (time/pay/pay-sql.ts): one row per employee, not per day.
    const pay = await periodPayTotals(ctx.repo, ctx.accountId, ctx.rules, people, {
      start: ctx.params.start_date,
      end: ctx.params.end_date,
      // A few employees are read through their own index; many, by the account's period.
      employeeRefs: people.length <= FEW_EMPLOYEES ? people.map((e) => e.id) : undefined,
    });
    const { start_date: start, end_date: end } = ctx.params;
    // The rate of the period (not today's: a raise after it leaves it), blank where it changed within it.
    const withRates = new Map(
      (await withRateChanges(ctx.repo, ctx.accountId, engineEmployees(employees))).map((e) => [e.id, e]),
    );
    // Adjustments paid on the period's days (docs/RULES.md#adjustments): their own column, and in the gross.
    const adjusted = await paidAdjustmentsOf(ctx, employees);
    const rows: Row[] = [];
    for (const [ref, e] of employees) {
      const p = pay.get(ref) ?? (adjusted.has(ref) ? EMPTY_PAY_TOTALS : undefined);
      if (!p) continue;
      const adjustments = adjustmentCentsOf(adjusted.get(ref));
      const row: Row = {
        ...personCells(e),
        worked: p.worked,
        paid: p.paid,
        ...payCells(p),
        rate: periodRate(withRates.get(ref)!, start, end),
        adjustments,
        gross: p.gross_cents + adjustments,
      };
      rows.push(row);
    }
    const totals = totalsOf(rows, 'employee_id', ['worked', 'paid', ...PAY_KEYS, 'adjustments']);
    return { rows, totals: { ...totals, rate: null } };
  },
};

/**
 * A punch's own length on a report row: its worked minutes, or an empty cell ('N/A') while it has no time out
 * yet (a punch list shows a dash when either time is missing) or under Attendance Only (no hours).
 */
export const punchMinutes = (
  p: { time_in: string; time_out: string | null },
  rules: Pick<TimeRules, 'step' | 'zone' | 'attendanceOnly'>,
): number | null =>
  rules.attendanceOnly || !p.time_out
    ? null
    : workedMinutes({ timeIn: p.time_in, timeOut: p.time_out }, rules);

/** A Timesheet row that is not its day's last punch: no pay cells. */
const NO_PAY: Row = { regular: null, overtime: null, double_time: null, premium: null, gross: null };

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
    ...PAY_COLUMNS,
  ],
  /**
   * Every punch of each employee's day, in time order; the day's paid total and its pay (the pay pipeline's
   * split, and the day's shares of the period's pay lines: docs/RULES.md#pay-lines) stand on its last punch.
   */
  async run(ctx) {
    const employees = await covered(ctx);
    const [ordered, pay] = await Promise.all([periodPunches(ctx, employees), periodPayOf(ctx, employees)]);
    const dayOf = new Map<string, PayTotals>();
    for (const p of pay.values()) for (const d of p.days) dayOf.set(`${p.employeeRef}|${d.day}`, d.totals);
    const adjusted = await paidAdjustmentsOf(ctx, employees);
    const rows: Row[] = [];
    // Each employee's adjustments stand after their punches of the day they are paid on (or of the day before).
    const flushAdjustments = (ref: number, upTo: string | null) => {
      const list = adjusted.get(ref);
      while (list?.length && (upTo === null || list[0].paid_on <= upTo))
        rows.push(adjustmentLine(list.shift()!, employees.get(ref)!));
    };
    let previous: number | null = null;
    ordered.forEach((p, i) => {
      if (previous !== null && previous !== p.employee_ref) flushAdjustments(previous, null);
      previous = p.employee_ref;
      flushAdjustments(p.employee_ref, addDays(p.work_date, -1));
      const e = employees.get(p.employee_ref)!;
      const d = dayOf.get(`${p.employee_ref}|${p.work_date}`);
      const next = ordered[i + 1];
      const lastOfDay = !next || next.employee_ref !== p.employee_ref || next.work_date !== p.work_date;
      rows.push({
        date: p.work_date,
        employee_id: e.employee_id,
        // Not a column: the screen opens the day's why (GET /api/employees/:id/days/:date) from the row.
        record_id: p.employee_ref,
        name: e.name,
        type: p.type,
        time_in: shownTime(ctx, p.time_in),
        time_out: shownTime(ctx, p.time_out),
        hours: punchMinutes(p, ctx.rules),
        day_total: lastOfDay && d && !ctx.rules.attendanceOnly ? d.paid : null,
        ...(lastOfDay && d && !ctx.rules.attendanceOnly ? payCells(d) : NO_PAY),
      });
      if (lastOfDay) flushAdjustments(p.employee_ref, p.work_date);
    });
    if (previous !== null) flushAdjustments(previous, null);
    // Employees paid only adjustments in the period, in name order after the others' lines.
    for (const ref of employees.keys()) flushAdjustments(ref, null);
    return { rows, totals: { ...totalsOf(rows, 'date', ['day_total', ...PAY_KEYS]) } };
  },
};
