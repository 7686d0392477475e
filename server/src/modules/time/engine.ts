import type { Deduction, PunchType } from '@punchclock/contract';
import { earningsCents, earningsCentsSql } from '../../lib/money';
import { type RawBuilder, sql } from 'kysely';
import { localDay, zoneOffsetMinutes } from '../../lib/time';
import { addDays } from './calendar';
import { roundToStep } from './rounding';
import type { TimeRules } from './time-rules';
import { workedMinutes } from './worked';

/**
 * The time engine (docs/ARCHITECTURE.md, "Where each kind of rule lives"): raw punches + the account's rules
 * → per employee and local day, the figures people are paid from. Reports, the dashboard, exports and
 * earnings call it; nothing else computes hours or money. Raw punches are never changed. It is a pipeline of
 * named pure steps over one employee's day, so overtime or automatic breaks are further steps, not edits of
 * the others.
 *
 * Meanings (README "Time engine"):
 * - a shift belongs to the local day (account zone) it starts on, even when it ends after midnight;
 * - rounding moves each in and out to the nearest step on the local wall clock;
 * - work is punches of type None; Lunch and Break punches are breaks taken during work, never work. Only the
 *   part of a break inside work shifts counts, on the day of the shift it lies in (a night shift's lunch after
 *   midnight is that shift's: BREAK_DAYS_LATER). Deduction Auto: those minutes are unpaid, taken off
 *   the day's paid minutes. Deduction Manual: they are recorded and shown, but nothing is taken off
 *   automatically (the break is paid unless a manager edits the shifts);
 * - an open shift (no time out yet) is counted as open and never paid;
 * - Attendance Only keeps presence (first in, last out, punches) with no hours and no pay.
 */
export interface EnginePunch {
  employee_ref: number;
  time_in: string;
  time_out: string | null;
  type: PunchType;
  deduction: Deduction;
  late_sync: boolean | number;
  /**
   * The stored local day of time_in in the account's zone (kept current when the zone changes), used when
   * given: formatting every instant's day again costs more than the rest of the engine together.
   */
  work_date?: string;
}

export interface EngineEmployee {
  id: number;
  /** The current hourly rate: every day's, unless `rates` says otherwise. */
  rateCents: number;
  /** The employee's rate changes (employee_rates), oldest first; none: one rate all along. */
  rates?: readonly RateChange[];
}

/** An hourly rate from a local day on (YYYY-MM-DD, account zone, like work_date). */
export interface RateChange {
  from: string;
  cents: number;
}

/**
 * The one hourly rate of [start, end], or null when it changed inside it (then no single rate times the hours
 * gives the pay): the rate Payroll Summary shows beside a period's gross.
 */
export function periodRate(e: EngineEmployee, start: string, end: string): number | null {
  const changed = e.rates?.some((r) => r.from > start && r.from <= end);
  return changed ? null : rateOn(e, end);
}

/** The hourly rate of a day: the newest change on or before it, else (no changes) the current rate. */
export function rateOn(e: EngineEmployee, day: string): number {
  const rates = e.rates;
  if (!rates?.length) return e.rateCents;
  for (let i = rates.length - 1; i >= 0; i--) if (rates[i].from <= day) return rates[i].cents;
  // Before the first change: cannot be (the first row is RATES_SINCE), but that rate is the oldest known.
  return rates[0].cents;
}

export interface DayFigures {
  employeeRef: number;
  /** The local day (YYYY-MM-DD, account zone) the shifts started on. */
  day: string;
  /** First clock-in and last clock-out of the day's work, rounded by the account's Time Rounding (ISO UTC). */
  firstIn: string | null;
  lastOut: string | null;
  /** The same, unrounded: what screens show when "display round in/out times" is off. */
  rawFirstIn: string | null;
  rawLastOut: string | null;
  workedMinutes: number;
  /** Auto Lunch/Break minutes taken off. */
  deductedMinutes: number;
  /** Manual Lunch/Break minutes recorded (not taken off). */
  manualBreakMinutes: number;
  paidMinutes: number;
  openShifts: number;
  lateSyncs: number;
  punches: number;
  rateCents: number;
  /** What the paid minutes earn (integer cents, rounded once per day). */
  earningsCents: number;
  /** What the worked minutes would earn before Auto deductions: the gross pay of Payroll Summary. */
  grossCents: number;
}

