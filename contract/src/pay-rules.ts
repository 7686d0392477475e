import { z } from 'zod';
import { DEDUCTIONS, PUNCH_TYPES } from './constants';
import { isoDate } from './fields';
import { messages } from './messages';

/**
 * Pay rules (docs/RULES.md#pay-rules): a rule set says when minutes become overtime or double time, which
 * breaks a day must have, and which premiums it earns. An account keeps effective-dated versions of it
 * (`PUT /api/pay-rules` adds one from a local day on); each is a preset plus optional overrides of its
 * fields. The time engine's pay pipeline (server/src/modules/time/pay/) applies it, one named step a rule.
 * Minutes are whole minutes of paid work; null turns a threshold off.
 */

export const PAY_PRESET_NAMES = ['none', 'us_flsa', 'us_california', 'de_arbzg'] as const;
export type PayPresetName = (typeof PAY_PRESET_NAMES)[number];

/** The longest threshold a rule takes: a week of minutes. */
export const MAX_RULE_MINUTES = 7 * 24 * 60;
/** The most automatic-break tiers a rule set holds. */
export const MAX_AUTO_BREAKS = 5;

const minutes = (field: string) =>
  z
    .number({ error: messages.payRules.minutes(field) })
    .int(messages.payRules.minutes(field))
    .min(0, messages.payRules.minutes(field))
    .max(MAX_RULE_MINUTES, messages.payRules.minutes(field));

const threshold = (field: string) => minutes(field).nullable();

/**
 * A multiplier of the regular rate, from 1 to 10 with at most 3 decimals: money multiplies it as integer
 * thousandths (docs/RULES.md#pay-lines), so 1.5 and 1.25 are exact.
 */
const multiplier = (field: string) =>
  z
    .number({ error: messages.payRules.multiplier(field) })
    .min(1, messages.payRules.multiplier(field))
    .max(10, messages.payRules.multiplier(field))
    .refine((m) => Math.abs(m * 1000 - Math.round(m * 1000)) < 1e-6, messages.payRules.multiplier(field));

/**
 * One automatic-break tier: a day of more than `after_minutes` of work (breaks not counted) needs at least
 * `break_minutes` of breaks in all; what its punched breaks leave missing is deducted.
 */
export const autoBreakTier = z.strictObject(
  {
    after_minutes: minutes('after_minutes'),
    break_minutes: minutes('break_minutes'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? messages.payRules.autoBreakShape : undefined) },
);
export type AutoBreakTier = z.infer<typeof autoBreakTier>;

const ruleSetShape = {
  /** Paid minutes of a day after which minutes are overtime (California §510: 480). */
  daily_overtime_after: threshold('daily_overtime_after'),
  /** Paid minutes of a day after which minutes are double time (California §510: 720). */
  daily_double_after: threshold('daily_double_after'),
  /** Regular minutes of a workweek after which minutes are overtime (FLSA §207: 2400). */
  weekly_overtime_after: threshold('weekly_overtime_after'),
  /** The seventh consecutive day of work in a workweek: first 8 h overtime, after that double (California §510). */
  seventh_day: z.boolean({ error: messages.payRules.boolean('seventh_day') }),
  overtime_multiplier: multiplier('overtime_multiplier'),
  double_multiplier: multiplier('double_multiplier'),
  /** Tiers of breaks a day needs; the missing part is deducted (ArbZG §4). */
  auto_breaks: z
    .array(autoBreakTier, { error: messages.payRules.autoBreakShape })
    .max(MAX_AUTO_BREAKS, messages.payRules.autoBreaksTooMany(MAX_AUTO_BREAKS)),
  /** A day missing a required meal period earns one hour at the regular rate, at most one a day (California §226.7). */
  meal_premium: z.boolean({ error: messages.payRules.boolean('meal_premium') }),
  /** Minutes after the scheduled start a first clock-in still is on time (schedules use it). */
  late_grace_minutes: minutes('late_grace_minutes'),
  /** Minutes before the scheduled end a last clock-out still is not early (schedules use it). */
  early_grace_minutes: minutes('early_grace_minutes'),
  /** Work minutes of a day above which the day is flagged (ArbZG §3: 600), null: no flag. No premium. */
  daily_max_minutes: threshold('daily_max_minutes'),
  /** Rest minutes between two work days below which the later day is flagged (ArbZG §5(1): 660), null: no flag. */
  min_rest_minutes: threshold('min_rest_minutes'),
};

/** Every field of a rule set, as the pay pipeline reads it. */
export const payRuleSet = z.strictObject(ruleSetShape);
export type PayRuleSet = z.infer<typeof payRuleSet>;
export const PAY_RULE_FIELDS = Object.keys(ruleSetShape) as (keyof PayRuleSet)[];

const NONE: PayRuleSet = {
  daily_overtime_after: null,
  daily_double_after: null,
  weekly_overtime_after: null,
  seventh_day: false,
  overtime_multiplier: 1.5,
  double_multiplier: 2,
  auto_breaks: [],
  meal_premium: false,
  late_grace_minutes: 0,
  early_grace_minutes: 0,
  daily_max_minutes: null,
  min_rest_minutes: null,
};

