import type { PayFlag, PayPresetName, PayRuleSet, WhyLine } from '@punchclock/contract';
import type { DayFigures } from '../engine';
import type { TimeRules } from '../time-rules';

/**
 * The pay pipeline's types (docs/RULES.md#pay-rules). The engine's day figures (work, breaks, Auto deductions)
 * come first; the pay steps then split each day's paid minutes into regular, overtime and double time, add
 * premiums and money, and append to the day's "why" what they moved. They never change a punch or the engine's
 * figures: they work on their own fields of the day.
 */

/** One version of an account's pay rules, from its local day on. */
export interface RuleVersion {
  effective_from: string;
  preset: PayPresetName;
  rules: PayRuleSet;
}

/** Cents of each kind of pay a day has: its shares of the period's pay lines. */
export interface DayCents {
  regular: number;
  overtime: number;
  double_time: number;
  premium: number;
}

/** One employee's local day as the pay steps pass it along. */
export interface PayDayState {
  day: string;
  /** The engine's figures of the day (after its own steps: deductions, Attendance Only). */
  figures: Readonly<DayFigures>;
  /** The rule set in force on the day and the preset it came from. */
  preset: PayPresetName;
  set: Readonly<PayRuleSet>;
  /** Worked minutes from the unrounded times (what rounding changed). */
  rawWorked: number;
  /** Minutes of each Lunch and Break inside the day's work, Auto and Manual alike. */
  breaks: readonly number[];
  /** Minutes the automatic-breaks step deducted beyond the punched Auto breaks. */
  autoDeducted: number;
  /** Paid minutes after the pay steps; always regular + overtime + double_time. */
  paid: number;
  regular: number;
  overtime: number;
  double_time: number;
  /** Hours of premium pay at the regular rate (meal periods: at most 1). */
  premiumHours: number;
  cents: DayCents;
  steps: readonly WhyLine[];
  flags: readonly PayFlag[];
}

// Shared by every day that has none of its own yet: the steps replace them (withWhy, money), never change them,
// and a month of a big account's days each with its own empty lists was most of a report's garbage collection.
const NO_CENTS: DayCents = Object.freeze({ regular: 0, overtime: 0, double_time: 0, premium: 0 });
const NO_WHY: readonly WhyLine[] = Object.freeze([]);
const NO_FLAGS: readonly PayFlag[] = Object.freeze([]);
export const NO_BREAKS: readonly number[] = Object.freeze([]);

/** A day's pay fields before any pay step: `paid` minutes, all regular, nothing moved or said yet. */
export const unpaid = (paid: number) => ({
  autoDeducted: 0,
  paid,
  regular: paid,
  overtime: 0,
  double_time: 0,
  premiumHours: 0,
  cents: NO_CENTS,
  steps: NO_WHY,
  flags: NO_FLAGS,
});

export interface PayContext {
  time: TimeRules;
  /** false: no why lines (a report reads only the figures; their words were half of its time). Default true. */
  why?: boolean;
}

/** A pay step: pure, over one employee's days in date order (a week-wide rule sees the whole workweek). */
export type PayStepFn = (days: readonly PayDayState[], ctx: PayContext) => PayDayState[];

/** The day with one more why line, made only when the why is read (ctx.why). */
export const withWhy = (d: PayDayState, ctx: PayContext, line: () => WhyLine): PayDayState =>
  ctx.why === false ? d : { ...d, steps: [...d.steps, line()] };

/** Minutes of work of a day, breaks not counted (punched ones and those the automatic-breaks step deducted). */
export const workWithoutBreaks = (d: PayDayState): number =>
  Math.max(0, d.figures.workedMinutes - d.breaks.reduce((n, m) => n + m, 0) - d.autoDeducted);

/** A per-day step as a pay step. */
export const eachDay =
  (step: (d: PayDayState, ctx: PayContext) => PayDayState): PayStepFn =>
  (days, ctx) =>
    days.map((d) => step(d, ctx));