/**
 * One employee's punches of one local day, as the steps pass it along: its work punches, and the breaks that may
 * lie inside them (the employee's breaks of this day and of the BREAK_DAYS_LATER days after it).
 */
export interface DayState {
  figures: DayFigures;
  work: EnginePunch[];
  breaks: EnginePunch[];
}

/**
 * How many days after a work shift's day its breaks are looked for: a lunch at 01:00 inside a shift that started
 * at 22:00 is on the next local day, yet it is that shift's lunch. The database matches the same days
 * (period.repository's break join), so a break two days after its shift's start does not count in it.
 */
export const BREAK_DAYS_LATER = 1;

/** A step over one day's punches. */
export type DayStep = (day: DayState, rules: TimeRules) => DayState;

const rounded = (iso: string | null, rules: TimeRules) =>
  iso ? roundToStep(iso, rules.step, rules.zone) : null;
const minutesOf = (p: EnginePunch, rules: TimeRules) =>
  workedMinutes({ timeIn: p.time_in, timeOut: p.time_out }, rules);

/** Work: the minutes of the day's closed work shifts; open ones are counted, not paid. */
export const workStep: DayStep = (d, rules) => {
  const closed = d.work.filter((p) => p.time_out);
  const ins = d.work.map((p) => rounded(p.time_in, rules) as string).sort();
  const outs = closed.map((p) => rounded(p.time_out, rules) as string).sort();
  const worked = closed.reduce((n, p) => n + minutesOf(p, rules), 0);
  const rawIns = d.work.map((p) => p.time_in).sort();
  const rawOuts = closed.map((p) => p.time_out as string).sort();
  return {
    ...d,
    figures: {
      ...d.figures,
      firstIn: ins[0] ?? null,
      lastOut: outs.at(-1) ?? null,
      rawFirstIn: rawIns[0] ?? null,
      rawLastOut: rawOuts.at(-1) ?? null,
      workedMinutes: worked,
      paidMinutes: worked,
      openShifts: d.work.length - closed.length,
    },
  };
};

/** Minutes of [a, b) that fall inside the given intervals (which do not overlap each other: work cannot). */
function minutesInside(a: number, b: number, intervals: readonly [number, number][]): number {
  let ms = 0;
  for (const [from, to] of intervals) ms += Math.max(0, Math.min(b, to) - Math.max(a, from));
  return Math.floor(ms / 60_000);
}

/**
 * Lunch and Break: a break counts only where it falls inside the day's closed work shifts (rounded times),
 * floored once per break and day. It records the Auto minutes (in deductedMinutes, before deductionStep caps
 * them) and the Manual ones.
 */
export const breakStep: DayStep = (d, rules) => {
  const at = (iso: string | null) => Date.parse(rounded(iso, rules) as string);
  const work = d.work
    .filter((p) => p.time_out)
    .map((p) => [at(p.time_in), at(p.time_out)] as [number, number]);
  const inside = (deduction: Deduction) =>
    d.breaks
      .filter((p) => p.time_out && p.deduction === deduction)
      .reduce((n, p) => n + minutesInside(at(p.time_in), at(p.time_out), work), 0);
  return {
    ...d,
    figures: { ...d.figures, deductedMinutes: inside('Auto'), manualBreakMinutes: inside('Manual') },
  };
};

/**
 * The steps after a day's punches are summed: they see only the figures, so the database can do the
 * punch steps' sums instead (period.repository.ts) and these run the same either way. Each answers the
 * figures it changes. A step may also carry `sql`: the same rule over SQL expressions of the figures, so
 * the database can apply it while it sums a period (period totals and per-employee sums of a big account
 * without reading every day). A step without `sql` makes those sums fall back to running the steps here.
 * server/test/day-totals.test.ts checks both forms against each other on random days, on both databases.
 */
