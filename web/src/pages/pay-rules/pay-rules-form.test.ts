import { messages, PAY_PRESETS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  formErrors,
  inputsOf,
  inThePast,
  type PayRulesFormValues,
  previewErrors,
} from './pay-rules-form';

const california = (over: Partial<PayRulesFormValues['rules']> = {}): PayRulesFormValues => ({
  preset: 'us_california',
  effective_from: '2026-11-01',
  rules: { ...inputsOf(PAY_PRESETS.us_california), ...over },
});

describe('pay rules form', () => {
  it('sends a preset as it is without overrides, and only the fields that differ from it', () => {
    expect(bodyOf(california())).toEqual({ effective_from: '2026-11-01', preset: 'us_california' });
    expect(formErrors(california())).toEqual({});
    // A blank threshold is off; a number typed as text is a number.
    expect(bodyOf(california({ daily_double_after: '', weekly_overtime_after: '2700' }))).toEqual({
      effective_from: '2026-11-01',
      preset: 'us_california',
      overrides: { daily_double_after: null, weekly_overtime_after: 2700 },
    });
  });

  it('refuses bad input by the field, in the words the server answers', () => {
    expect(formErrors(california({ daily_overtime_after: -5 }))).toEqual({
      'rules.daily_overtime_after': messages.payRules.minutes('daily_overtime_after'),
    });
    expect(formErrors(california({ weekly_overtime_after: 99_999 }))['rules.weekly_overtime_after']).toBe(
      messages.payRules.minutes('weekly_overtime_after'),
    );
    expect(formErrors(california({ late_grace_minutes: 2.5 }))['rules.late_grace_minutes']).toBe(
      messages.payRules.minutes('late_grace_minutes'),
    );
    // A grace may not be blank (it has no "off").
    expect(formErrors(california({ early_grace_minutes: '' }))['rules.early_grace_minutes']).toBe(
      messages.payRules.minutes('early_grace_minutes'),
    );
    expect(formErrors(california({ overtime_multiplier: 0.5 }))['rules.overtime_multiplier']).toBe(
      messages.payRules.multiplier('overtime_multiplier'),
    );
    expect(formErrors(california({ overtime_multiplier: 1.0001 }))['rules.overtime_multiplier']).toBe(
      messages.payRules.multiplier('overtime_multiplier'),
    );
    expect(formErrors(california({ overtime_multiplier: 'abc' }))['rules.overtime_multiplier']).toBe(
      messages.payRules.multiplier('overtime_multiplier'),
    );
    expect(formErrors(california({ daily_double_after: 400 }))).toEqual({
      'rules.daily_double_after': messages.payRules.doubleBelowOvertime,
    });
    expect(formErrors(california({ double_multiplier: 1.25 }))).toEqual({
      'rules.double_multiplier': messages.payRules.doubleMultiplierBelow,
    });
    expect(
      formErrors(california({ auto_breaks: [{ after_minutes: 360, break_minutes: -1 }] }))[
        'rules.auto_breaks.0.break_minutes'
      ],
    ).toBe(messages.payRules.minutes('break_minutes'));
    const six = Array.from({ length: 6 }, (_, i) => ({ after_minutes: 60 * (i + 1), break_minutes: 10 }));
    expect(formErrors(california({ auto_breaks: six }))['rules.auto_breaks']).toBe(
      messages.payRules.autoBreaksTooMany(5),
    );
  });

  it('refuses an effective day that is not a day, and a preview period that is not one', () => {
    for (const effective_from of ['', '2026-02-30', 'yesterday', '<script>'])
      expect(formErrors({ ...california(), effective_from }).effective_from).toBeTruthy();
    expect(previewErrors(california(), { start_date: '2026-11-01', end_date: '2026-11-30' })).toEqual({});
    expect(
      previewErrors(california(), { start_date: '2026-11-30', end_date: '2026-11-01' }).end_date,
    ).toBeTruthy();
    expect(previewErrors(california(), { start_date: 'x', end_date: '2026-11-01' }).start_date).toBeTruthy();
  });

  it('asks before a save whose first day is already past', () => {
    expect(inThePast('2026-11-01', '2026-11-27')).toBe(true);
    expect(inThePast('2026-11-27', '2026-11-27')).toBe(false);
    expect(inThePast('2026-12-01', '2026-11-27')).toBe(false);
  });
});
