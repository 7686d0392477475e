import type { PayTotals } from '@punchclock/contract';
import type { StoredDay, StoredFigures, StoredPunch } from '../pay-periods/period-figures.repository';
import { periodRate } from '../time/engine';
import { withRateChanges } from '../time/period';
import { type ReportContext, type ReportEntry, type Row, totalsOf } from './report-types';
import { covered, payChunk, periodPayOf, periodPunches, punchMinutes, shownTime } from './time-reports';

/*
 * Payroll Summary and Timesheet of an approved period (docs/RULES.md#stored-figures-of-an-approved-period):
 * approval stores the period's figures per employee and day, computed here by the reports' own engine reads
 * (periodFiguresOf); a run whose range is exactly an approved period is answered from them (fromApprovedPeriod),
 * so its files read the same after renames, moves, deletions, later rate and rule changes.
 */

const PAY_KEYS = ['regular', 'overtime', 'double_time', 'premium', 'gross'] as const;

/** A stored day's figures as the pay pipeline's totals. */
const totalsOfDay = (d: StoredDay): PayTotals => ({
  worked: d.worked,
  paid: d.paid,
  regular: d.regular,
  overtime: d.overtime,
  double_time: d.double_time,
  premium_cents: d.premium_cents,
  gross_cents: d.gross_cents,
});

const payCells = (t: PayTotals): Row => ({
  regular: t.regular,
  overtime: t.overtime,
  double_time: t.double_time,
  premium: t.premium_cents,
  gross: t.gross_cents,
});

/**
 * The figures approval stores for [start_date, end_date] over the whole account: each covered employee's days as
 * the pay pipeline makes them (time-reports periodPayOf, as Payroll Summary and Timesheet compute them live), the
 * employee as they are now, the period's rate, and the Timesheet's punch lines as shown.
 */
export async function periodFiguresOf(ctx: ReportContext): Promise<StoredFigures> {
  const employees = await covered(ctx);
  const refs = [...employees.keys()];
  const pay = new Map<number, { day: string; totals: PayTotals }[]>();
  for (let i = 0; i < refs.length; i += payChunk.employees)
    for (const [ref, p] of await periodPayOf(ctx, employees, refs.slice(i, i + payChunk.employees)))
      pay.set(
        ref,
        p.days.map((d) => ({ day: d.day, totals: d.totals })),
      );
  const engine = refs.map((id) => ({ id, rateCents: employees.get(id)!.hourly_rate_cents }));
  const rates = new Map((await withRateChanges(ctx.repo, ctx.accountId, engine)).map((e) => [e.id, e]));
  const punches = await periodPunches(ctx, employees);
  const { start_date: start, end_date: end } = ctx.params;
  const days: StoredDay[] = [];
  refs.forEach((ref, position) => {
    const e = employees.get(ref)!;
    const person = {
      employee_ref: ref,
      position,
      employee_id: e.employee_id,
      name: e.name,
      department_id: e.department_id,
      dp_name: e.dp_name,
      rate_cents: periodRate(rates.get(ref)!, start, end),
    };
    const own = pay.get(ref) ?? [];
    for (const d of own) days.push({ ...person, date: d.day, ...storedTotals(d.totals) });
    // An employee with punches but no day of pay keeps a zero day, so that their Timesheet lines keep a name.
    if (!own.length && punches.some((p) => p.employee_ref === ref))
      days.push({ ...person, date: start, ...storedTotals(ZERO) });
  });
  return {
    days,
    punches: punches.map((p, position): StoredPunch => ({
      position,
      employee_ref: p.employee_ref,
      date: p.work_date,
      type: p.type,
      time_in: shownTime(ctx, p.time_in),
      time_out: shownTime(ctx, p.time_out),
      hours: punchMinutes(p, ctx.rules),
    })),
  };
}

const ZERO: PayTotals = {
  worked: 0,
  paid: 0,
  regular: 0,
  overtime: 0,
  double_time: 0,
  premium_cents: 0,
  gross_cents: 0,
};

const storedTotals = (t: PayTotals) => ({
  worked: t.worked,
  paid: t.paid,
  regular: t.regular,
  overtime: t.overtime,
  double_time: t.double_time,
  premium_cents: t.premium_cents,
  gross_cents: t.gross_cents,
});