export type FigureStep = ((f: Readonly<DayFigures>, rules: TimeRules) => Partial<DayFigures>) & {
  sql?: (f: Readonly<SqlFigures>, rules: TimeRules, ops: SqlOps) => Partial<SqlFigures>;
};

/** The figures a figure step reads and writes, as SQL expressions over one day's row. */
export type SqlFigures = Record<SqlFigure, RawBuilder<number>>;
export type SqlFigure =
  | 'workedMinutes'
  | 'deductedMinutes'
  | 'manualBreakMinutes'
  | 'paidMinutes'
  | 'rateCents'
  | 'earningsCents'
  | 'grossCents';
/** The dialect's two-argument minimum and maximum (least/greatest on PostgreSQL, min/max on SQLite). */
export interface SqlOps {
  least(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;
  greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;
}

/** Auto Lunch/Break minutes are taken off the paid minutes, never more than were worked. */
export const deductionStep: FigureStep = Object.assign(
  (f: Readonly<DayFigures>) => {
    const deducted = Math.min(f.deductedMinutes, f.workedMinutes);
    return { deductedMinutes: deducted, paidMinutes: f.workedMinutes - deducted };
  },
  {
    sql: (f: Readonly<SqlFigures>, _rules: TimeRules, ops: SqlOps) => {
      const deducted = ops.least(f.deductedMinutes, f.workedMinutes);
      return { deductedMinutes: deducted, paidMinutes: sql<number>`(${f.workedMinutes} - ${deducted})` };
    },
  },
);

/** Attendance Only: presence without hours or pay. */
export const attendanceOnlyStep: FigureStep = Object.assign(
  (_f: Readonly<DayFigures>, rules: TimeRules) =>
    rules.attendanceOnly
      ? { workedMinutes: 0, deductedMinutes: 0, manualBreakMinutes: 0, paidMinutes: 0 }
      : {},
  {
    sql: (_f: Readonly<SqlFigures>, rules: TimeRules) => {
      const zero = sql<number>`0`;
      return rules.attendanceOnly
        ? { workedMinutes: zero, deductedMinutes: zero, manualBreakMinutes: zero, paidMinutes: zero }
        : {};
    },
  },
);

/**
 * Earnings: paid minutes × hourly rate in whole cents, rounded once per day; gross is the same for the worked
 * minutes (before Auto deductions).
 */
export const earningsStep: FigureStep = Object.assign(
  (f: Readonly<DayFigures>) => ({
    earningsCents: earningsCents(f.paidMinutes, f.rateCents),
    grossCents: earningsCents(f.workedMinutes, f.rateCents),
  }),
  {
    sql: (f: Readonly<SqlFigures>) => ({
      earningsCents: earningsCentsSql(f.paidMinutes, f.rateCents),
      grossCents: earningsCentsSql(f.workedMinutes, f.rateCents),
    }),
  },
);

/**
 * The steps, in order: those over one day's punches, then those over its figures. Overtime and automatic
 * breaks go here later.
 */
export const PIPELINE: { punches: readonly DayStep[]; figures: readonly FigureStep[] } = {
  punches: [workStep, breakStep],
  figures: [deductionStep, attendanceOnlyStep, earningsStep],
};

/** Whether every figure step has its SQL form, so that the database can apply them while it sums a period. */
export const figureStepsInSql = (steps = PIPELINE.figures) => steps.every((step) => step.sql);

/** The figure steps as SQL over one day's summed row (`day`: the punch steps' figures as column expressions). */
export function figuresSql(
  day: SqlFigures,
  rules: TimeRules,
  ops: SqlOps,
  steps = PIPELINE.figures,
): SqlFigures {
  let f = day;
  for (const step of steps) {
    if (!step.sql) throw new Error(`figure step ${step.name} has no SQL form`);
    f = { ...f, ...step.sql(f, rules, ops) };
  }
  return f;
}

/** One employee's day figures summed over a period: what totals, payroll and paging take. */
export interface PeriodSums {
  employeeRef: number;
  /** Days with punches. */
  days: number;
  workedMinutes: number;
  deductedMinutes: number;
  manualBreakMinutes: number;
  paidMinutes: number;
  openShifts: number;
  lateSyncs: number;
  punches: number;
  earningsCents: number;
  grossCents: number;
}

const SUMMED = [
  'workedMinutes',
  'deductedMinutes',
  'manualBreakMinutes',
  'paidMinutes',
  'openShifts',
  'lateSyncs',
  'punches',
  'earningsCents',
  'grossCents',
] as const;

/** Day figures summed per employee (the engine's way; the database's is period.repository's employeeSums). */
export function sumByEmployee(days: readonly DayFigures[]): PeriodSums[] {
  const sums = new Map<number, PeriodSums>();
  for (const d of days) {
    let s = sums.get(d.employeeRef);
    if (!s) {
      s = {
        employeeRef: d.employeeRef,
        days: 0,
        ...Object.fromEntries(SUMMED.map((k) => [k, 0])),
      } as PeriodSums;
      sums.set(d.employeeRef, s);
    }
    s.days += 1;
    for (const k of SUMMED) s[k] += d[k];
  }
  return [...sums.values()];
}

/**
 * The figure steps over one day's summed figures, applied in place to `f` (a fresh object of the caller's:
 * a copy per step would be 600,000 short-lived objects over a big account's month).
 */
export function finishDay(f: DayFigures, rules: TimeRules, steps = PIPELINE.figures): DayFigures {
  for (const step of steps) Object.assign(f, step(f, rules));
  return f;
}

/** Groups punches by employee and the local day each starts on (a shift across midnight stays on its first day). */
export function groupByDay(punches: readonly EnginePunch[], zone: string): Map<string, EnginePunch[]> {
  const days = new Map<string, EnginePunch[]>();
  for (const p of punches) {
    const key = `${p.employee_ref}|${p.work_date ?? localDay(new Date(p.time_in), zone)}`;
    const list = days.get(key);
    if (list) list.push(p);
    else days.set(key, [p]);
  }
  return days;
}

/**
 * Figures per employee and local day, sorted by employee and day. Punches of employees not in `employees`
 * (e.g. of departments excluded from reports) are left out; deleted employees are included when the caller
 * passes them (a period's reports keep people who left during it). With `within`, only its days are answered:
 * the punches may then include the BREAK_DAYS_LATER days after it, whose breaks can lie in the period's shifts.
 */
export function computeDays(
  punches: readonly EnginePunch[],
  employees: readonly EngineEmployee[],
  rules: TimeRules,
  steps = PIPELINE,
  within?: { start: string; end: string },
): DayFigures[] {
  const byId = new Map(employees.map((e) => [e.id, e]));
  const days = groupByDay(
    punches.filter((p) => byId.has(p.employee_ref)),
    rules.zone,
  );
  const breaksOf = new Map<string, EnginePunch[]>();
  for (const [key, list] of days)
    breaksOf.set(
      key,
      list.filter((p) => p.type !== 'None'),
    );
  const out: DayFigures[] = [];
  for (const [key, list] of days) {
    const [ref, day] = key.split('|');
    if (within && (day < within.start || day > within.end)) continue;
    // A day of breaks alone (the lunch of a night shift that began the day before) is no day of work: its breaks
    // are the shift's (BREAK_DAYS_LATER), and a row of zeros for it would count as a day in the summaries.
    const work = list.filter((p) => p.type === 'None');
    if (work.length === 0) continue;
    const employeeRef = Number(ref);
    const breaks: EnginePunch[] = [];
    for (let n = 0; n <= BREAK_DAYS_LATER; n++)
      breaks.push(...(breaksOf.get(`${ref}|${addDays(day, n)}`) ?? []));
    let state: DayState = {
      work,
      breaks,
      figures: {
        employeeRef,
        day,
        firstIn: null,
        lastOut: null,
        rawFirstIn: null,
        rawLastOut: null,
        workedMinutes: 0,
        deductedMinutes: 0,
        manualBreakMinutes: 0,
        paidMinutes: 0,
        openShifts: 0,
        lateSyncs: list.filter((p) => !!p.late_sync).length,
        punches: list.length,
        rateCents: rateOn(byId.get(employeeRef)!, day),
        earningsCents: 0,
        grossCents: 0,
      },
    };
    for (const step of steps.punches) state = step(state, rules);
    out.push(finishDay(state.figures, rules, steps.figures));
  }
  return out.sort(byEmployeeAndDay);
}

/** Plain comparison: ISO days sort as text, and localeCompare costs ~1 µs a call over 200,000 rows. */
const byEmployeeAndDay = (a: DayFigures, b: DayFigures) =>
  a.employeeRef - b.employeeRef || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

/**
 * One employee's day summed by the database (day-totals.repository.ts): the punch steps' figures (workStep,
 * breakStep) as SQL aggregates, for big periods where reading every punch into the engine costs more than
 * the report. Instants are ISO text; the rounded ones come as epoch milliseconds (null without rounding).
 * server/test/day-totals.test.ts checks on both databases that both ways give the same figures.
 */
export interface DayTotals {
  employee_ref: number;
  work_date: string;
  raw_first_in: string | null;
  raw_last_out: string | null;
  first_in_ms: number | null;
  last_out_ms: number | null;
  worked: number;
  auto_break: number;
  manual_break: number;
  open_shifts: number;
  late_syncs: number;
  punches: number;
}

/**
 * Whether rounding to the step on the local wall clock is the same as rounding the UTC instant, over the
 * period (with a margin for shifts that end after it): true without rounding, or when every offset the zone
 * has in that time is a whole number of steps (any whole-hour zone with a 5, 10, 15 or 30 minute step). The
 * database rounds UTC instants, so it can only sum the punches when this holds; otherwise the engine does.
 */
export function roundsLikeUtc(rules: Pick<TimeRules, 'step' | 'zone'>, start: string, end: string): boolean {
  if (!rules.step) return true;
  const last = Date.parse(`${end}T12:00:00Z`) + 2 * 86_400_000;
  for (let t = Date.parse(`${start}T12:00:00Z`) - 86_400_000; t <= last; t += 43_200_000)
    if (zoneOffsetMinutes(rules.zone, new Date(t)) % rules.step !== 0) return false;
  return true;
}

/**
 * The engine's day figures from the database's sums, sorted by employee and day like computeDays': the figure
 * steps run on them exactly as on computeDays'.
 */
export function daysFromTotals(
  totals: readonly DayTotals[],
  employees: readonly EngineEmployee[],
  rules: TimeRules,
  steps = PIPELINE.figures,
): DayFigures[] {
  const byId = new Map(employees.map((e) => [e.id, e]));
  const instant = (ms: number | null, raw: string | null) =>
    rules.step ? (ms === null ? null : new Date(ms).toISOString()) : raw;
  const out: DayFigures[] = [];
  for (const t of totals) {
    const employee = byId.get(t.employee_ref);
    if (!employee) continue;
    const rateCents = rateOn(employee, t.work_date);
    const figures: DayFigures = {
      employeeRef: t.employee_ref,
      day: t.work_date,
      firstIn: instant(t.first_in_ms, t.raw_first_in),
      lastOut: instant(t.last_out_ms, t.raw_last_out),
      rawFirstIn: t.raw_first_in,
      rawLastOut: t.raw_last_out,
      workedMinutes: t.worked,
      deductedMinutes: t.auto_break,
      manualBreakMinutes: t.manual_break,
      paidMinutes: t.worked,
      openShifts: t.open_shifts,
      lateSyncs: t.late_syncs,
      punches: t.punches,
      rateCents,
      earningsCents: 0,
      grossCents: 0,
    };
    out.push(finishDay(figures, rules, steps));
  }
  return out.sort(byEmployeeAndDay);
}
