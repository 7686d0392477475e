import { payRuleTexts } from '@punchclock/contract';
import { sql } from 'kysely';
import { eachDay, withWhy } from './types';

/**
 * Daily overtime (docs/RULES.md#daily-overtime; California Labor Code §510(a)): a day's paid minutes over
 * `daily_overtime_after` are overtime, those over `daily_double_after` double time (the higher rate only, never
 * both). Runs on a day whose minutes are all regular yet.
 */
export const dailyOvertime = eachDay(
  (d, ctx) => {
    const { daily_overtime_after: ot, daily_double_after: dt } = d.set;
    if (ot === null && dt === null) return d;
    const double = dt === null ? 0 : Math.max(0, d.paid - dt);
    const overtime = ot === null ? 0 : Math.max(0, d.paid - double - ot);
    let out = { ...d, regular: d.paid - overtime - double, overtime, double_time: double };
    if (overtime && ot !== null)
      out = withWhy(out, ctx, () => ({
        step: 'daily_overtime',
        rule: payRuleTexts.dailyOvertime(d.preset, ot, d.set.overtime_multiplier),
        minutes: overtime,
        detail: `${overtime} min of the day's ${d.paid} paid min moved from regular to overtime.`,
      }));
    if (double && dt !== null)
      out = withWhy(out, ctx, () => ({
        step: 'daily_overtime',
        rule: payRuleTexts.dailyDouble(d.preset, dt, d.set.double_multiplier),
        minutes: double,
        detail: `${double} min of the day's ${d.paid} paid min paid as double time.`,
      }));
    return out;
  },
  // The same over the database's row (pay-sql.ts).
  (d, set, { greatest }) => {
    const { daily_overtime_after: ot, daily_double_after: dt } = set;
    if (ot === null && dt === null) return {};
    const zero = sql<number>`0`;
    const double = dt === null ? zero : greatest(zero, sql`${d.paid} - ${sql.lit(dt)}`);
    const overtime = ot === null ? zero : greatest(zero, sql`${d.paid} - ${double} - ${sql.lit(ot)}`);
    return { regular: sql`${d.paid} - ${overtime} - ${double}`, overtime, double_time: double };
  },
);
