import {
  PAY_PRESETS,
  PAY_RULE_FIELDS,
  type PayPresetName,
  type PayRuleSet,
  type PayRulesBody,
  payRulesBody,
  payRulesPreviewBody,
} from '@punchclock/contract';
import { schemaErrors } from '../../forms/validation';

/**
 * The Pay Rules form's values and how they become the body of PUT /api/pay-rules (docs/RULES.md#pay-rules): the
 * form shows every field of the chosen preset, and sends as overrides only the fields that differ from it, so a
 * version reads "California" rather than California's twelve values copied.
 */

/** The presets as the screen names them. */
export const PRESET_CHOICES: { value: PayPresetName; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'us_flsa', label: 'U.S. federal (FLSA)' },
  { value: 'us_california', label: 'California' },
  { value: 'de_arbzg', label: 'Germany (ArbZG)' },
];
export const presetLabel = (p: PayPresetName): string =>
  PRESET_CHOICES.find((c) => c.value === p)?.label ?? p;

/** What a number input holds: a number, or text while it is blank or being typed. */
type NumberValue = number | string;

/** Thresholds: blank turns the rule off (null). */
export const THRESHOLD_FIELDS = [
  'daily_overtime_after',
  'daily_double_after',
  'weekly_overtime_after',
  'daily_max_minutes',
  'min_rest_minutes',
] as const;
export const GRACE_FIELDS = ['late_grace_minutes', 'early_grace_minutes'] as const;
export const MULTIPLIER_FIELDS = ['overtime_multiplier', 'double_multiplier'] as const;
export const FLAG_FIELDS = ['seventh_day', 'meal_premium'] as const;

export const FIELD_LABELS: Record<keyof PayRuleSet, string> = {
  daily_overtime_after: 'Daily overtime after (minutes)',
  daily_double_after: 'Daily double time after (minutes)',
  weekly_overtime_after: 'Weekly overtime after (minutes)',
  daily_max_minutes: 'Flag a day over (minutes of work)',
  min_rest_minutes: 'Flag a rest under (minutes)',
  late_grace_minutes: 'Late grace (minutes)',
  early_grace_minutes: 'Early departure grace (minutes)',
  overtime_multiplier: 'Overtime multiplier',
  double_multiplier: 'Double time multiplier',
  seventh_day: 'Seventh consecutive day: first 8 h overtime, after 8 h double',
  meal_premium: 'Meal period premium: one hour of pay for a missing meal break',
  auto_breaks: 'Automatic breaks',
};

export interface BreakTierInput {
  after_minutes: NumberValue;
  break_minutes: NumberValue;
}

export interface RuleInputs {
  daily_overtime_after: NumberValue;
  daily_double_after: NumberValue;
  weekly_overtime_after: NumberValue;
  daily_max_minutes: NumberValue;
  min_rest_minutes: NumberValue;
  late_grace_minutes: NumberValue;
  early_grace_minutes: NumberValue;
  overtime_multiplier: NumberValue;
  double_multiplier: NumberValue;
  seventh_day: boolean;
  meal_premium: boolean;
  auto_breaks: BreakTierInput[];
}

export interface PayRulesFormValues {
  preset: PayPresetName;
  effective_from: string;
  rules: RuleInputs;
}

/** A rule set as the form's inputs (an off threshold: blank). */
export function inputsOf(set: Readonly<PayRuleSet>): RuleInputs {
  const inputs = { ...set, auto_breaks: set.auto_breaks.map((t) => ({ ...t })) } as unknown as RuleInputs;
  for (const f of THRESHOLD_FIELDS) inputs[f] = set[f] ?? '';
  return inputs;
}

/** Blank or text that is not a number stays what it is, for the contract to refuse by its field. */
const numberOf = (v: NumberValue): unknown => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** The form's inputs as rule values: a blank threshold is off (null); any other blank is kept, and refused. */
export function ruleValuesOf(inputs: RuleInputs): Record<keyof PayRuleSet, unknown> {
  const out = {} as Record<keyof PayRuleSet, unknown>;
  for (const f of PAY_RULE_FIELDS) {
    const v = inputs[f];
    if (f === 'auto_breaks')
      out[f] = inputs.auto_breaks.map((t) => ({
        after_minutes: numberOf(t.after_minutes),
        break_minutes: numberOf(t.break_minutes),
      }));
    else if ((THRESHOLD_FIELDS as readonly string[]).includes(f))
      out[f] = v === '' ? null : numberOf(v as NumberValue);
    else out[f] = typeof v === 'boolean' ? v : numberOf(v as NumberValue);
  }
  return out;
}

/** The body of PUT /api/pay-rules: the preset and, as overrides, the fields whose value differs from it. */
export function bodyOf(v: PayRulesFormValues): PayRulesBody {
  const preset = PAY_PRESETS[v.preset] ?? PAY_PRESETS.none;
  const values = ruleValuesOf(v.rules);
  const overrides = Object.fromEntries(
    PAY_RULE_FIELDS.filter((f) => JSON.stringify(values[f]) !== JSON.stringify(preset[f])).map((f) => [
      f,
      values[f],
    ]),
  );
  return {
    effective_from: v.effective_from,
    preset: v.preset,
    ...(Object.keys(overrides).length ? { overrides: overrides as PayRulesBody['overrides'] } : {}),
  };
}

/** The contract's refusals (its very sentences) keyed as the form names its fields: `rules.<field>`. */
const formKeys = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [k.replace(/^overrides\b/, 'rules'), m]));

export const formErrors = (v: PayRulesFormValues): Record<string, string> =>
  formKeys(schemaErrors(payRulesBody, bodyOf(v)));

export interface PreviewPeriod {
  start_date: string;
  end_date: string;
}

/** The preview's refusals: the rules' (as the form's) and the period's (start_date, end_date). */
export const previewErrors = (v: PayRulesFormValues, period: PreviewPeriod): Record<string, string> =>
  formKeys(schemaErrors(payRulesPreviewBody, { ...bodyOf(v), ...period }));

/** Whether saving from `effective_from` rewrites days already past (the screen asks first). */
export const inThePast = (effectiveFrom: string, today: string): boolean => effectiveFrom < today;
