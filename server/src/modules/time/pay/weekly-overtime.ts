import { payRuleTexts } from '@punchclock/contract';
import { type RawBuilder, sql } from 'kysely';
import { weekStartOf } from '../calendar';
import { type PayStep, type PayStepFn, withWhy } from './types';

/**
 * Weekly overtime (docs/RULES.md#weekly-overtime; 29 U.S.C. §207(a)(1), California Labor Code §510(a)): in each
 * workweek (from the account's week start), the regular minutes past `weekly_overtime_after` are overtime, in
 * day order. Only regular minutes count toward it: minutes a daily rule already paid as overtime or double time
 * are not counted twice. A day is judged by its own rule set, counting every regular minute of the week before
 * it, also those of days under an earlier version (docs/RULES.md#pay-rule-versions).
 */
const weeklyOvertimeOfDays: PayStepFn = (days, ctx) => {
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

/**
 * The same over a workweek's sums (pay-sql.ts). The minutes moved up to a point of the week depend only on the
 * regular minutes up to it, max(0, regular − threshold): the period's days move what the whole week moves less
 * what its days before the period moved, and its last day what the week moves less what the days before it did.
 */
export const weeklyOvertime: PayStep = Object.assign(weeklyOvertimeOfDays, {
  weekSql: ((w, set, { greatest, least }) => {
    const after = set.weekly_overtime_after;
    if (after === null) return {};
    const moved = (regular: RawBuilder<number>) => greatest(sql`0`, sql`${regular} - ${sql.lit(after)}`);
    const inPeriod = sql<number>`(${moved(w.week_regular)} - ${moved(w.regular_before)})`;
    const onLast = sql<number>`(${moved(w.week_regular)} - ${moved(sql`${w.week_regular} - ${w.last_regular}`)})`;
    return {
      regular: sql`${w.regular} - ${inPeriod}`,
      overtime: sql`${w.overtime} + ${inPeriod}`,
      week_regular: least(w.week_regular, sql.lit(after)),
      regular_before: least(w.regular_before, sql.lit(after)),
      last_regular: sql`${w.last_regular} - ${onLast}`,
      last_overtime: sql`${w.last_overtime} + ${onLast}`,
    };
  }) satisfies PayStep['weekSql'],
});
