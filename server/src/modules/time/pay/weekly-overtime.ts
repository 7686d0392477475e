import { payRuleTexts } from '@punchclock/contract';
import { weekStartOf } from '../calendar';
import { type PayStepFn, withWhy } from './types';

/**
 * Weekly overtime (docs/RULES.md#weekly-overtime; 29 U.S.C. §207(a)(1), California Labor Code §510(a)): in each
 * workweek (from the account's week start), the regular minutes past `weekly_overtime_after` are overtime, in
 * day order. Only regular minutes count toward it: minutes a daily rule already paid as overtime or double time
 * are not counted twice. A day is judged by its own rule set, counting every regular minute of the week before
 * it, also those of days under an earlier version (docs/RULES.md#pay-rule-versions).
 */
export const weeklyOvertime: PayStepFn = (days, ctx) => {
  const { time } = ctx;
  let week = '';
  let counted = 0;
  return days.map((d) => {
    const start = weekStartOf(d.day, time.weekStart);
    if (start !== week) [week, counted] = [start, 0];
    const before = counted;
    counted += d.regular;
    const after = d.set.weekly_overtime_after;
    if (after === null || d.regular === 0) return d;
    const over = Math.min(d.regular, Math.max(0, before + d.regular - after));
    if (over === 0) return d;
    return withWhy({ ...d, regular: d.regular - over, overtime: d.overtime + over }, ctx, () => ({
      step: 'weekly_overtime',
      rule: payRuleTexts.weeklyOvertime(d.preset, after, d.set.overtime_multiplier),
      minutes: over,
      detail: `${before} regular min earlier in the workweek (from ${week}) and ${d.regular} today: ${over} min moved from regular to overtime.`,
    }));
  });
};