/**
 * The presets, each from the statute's text (docs/RULES.md#pay-presets). `none` is Punchclock's behaviour
 * before pay rules: every paid minute regular.
 */
export const PAY_PRESETS: Readonly<Record<PayPresetName, Readonly<PayRuleSet>>> = {
  none: NONE,
  // 29 U.S.C. §207(a)(1): hours over 40 in a workweek at not less than one and one-half times the regular rate.
  us_flsa: { ...NONE, weekly_overtime_after: 40 * 60 },
  // California Labor Code §510(a) (overtime, double time, seventh day), §512(a) and §226.7(c) (meal periods).
  us_california: {
    ...NONE,
    daily_overtime_after: 8 * 60,
    daily_double_after: 12 * 60,
    weekly_overtime_after: 40 * 60,
    seventh_day: true,
    meal_premium: true,
  },
  // ArbZG §4 (breaks: 30 min over 6 h, 45 min over 9 h), §3 (10 h a day at most), §5(1) (11 h rest).
  de_arbzg: {
    ...NONE,
    auto_breaks: [
      { after_minutes: 6 * 60, break_minutes: 30 },
      { after_minutes: 9 * 60, break_minutes: 45 },
    ],
    daily_max_minutes: 10 * 60,
    min_rest_minutes: 11 * 60,
  },
};

/** Overrides of a preset's fields: strict, so a misspelt field is refused instead of silently ignored. */
export const payRuleOverrides = z.strictObject(
  Object.fromEntries(
    Object.entries(ruleSetShape).map(([k, schema]) => [k, (schema as z.ZodType).optional()]),
  ) as { [K in keyof typeof ruleSetShape]: z.ZodOptional<(typeof ruleSetShape)[K]> },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? messages.payRules.unknownFields(issue.keys, PAY_RULE_FIELDS)
        : messages.payRules.overridesShape,
  },
);
export type PayRuleOverrides = z.infer<typeof payRuleOverrides>;

/** A preset with its overrides applied: the rule set a version holds. */
export function resolveRuleSet(preset: PayPresetName, overrides?: PayRuleOverrides | null): PayRuleSet {
  const base = PAY_PRESETS[preset];
  const set: PayRuleSet = { ...base, auto_breaks: base.auto_breaks.map((t) => ({ ...t })) };
  for (const [k, v] of Object.entries(overrides ?? {})) if (v !== undefined) Object.assign(set, { [k]: v });
  return set;
}

/** What is wrong with a resolved rule set beyond its fields' own checks, as [field, message]; none: []. */
export function ruleSetProblems(set: PayRuleSet): [keyof PayRuleSet, string][] {
  const problems: [keyof PayRuleSet, string][] = [];
  if (
    set.daily_overtime_after !== null &&
    set.daily_double_after !== null &&
    set.daily_double_after < set.daily_overtime_after
  )
    problems.push(['daily_double_after', messages.payRules.doubleBelowOvertime]);
  if (set.double_multiplier < set.overtime_multiplier)
    problems.push(['double_multiplier', messages.payRules.doubleMultiplierBelow]);
  return problems;
}

/** The rule-set check as a zod refinement of a body with `preset` and `overrides` (`.superRefine(checkRuleSet)`). */
export function checkRuleSet(
  b: { preset: PayPresetName; overrides?: PayRuleOverrides },
  ctx: z.RefinementCtx,
): void {
  for (const [field, message] of ruleSetProblems(resolveRuleSet(b.preset, b.overrides)))
    ctx.addIssue({ code: 'custom', message, path: ['overrides', field] });
}

export const payPresetName = z.enum(PAY_PRESET_NAMES, {
  error: messages.payRules.unknownPreset(PAY_PRESET_NAMES),
});

/** PUT /api/pay-rules (and POST /api/pay-rules/preview's rule part): a version from `effective_from` on. */
export const payRulesBody = z
  .strictObject(
    {
      effective_from: isoDate,
      preset: payPresetName,
      overrides: payRuleOverrides.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? messages.payRules.bodyUnknownFields(issue.keys)
          : messages.payRules.bodyShape,
    },
  )
  .superRefine(checkRuleSet);
export type PayRulesBody = z.output<typeof payRulesBody>;

/** One stored version of an account's rules. */
export const payRuleVersion = z.object({
  effective_from: z.string(),
  preset: z.enum(PAY_PRESET_NAMES),
  overrides: payRuleOverrides,
  /** The preset with the overrides applied. */
  rules: payRuleSet,
});
export type PayRuleVersion = z.infer<typeof payRuleVersion>;

/** The steps of the pay pipeline, in the order they run (docs/ARCHITECTURE.md, "How to add a pay rule"). */
export const PAY_STEPS = [
  'rounding',
  'breaks',
  'auto_breaks',
  'daily_overtime',
  'weekly_overtime',
  'seventh_day',
  'meal_premium',
  'money',
] as const;
export type PayStep = (typeof PAY_STEPS)[number];

/**
 * One line of a day's "why": a step that changed the day, the rule it applied (its statute or setting), the
 * minutes it moved (always ≥ 0; `detail` says from what to what), and the detail in words.
 */