/** The stored days the caller may see: their departments (as they were), the asked employee or department. */
function visibleDays(ctx: ReportContext, days: readonly StoredDay[]) {
  const reach = ctx.scope.departments;
  const { employee_id, department_id } = ctx.params;
  return days.filter(
    (d) =>
      (reach === 'all' || reach.includes(d.department_id)) &&
      (!employee_id || d.employee_ref === employee_id) &&
      (!department_id || d.department_id === department_id),
  );
}

/** The stored days grouped per employee, in report order. */
function byEmployee(days: readonly StoredDay[]) {
  const out = new Map<number, StoredDay[]>();
  for (const d of days) {
    const list = out.get(d.employee_ref);
    if (list) list.push(d);
    else out.set(d.employee_ref, [d]);
  }
  return out;
}

const sumOf = (days: readonly StoredDay[]): PayTotals =>
  days.reduce<PayTotals>(
    (t, d) => {
      const x = totalsOfDay(d);
      for (const k of Object.keys(t) as (keyof PayTotals)[]) t[k] += x[k];
      return t;
    },
    { ...ZERO },
  );

/** Payroll Summary's rows and totals from the stored days (time-reports payrollSummary's columns). */
export function storedPayroll(ctx: ReportContext, f: StoredFigures) {
  const rows: Row[] = [];
  for (const days of byEmployee(visibleDays(ctx, f.days)).values()) {
    const p = sumOf(days);
    if (Object.values(p).every((v) => v === 0)) continue; // a zero day kept for Timesheet lines only
    const e = days[0];
    rows.push({
      employee_id: e.employee_id,
      name: e.name,
      dp_name: e.dp_name,
      worked: p.worked,
      paid: p.paid,
      ...payCells(p),
      rate: e.rate_cents ?? null,
    });
  }
  const totals = totalsOf(rows, 'employee_id', ['worked', 'paid', ...PAY_KEYS]);
  return { rows, totals: { ...totals, rate: null } };
}

/** Timesheet's rows and totals from the stored lines, the day's pay on its last line (time-reports timesheet). */
export function storedTimesheet(ctx: ReportContext, f: StoredFigures) {
  const people = byEmployee(visibleDays(ctx, f.days));
  const dayOf = new Map(f.days.map((d) => [`${d.employee_ref}|${d.date}`, d]));
  const lines = f.punches.filter((p) => people.has(p.employee_ref));
  const rows: Row[] = lines.map((p, i) => {
    const e = people.get(p.employee_ref)![0];
    const d = dayOf.get(`${p.employee_ref}|${p.date}`);
    const next = lines[i + 1];
    const lastOfDay = !next || next.employee_ref !== p.employee_ref || next.date !== p.date;
    const pay = lastOfDay && d && !ctx.rules.attendanceOnly ? totalsOfDay(d) : null;
    return {
      date: p.date,
      employee_id: e.employee_id,
      record_id: p.employee_ref,
      name: e.name,
      type: p.type,
      time_in: p.time_in ?? null,
      time_out: p.time_out ?? null,
      hours: p.hours ?? null,
      day_total: pay ? pay.paid : null,
      ...(pay
        ? payCells(pay)
        : { regular: null, overtime: null, double_time: null, premium: null, gross: null }),
    };
  });
  return { rows, totals: { ...totalsOf(rows, 'date', ['day_total', ...PAY_KEYS]) } };
}

type StoredAnswer = (ctx: ReportContext, f: StoredFigures) => { rows: Row[]; totals: Row };

/**
 * The report answered from an approved period's stored figures when the range is exactly that period, with the
 * time they were stored (`asOf`: what its files carry); any other range runs live.
 */
export const fromApprovedPeriod = (entry: ReportEntry, answer: StoredAnswer): ReportEntry => ({
  ...entry,
  async run(ctx) {
    const { start_date: start, end_date: end } = ctx.params;
    const asOf = await ctx.repo.figuresOfPeriod(ctx.accountId, start, end);
    if (!asOf) return entry.run(ctx);
    const [days, punches] = await Promise.all([
      ctx.repo.storedDays(ctx.accountId, start),
      ctx.repo.storedPunches(ctx.accountId, start),
    ]);
    return { ...answer(ctx, { days, punches }), asOf };
  },
});
