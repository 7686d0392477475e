import { EMPTY_PAY_TOTALS, PAY_PRESETS, type PayTotals, type WeekStart } from '@punchclock/contract';
import { addDays, weekStartOf } from '../calendar';
import {
  BREAK_DAYS_LATER,
  breaksInside,
  type DayState,
  dayStates,
  type EngineEmployee,
  type EnginePunch,
  finishDay,
  PIPELINE,
} from '../engine';
import type { TimeRules } from '../time-rules';
import { workedMinutes } from '../worked';
import { autoBreaks } from './auto-breaks';
import { breaksWhy } from './breaks';
import { dailyOvertime } from './daily-overtime';
import { limits } from './limits';
import { mealPremium } from './meal-premium';
import { money, type PayLine } from './money';
import { roundingWhy } from './rounding';
import { seventhDay } from './seventh-day';
import { type PayContext, type PayDayState, type PayStep, type RuleVersion, unpaid } from './types';
import { weeklyOvertime } from './weekly-overtime';

export type { PayLine } from './money';

const PAY_TOTAL_KEYS = Object.keys(EMPTY_PAY_TOTALS) as (keyof PayTotals)[];
export type { RuleVersion } from './types';

/**
 * The pay pipeline (docs/RULES.md#pay-rules, docs/ARCHITECTURE.md "How to add a pay rule"): one employee's days
 * of a period, from the engine's day figures, through the pay steps in their fixed order, to money. Each step is a
 * pure function over the days in date order; the week-wide ones (weekly overtime, seventh day) see each whole
 * workweek, which is why the days are computed from the start of the period's first workweek.
 */
export const PAY_PIPELINE: readonly PayStep[] = [
  roundingWhy,
  breaksWhy,
  autoBreaks,
  dailyOvertime,
  weeklyOvertime,
  seventhDay,
  mealPremium,
  limits,
];

/** The rule set in force on a local day: the newest version from that day or before, else `none`. */
export function ruleSetOn(versions: readonly RuleVersion[], day: string): RuleVersion {
  let found: RuleVersion | undefined;
  for (const v of versions)
    if (v.effective_from <= day && (!found || v.effective_from >= found.effective_from)) found = v;
  return found ?? { effective_from: '', preset: 'none', rules: PAY_PRESETS.none };
}

/**
 * The days whose punches a period's pay needs (by work_date): from the day before its first workweek (the rest
 * before that week's first day) to BREAK_DAYS_LATER after its end (breaks of a night shift's lunch).
 */
export function payWindow(start: string, end: string, weekStart: WeekStart): { from: string; to: string } {
  return { from: addDays(weekStartOf(start, weekStart), -1), to: addDays(end, BREAK_DAYS_LATER) };
}

export interface PayInput {
  employee: EngineEmployee;
  /** The employee's punches whose work_date lies in payWindow(start, end). */
  punches: readonly EnginePunch[];
  rules: TimeRules;
  /** The account's pay-rule versions (any order). */
  versions: readonly RuleVersion[];
  start: string;
  end: string;
}

export interface PayDay {
  day: string;
  preset: RuleVersion['preset'];
  state: PayDayState;
  steps: PayDayState['steps'];
  flags: PayDayState['flags'];
  totals: PayTotals;
}

export interface PayResult {
  employeeRef: number;
  /** The period's days with work, in date order. */
  days: PayDay[];
  lines: PayLine[];
  totals: PayTotals;
}

/** The pay state of a day from the engine's: all its paid minutes regular, no why yet. */
function startDay(s: DayState, rules: TimeRules, versions: readonly RuleVersion[]): PayDayState {
  const figures = finishDay({ ...s.figures }, rules);
  const version = ruleSetOn(versions, figures.day);
  const clocked = { ...rules, step: null };
  return {
    day: figures.day,
    figures,
    preset: version.preset,
    set: version.rules,
    rawWorked: rules.attendanceOnly
      ? 0
      : s.work.reduce((n, p) => n + workedMinutes({ timeIn: p.time_in, timeOut: p.time_out }, clocked), 0),
    breaks: rules.attendanceOnly ? [] : breaksInside(s, rules).map((b) => b.minutes),
    ...unpaid(figures.paidMinutes),
  };
}

