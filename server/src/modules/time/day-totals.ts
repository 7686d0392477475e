import { zoneOffsetMinutes } from '../../lib/time';
import { byEmployeeAndDay, type DayFigures, finishDay, PIPELINE } from './engine';
import { type EngineEmployee, rateOn } from './rates';
import type { TimeRules } from './time-rules';

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
  /** How many of the day's breaks lasted a meal period (30 minutes or more inside its work). */
  meal_breaks: number;
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
    const figures = figuresOfTotals(t, rateOn(employee, t.work_date), {
      firstIn: instant(t.first_in_ms, t.raw_first_in),
      lastOut: instant(t.last_out_ms, t.raw_last_out),
    });
    out.push(finishDay(figures, rules, steps));
  }
  return out.sort(byEmployeeAndDay);
}

/**
 * A day's figures from the database's sums before the figure steps (finishDay): all its worked minutes paid, at
 * `rateCents`; `presence` its first in and last out as the engine shows them (null: not read, as by the pay sums).
 */
export function figuresOfTotals(
  t: DayTotals,
  rateCents: number,
  presence: { firstIn: string | null; lastOut: string | null } | null,
): DayFigures {
  return {
    employeeRef: t.employee_ref,
    day: t.work_date,
    firstIn: presence?.firstIn ?? null,
    lastOut: presence?.lastOut ?? null,
    rawFirstIn: presence ? t.raw_first_in : null,
    rawLastOut: presence ? t.raw_last_out : null,
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
}
