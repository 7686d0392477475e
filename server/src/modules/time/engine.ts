import type { Deduction, PunchType } from '@punchclock/contract';
import { localDay } from '../../lib/time';
import { addDays } from './calendar';
import { roundToStep } from './rounding';
import {
  attendanceOnlyStep,
  deductionStep,
  earningsStep,
  type FigureStep,
  type SqlFigures,
  type SqlOps,
} from './figure-steps';
import { type EngineEmployee, rateOn } from './rates';
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

// Rates and the figure steps live in their own files; callers keep importing them from the engine.
export * from './rates';
export * from './figure-steps';

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
 * Each closed Lunch or Break of the day with the minutes of it that fall inside the day's closed work shifts
 * (rounded times), floored once per break: what breakStep sums, and what the pay rules count breaks from.
 */
export function breaksInside(d: DayState, rules: TimeRules): { deduction: Deduction; minutes: number }[] {
  const at = (iso: string | null) => Date.parse(rounded(iso, rules) as string);
  const work = d.work
    .filter((p) => p.time_out)
    .map((p) => [at(p.time_in), at(p.time_out)] as [number, number]);
  return d.breaks
    .filter((p) => p.time_out)
    .map((p) => ({ deduction: p.deduction, minutes: minutesInside(at(p.time_in), at(p.time_out), work) }));
}

/**
 * Lunch and Break: a break counts only where it falls inside the day's closed work shifts (breaksInside). It
 * records the Auto minutes (in deductedMinutes, before deductionStep caps them) and the Manual ones.
 */
export const breakStep: DayStep = (d, rules) => {
  const each = breaksInside(d, rules);
  const inside = (deduction: Deduction) =>
    each.filter((b) => b.deduction === deduction).reduce((n, b) => n + b.minutes, 0);
  return {
    ...d,
    figures: { ...d.figures, deductedMinutes: inside('Auto'), manualBreakMinutes: inside('Manual') },
  };
};

/**
 * The steps, in order: those over one day's punches, then those over its figures. Pay rules (overtime,
 * automatic breaks, premiums) run after these, over a period of days, in ./pay/pipeline.ts.
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
export type PeriodSums = { employeeRef: number; /** Days with punches. */ days: number } & Pick<
  DayFigures,
  (typeof SUMMED)[number]
>;

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
 * One employee's punches of each local day after the punch steps (DayState, figures not finished yet), in no
 * particular order. Punches of employees not in `employees` (e.g. of departments excluded from reports) are left
 * out; deleted employees are included when the caller passes them (a period's reports keep people who left
 * during it). With `within`, only its days are answered: the punches may then include the BREAK_DAYS_LATER days
 * after it, whose breaks can lie in the period's shifts.
 */
export function dayStates(
  punches: readonly EnginePunch[],
  employees: readonly EngineEmployee[],
  rules: TimeRules,
  steps: readonly DayStep[] = PIPELINE.punches,
  within?: { start: string; end: string },
): DayState[] {
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
  const out: DayState[] = [];
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
    for (const step of steps) state = step(state, rules);
    out.push(state);
  }
  return out;
}

/** Figures per employee and local day, sorted by employee and day (dayStates, then the figure steps). */
export function computeDays(
  punches: readonly EnginePunch[],
  employees: readonly EngineEmployee[],
  rules: TimeRules,
  steps = PIPELINE,
  within?: { start: string; end: string },
): DayFigures[] {
  return dayStates(punches, employees, rules, steps.punches, within)
    .map((state) => finishDay(state.figures, rules, steps.figures))
    .sort(byEmployeeAndDay);
}

/** Plain comparison: ISO days sort as text, and localeCompare costs ~1 µs a call over 200,000 rows. */
export const byEmployeeAndDay = (a: DayFigures, b: DayFigures) =>
  a.employeeRef - b.employeeRef || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);