const totalsOf = (d: PayDayState): PayTotals => ({
  worked: d.figures.workedMinutes,
  paid: d.paid,
  regular: d.regular,
  overtime: d.overtime,
  double_time: d.double_time,
  premium_cents: d.cents.premium,
  gross_cents: d.cents.regular + d.cents.overtime + d.cents.double_time + d.cents.premium,
});

/**
 * One employee's pay over [start, end]: each day's why and totals, the period's pay lines and totals (which
 * are the sums of the days'). Attendance Only: presence, no pay, no steps.
 */
export function payPeriod(input: PayInput): PayResult {
  const { employee, rules, versions, start, end } = input;
  const { from } = payWindow(start, end, rules.weekStart);
  const days = dayStates(input.punches, [employee], rules, PIPELINE.punches, { start: from, end }).map((s) =>
    startDay(s, rules, versions),
  );
  return payOfDays(employee.id, days, rules, start);
}

/**
 * The pay steps and money over one employee's days of a period's window (payWindow: from its first workweek's
 * start), in any order; the period's days are those from `start` on. `why: false` leaves out every why
 * line (reports read the figures only, docs/RULES.md#pay-lines).
 */
export function payOfDays(
  employeeRef: number,
  states: PayDayState[],
  rules: TimeRules,
  start: string,
  opts: { why?: boolean } = {},
): PayResult {
  const ctx: PayContext = { time: rules, why: opts.why };
  let days = states.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (!rules.attendanceOnly) for (const step of PAY_PIPELINE) days = step(days, ctx);
  const paid = money(
    days.filter((d) => d.day >= start),
    { ...opts, currency: rules.currency },
  );
  const out = paid.days.map((d) => ({
    day: d.day,
    preset: d.preset,
    state: d,
    steps: d.steps,
    flags: d.flags,
    totals: totalsOf(d),
  }));
  // Summed in place: one object for the period, not one per day.
  const totals = { ...EMPTY_PAY_TOTALS };
  for (const d of out) for (const k of PAY_TOTAL_KEYS) totals[k] += d.totals[k];
  return { employeeRef, days: out, lines: paid.lines, totals };
}

/** Every employee's pay over [start, end], by employee id (punches of others are left out). */
export function payPeriods(
  punches: readonly EnginePunch[],
  employees: readonly EngineEmployee[],
  rules: TimeRules,
  versions: readonly RuleVersion[],
  start: string,
  end: string,
): PayResult[] {
  const byEmployee = new Map<number, EnginePunch[]>(employees.map((e) => [e.id, []]));
  for (const p of punches) byEmployee.get(p.employee_ref)?.push(p);
  return [...employees]
    .sort((a, b) => a.id - b.id)
    .map((employee) =>
      payPeriod({ employee, punches: byEmployee.get(employee.id)!, rules, versions, start, end }),
    );
}

/**
 * One day's why: the pay of the period holding it (its money the day's shares of that period's lines: the pay
 * period, so that a period's days add up to its Payroll Summary to the cent), that day; null when the employee
 * did not work on it. Without a period, the day's workweek. `punches` must cover payWindow of that period.
 */
export function payDay(
  input: Omit<PayInput, 'start' | 'end'> & { day: string; period?: { start: string; end: string } },
): PayDay | null {
  const week = weekStartOf(input.day, input.rules.weekStart);
  const { start, end } = input.period ?? { start: week, end: addDays(week, 6) };
  const result = payPeriod({ ...input, start, end });
  return result.days.find((d) => d.day === input.day) ?? null;
}
