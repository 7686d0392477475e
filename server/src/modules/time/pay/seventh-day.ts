import { payRuleTexts } from '@punchclock/contract';
import { type RawBuilder, sql } from 'kysely';
import { addDays, weekStartOf } from '../calendar';
import { type PayStep, type PayStepFn, withWhy } from './types';

/** California Labor Code §510(a): the first 8 hours of the seventh day are overtime, the rest double time. */
export const SEVENTH_DAY_OVERTIME_UPTO = 8 * 60;

/**
 * The seventh-day rule (docs/RULES.md#seventh-day): when an employee works on all seven days of one workweek,
 * the seventh day's first 8 h are overtime and the hours after 8 double time. Rates do not stack: a minute
 * already double time stays so, and no minute drops to a lower rate.
 */
const seventhDayOfDays: PayStepFn = (days, ctx) => {
  const { time } = ctx;
  if (!days.some((d) => d.set.seventh_day)) return [...days];
  const workedDays = new Map<string, number>();
  for (const d of days)
    if (d.paid > 0) {
      const week = weekStartOf(d.day, time.weekStart);
      workedDays.set(week, (workedDays.get(week) ?? 0) + 1);
    }
  return days.map((d) => {
    if (!d.set.seventh_day || d.paid === 0) return d;
    const week = weekStartOf(d.day, time.weekStart);
    if (workedDays.get(week) !== 7 || addDays(week, 6) !== d.day) return d;
    const double = Math.max(d.double_time, d.paid - SEVENTH_DAY_OVERTIME_UPTO);
    const overtime = d.paid - double;
    // Regular minutes come first in the day: those past the 8th hour go to double time, the others to overtime.
    const regularToDouble = Math.max(0, d.regular - SEVENTH_DAY_OVERTIME_UPTO);
    const moved = d.regular + (double - d.double_time - regularToDouble);
    if (moved === 0) return d;
    return withWhy({ ...d, regular: 0, overtime, double_time: double }, ctx, () => ({
      step: 'seventh_day',
      rule: payRuleTexts.seventhDay(d.preset),
      minutes: moved,
      detail: `Seventh day of work in the workweek from ${week}: ${overtime} min overtime and ${double} min double time (were ${d.regular} regular, ${d.overtime} overtime, ${d.double_time} double).`,
    }));
  });
};

/**
 * The same over a workweek's sums (pay-sql.ts): the rule moves only the last day's minutes, so the period's
 * split changes by what that day's does. Where it applies with nothing to move (moved is 0 above), the minutes
 * it sets are the ones the day has.
 */
export const seventhDay: PayStep = Object.assign(seventhDayOfDays, {
  weekSql: ((w, set, { greatest }) => {
    if (!set.seventh_day) return {};
    const applies = sql`${w.paid_days} = 7 and ${w.last_in_period} = 1`;
    const double = greatest(w.last_double, sql`${w.last_paid} - ${sql.lit(SEVENTH_DAY_OVERTIME_UPTO)}`);
    const when = (then: RawBuilder<number>, otherwise: RawBuilder<number>) =>
      sql<number>`case when ${applies} then ${then} else ${otherwise} end`;
    return {
      regular: when(sql`${w.regular} - ${w.last_regular}`, w.regular),
      overtime: when(sql`${w.overtime} - ${w.last_overtime} + ${w.last_paid} - ${double}`, w.overtime),
      double_time: when(sql`${w.double_time} - ${w.last_double} + ${double}`, w.double_time),
      week_regular: when(sql`${w.week_regular} - ${w.last_regular}`, w.week_regular),
      last_regular: when(sql`0`, w.last_regular),
      last_overtime: when(sql`${w.last_paid} - ${double}`, w.last_overtime),
      last_double: when(double, w.last_double),
    };
  }) satisfies PayStep['weekSql'],
});
