import type { PayFlag, PayPresetName, PayRuleSet, WhyLine } from '@punchclock/contract';
import type { RawBuilder } from 'kysely';
import type { DayFigures, SqlOps } from '../engine';
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

/** The minute fields of a day that pay steps move, as the database's pay query names its columns (pay-sql.ts). */
export const SQL_PAY_FIELDS = [
  'paid',
  'regular',
  'overtime',
  'double_time',
  'premium_hours',
  'auto_deducted',
] as const;
export type SqlPayField = (typeof SQL_PAY_FIELDS)[number];

/**
 * One day of the pay query as SQL expressions: the fields steps move, and what they read of the engine's figures
 * (`worked` minutes, `breaks`: the punched Lunch and Break minutes inside the work, `meals`: how many of those
 * were meal periods).
 */
export type SqlPayDay = Record<SqlPayField | 'worked' | 'breaks' | 'meals', RawBuilder<number>>;

/**
 * One employee's workweek in the pay query, summed from its days (pay-sql.ts): the period's share of the minute
 * split (days from the period's start on), and what a week-wide rule reads of the whole week: the regular minutes
 * of all its days and of those before the period, how many days had paid minutes, and its last day's (the
 * seventh from the week start) minutes and whether it is a day of the period.
 */
export const SQL_WEEK_FIELDS = [
  'regular',
  'overtime',
  'double_time',
  'week_regular',
  'regular_before',
  'paid_days',
  'last_paid',
  'last_regular',
  'last_overtime',
  'last_double',
  'last_in_period',
] as const;
export type SqlPayWeek = Record<(typeof SQL_WEEK_FIELDS)[number], RawBuilder<number>>;

/**
 * A pay step with, optionally, its SQL form: the same rule over the database's pay query, under one rule set
 * (`set`), answering the fields it changes. A per-day step has `sql`, over one day's row; a week-wide step
 * `weekSql`, over one workweek's sums. Payroll Summary of a big account is then summed where the punches are
 * (pay-sql.ts); a step without either makes the pay fall back to running the steps here.
 * server/test/pay-sql.test.ts checks both forms against each other on random weeks, on both databases.
 */
export type PayStep = PayStepFn & {
  sql?: (
    d: SqlPayDay,
    set: Readonly<PayRuleSet>,
    ops: SqlOps,
  ) => Partial<Record<SqlPayField, RawBuilder<number>>>;
  weekSql?: (w: SqlPayWeek, set: Readonly<PayRuleSet>, ops: SqlOps) => Partial<SqlPayWeek>;
};

/** The SQL form of a step that moves no minute (it only says why, or flags). */
export const movesNoMinute = () => ({});

/** The day with one more why line, made only when the why is read (ctx.why). */
export const withWhy = (d: PayDayState, ctx: PayContext, line: () => WhyLine): PayDayState =>
  ctx.why === false ? d : { ...d, steps: [...d.steps, line()] };

/** Minutes of work of a day, breaks not counted (punched ones and those the automatic-breaks step deducted). */
export const workWithoutBreaks = (d: PayDayState): number =>
  Math.max(0, d.figures.workedMinutes - d.breaks.reduce((n, m) => n + m, 0) - d.autoDeducted);

/** A per-day step as a pay step, with its SQL form when it has one. */
export const eachDay = (
  step: (d: PayDayState, ctx: PayContext) => PayDayState,
  sql: PayStep['sql'],
): PayStep =>
  Object.assign((days: readonly PayDayState[], ctx: PayContext) => days.map((d) => step(d, ctx)), { sql });