export const whyLine = z.object({
  step: z.enum(PAY_STEPS),
  rule: z.string(),
  minutes: z.number().int(),
  detail: z.string(),
});
export type WhyLine = z.infer<typeof whyLine>;

/** A limit a day broke (ArbZG §3, §5(1)): shown, no minutes moved and no premium. */
export const PAY_FLAGS = ['daily_max', 'short_rest'] as const;
export const payFlag = z.object({ flag: z.enum(PAY_FLAGS), rule: z.string(), detail: z.string() });
export type PayFlag = z.infer<typeof payFlag>;

/** A day's (or a period's) pay totals: minutes and cents. regular + overtime + double_time = paid. */
export const payTotals = z.object({
  worked: z.number().int(),
  paid: z.number().int(),
  regular: z.number().int(),
  overtime: z.number().int(),
  double_time: z.number().int(),
  premium_cents: z.number().int(),
  gross_cents: z.number().int(),
});
export type PayTotals = z.infer<typeof payTotals>;

/** Totals of nothing: where sums of days' or employees' totals start. */
export const EMPTY_PAY_TOTALS: Readonly<PayTotals> = {
  worked: 0,
  paid: 0,
  regular: 0,
  overtime: 0,
  double_time: 0,
  premium_cents: 0,
  gross_cents: 0,
};

/** a + b, figure by figure. */
export const addPayTotals = (a: PayTotals, b: PayTotals): PayTotals => ({
  worked: a.worked + b.worked,
  paid: a.paid + b.paid,
  regular: a.regular + b.regular,
  overtime: a.overtime + b.overtime,
  double_time: a.double_time + b.double_time,
  premium_cents: a.premium_cents + b.premium_cents,
  gross_cents: a.gross_cents + b.gross_cents,
});

export const dayPunch = z.object({
  id: z.number(),
  time_in: z.string(),
  time_out: z.string().nullable(),
  type: z.enum(PUNCH_TYPES),
  deduction: z.enum(DEDUCTIONS),
  /** Why its times are not the device's own: its station's clock was off (docs/RULES.md#station-clock). */
  note: z.string().optional(),
});

/** GET /api/employees/:id/days/:date: the raw punches, each step that changed the day in order, and its totals. */
export const dayWhyAnswer = z.object({
  date: z.string(),
  punches: z.array(dayPunch),
  steps: z.array(whyLine),
  flags: z.array(payFlag),
  totals: payTotals,
});
export type DayWhyAnswer = z.infer<typeof dayWhyAnswer>;

/** The words of the why lines and flags: the rule each step applied, as the statute or setting names it. */
export const payRuleTexts = {
  rounding: (step: number) => `Time Rounding: to the nearest ${step} minutes`,
  breaksAuto: 'Lunch and Break (Auto): unpaid',
  autoBreaks: (preset: PayPresetName) =>
    preset === 'de_arbzg' ? 'ArbZG §4: breaks of 30 min over 6 h, 45 min over 9 h' : 'Automatic breaks',
  dailyOvertime: (preset: PayPresetName, after: number, multiplier: number) =>
    preset === 'us_california'
      ? `California §510: over ${hoursWord(after)} at ${multiplier}×`
      : `Daily overtime: over ${hoursWord(after)} at ${multiplier}×`,
  dailyDouble: (preset: PayPresetName, after: number, multiplier: number) =>
    preset === 'us_california'
      ? `California §510: over ${hoursWord(after)} at ${multiplier}×`
      : `Daily double time: over ${hoursWord(after)} at ${multiplier}×`,
  weeklyOvertime: (preset: PayPresetName, after: number, multiplier: number) =>
    preset === 'us_flsa'
      ? `FLSA §207(a)(1): over ${hoursWord(after)} in the workweek at ${multiplier}×`
      : preset === 'us_california'
        ? `California §510: over ${hoursWord(after)} in the workweek at ${multiplier}×`
        : `Weekly overtime: over ${hoursWord(after)} in the workweek at ${multiplier}×`,
  seventhDay: (preset: PayPresetName) =>
    preset === 'us_california'
      ? 'California §510: seventh consecutive day, first 8 h at overtime, after 8 h double'
      : 'Seventh consecutive day: first 8 h at overtime, after 8 h double',
  mealPremium: (preset: PayPresetName) =>
    preset === 'us_california'
      ? 'California §512, §226.7: a missing meal period earns one hour at the regular rate'
      : 'Meal period premium: one hour at the regular rate',
  money: 'Pay lines: hours shown × rate, rounded once per line; the day has its share',
  dailyMax: (preset: PayPresetName, max: number) =>
    preset === 'de_arbzg'
      ? `ArbZG §3: more than ${hoursWord(max)} of work`
      : `More than ${hoursWord(max)} of work`,
  shortRest: (preset: PayPresetName, min: number) =>
    preset === 'de_arbzg' ? `ArbZG §5(1): rest under ${hoursWord(min)}` : `Rest under ${hoursWord(min)}`,
};

/** 480 → "8 h", 510 → "8 h 30". */
export const hoursWord = (m: number): string =>
  m % 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}` : `${m / 60} h`;
