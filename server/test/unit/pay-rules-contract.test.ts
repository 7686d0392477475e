import { messages, PAY_PRESETS, PAY_RULE_FIELDS, payRulesBody, resolveRuleSet } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';

/** The refusals of the pay-rules body: each with its message from the contract's catalogue. */
const problems = (body: unknown) => {
  const r = payRulesBody.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const ok = { effective_from: '2026-01-15', preset: 'us_california' };

describe('pay rules contract', () => {
  it('takes a preset with and without overrides', () => {
    expect(problems(ok)).toEqual([]);
    expect(problems({ ...ok, overrides: { daily_overtime_after: 600, auto_breaks: [] } })).toEqual([]);
    expect(payRulesBody.parse({ ...ok, overrides: { meal_premium: false } }).overrides).toEqual({
      meal_premium: false,
    });
  });

  it('refuses an unknown preset, negative minutes, a date that is not a date, unknown fields', () => {
    expect(problems({ ...ok, preset: 'us_texas' })).toEqual([
      ['preset', messages.payRules.unknownPreset(['none', 'us_flsa', 'us_california', 'de_arbzg'])],
    ]);
    expect(problems({ ...ok, overrides: { weekly_overtime_after: -1 } })).toEqual([
      ['overrides.weekly_overtime_after', messages.payRules.minutes('weekly_overtime_after')],
    ]);
    expect(problems({ ...ok, effective_from: '2026-02-30' })).toEqual([
      ['effective_from', 'Date is not a real calendar date.'],
    ]);
    expect(problems({ ...ok, overrides: { daily_overtime: 480 } })).toEqual([
      ['overrides', messages.payRules.unknownFields(['daily_overtime'], PAY_RULE_FIELDS)],
    ]);
    expect(problems({ ...ok, note: 'x' })).toEqual([['', messages.payRules.bodyUnknownFields(['note'])]]);
    expect(
      problems({ ...ok, overrides: { auto_breaks: [{ after_minutes: 360, break_minutes: 30, paid: 1 }] } }),
    ).toEqual([['overrides.auto_breaks.0', messages.payRules.autoBreakShape]]);
  });

  it('refuses a double-time threshold below the overtime threshold, after the preset is applied', () => {
    // California's overtime starts after 480: double time after 300 is below it.
    expect(problems({ ...ok, overrides: { daily_double_after: 300 } })).toEqual([
      ['overrides.daily_double_after', messages.payRules.doubleBelowOvertime],
    ]);
    // Equal thresholds are allowed (straight to double time), and so is double time without overtime.
    expect(problems({ ...ok, overrides: { daily_double_after: 480 } })).toEqual([]);
    expect(problems({ ...ok, preset: 'none', overrides: { daily_double_after: 300 } })).toEqual([]);
  });

  it('refuses multipliers below 1, over 10 or with more than 3 decimals', () => {
    for (const m of [0.5, 11, 1.2345])
      expect(
        problems({ ...ok, overrides: { overtime_multiplier: m, double_multiplier: 10 } }),
      ).toContainEqual([
        'overrides.overtime_multiplier',
        messages.payRules.multiplier('overtime_multiplier'),
      ]);
    expect(problems({ ...ok, overrides: { overtime_multiplier: 1.125, double_multiplier: 10 } })).toEqual([]);
    expect(problems({ ...ok, overrides: { overtime_multiplier: 2.5 } })).toEqual([
      ['overrides.double_multiplier', messages.payRules.doubleMultiplierBelow],
    ]);
  });

  it('resolves a preset with its overrides, leaving the preset table unchanged', () => {
    const set = resolveRuleSet('de_arbzg', { auto_breaks: [{ after_minutes: 300, break_minutes: 20 }] });
    expect(set.auto_breaks).toEqual([{ after_minutes: 300, break_minutes: 20 }]);
    expect(set.daily_max_minutes).toBe(600);
    expect(PAY_PRESETS.de_arbzg.auto_breaks).toHaveLength(2);
    // Each preset from its statute: FLSA 40 h a week; California 8/12 h a day, 40 a week, seventh day, meals.
    expect(PAY_PRESETS.us_flsa.weekly_overtime_after).toBe(2400);
    expect(PAY_PRESETS.us_flsa.daily_overtime_after).toBeNull();
    expect(PAY_PRESETS.us_california).toMatchObject({
      daily_overtime_after: 480,
      daily_double_after: 720,
      weekly_overtime_after: 2400,
      seventh_day: true,
      meal_premium: true,
    });
  });
});
