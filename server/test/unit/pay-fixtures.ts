import { PAY_PRESETS, type PayPresetName, type PayRuleOverrides, resolveRuleSet } from '@punchclock/contract';
import type { DayFigures, EnginePunch } from '../../src/modules/time/engine';
import { type PayDayState, type RuleVersion, unpaid } from '../../src/modules/time/pay/types';
import { type TimeRules, timeRulesOf } from '../../src/modules/time/time-rules';

/** Shared builders of the time engine's and the pay pipeline's unit tests: every expected figure is worked out by hand in the tests themselves. */
export const timeRules = (r: Partial<TimeRules> = {}): TimeRules => ({
  ...timeRulesOf({
    time_zone: 'UTC',
    time_rounding: null,
    display_round_in_out_times: 0,
    attendance_mode: 'Attendance and Time Tracking',
    date_format: 'MM/DD/YY',
    time_format: '24 Hours',
  }),
  ...r,
});

/** A work punch of employee 1 (a Lunch or Break with `extra`). */
export const work = (
  time_in: string,
  time_out: string | null,
  extra: Partial<EnginePunch> = {},
): EnginePunch => ({
  employee_ref: 1,
  time_in,
  time_out,
  type: 'None',
  deduction: 'Auto',
  late_sync: 0,
  ...extra,
});

export const lunch = (
  time_in: string,
  time_out: string,
  deduction: 'Auto' | 'Manual' = 'Auto',
): EnginePunch => ({
  ...work(time_in, time_out),
  type: 'Lunch',
  deduction,
});

/** A version of the rules from `from` on. */
export const version = (
  preset: PayPresetName,
  from = '2000-01-01',
  overrides?: PayRuleOverrides,
): RuleVersion => ({ effective_from: from, preset, rules: resolveRuleSet(preset, overrides) });

/** $20.00 an hour: 1.5× is $30.00 and 2× $40.00, easy to check by hand. */
export const employee = { id: 1, rateCents: 2000 };

/** A pay day as the steps see it, before any pay step: `paid` minutes all regular. */
export function payDay(
  day: string,
  paid: number,
  preset: PayPresetName = 'none',
  extra: Omit<Partial<PayDayState>, 'figures'> & { figures?: Partial<DayFigures> } = {},
): PayDayState {
  const { figures, ...rest } = extra;
  return {
    day,
    figures: {
      employeeRef: 1,
      day,
      firstIn: null,
      lastOut: null,
      rawFirstIn: null,
      rawLastOut: null,
      workedMinutes: paid,
      deductedMinutes: 0,
      manualBreakMinutes: 0,
      paidMinutes: paid,
      openShifts: 0,
      lateSyncs: 0,
      punches: 1,
      rateCents: 2000,
      earningsCents: 0,
      grossCents: 0,
      ...figures,
    },
    preset,
    set: PAY_PRESETS[preset],
    rawWorked: figures?.workedMinutes ?? paid,
    breaks: [],
    ...unpaid(paid),
    ...rest,
  };
}

export const ctx = (r: Partial<TimeRules> = {}) => ({ time: timeRules(r) });

/** The seven days from `monday` (YYYY-MM-DD). */
export const weekFrom = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
