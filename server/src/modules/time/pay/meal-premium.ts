import { payRuleTexts } from '@punchclock/contract';
import { sql } from 'kysely';
import { eachDay, withWhy, workWithoutBreaks } from './types';

/** California Labor Code §512(a): a meal period is due after more than 5 hours of work, a second after more than 10. */
export const MEAL_PERIOD_AFTER = [5 * 60, 10 * 60] as const;
/** §512(a): a meal period of not less than 30 minutes. */
export const MEAL_PERIOD_MINUTES = 30;

/**
 * Meal premiums (docs/RULES.md#meal-premium; California Labor Code §512(a), §226.7(c)): a day that is missing a
 * meal period it needed earns one hour of pay at the regular rate, at most one a day. A meal period is a Lunch or
 * Break of at least 30 minutes inside the day's work; the work counted is without breaks.
 */
export const mealPremium = eachDay(
  (d, ctx) => {
    if (!d.set.meal_premium || d.paid === 0) return d;
    const work = workWithoutBreaks(d);
    const required = MEAL_PERIOD_AFTER.filter((after) => work > after).length;
    const meals = d.breaks.filter((m) => m >= MEAL_PERIOD_MINUTES).length;
    if (meals >= required) return d;
    return withWhy({ ...d, premiumHours: 1 }, ctx, () => ({
      step: 'meal_premium',
      rule: payRuleTexts.mealPremium(d.preset),
      minutes: 60,
      detail: `${work} min of work needs ${required} meal period${required === 1 ? '' : 's'} of ${MEAL_PERIOD_MINUTES} min; ${meals} taken: one hour at the regular rate.`,
    }));
  },
  // The same over the database's row (pay-sql.ts): `meals` counts the day's meal periods.
  (d, set, { greatest }) => {
    if (!set.meal_premium) return {};
    const work = greatest(sql`0`, sql`${d.worked} - ${d.breaks} - ${d.auto_deducted}`);
    const required = sql.join(
      MEAL_PERIOD_AFTER.map((after) => sql`case when ${work} > ${sql.lit(after)} then 1 else 0 end`),
      sql` + `,
    );
    return {
      premium_hours: sql`case when ${d.paid} > 0 and ${d.meals} < ${required} then 1 else ${d.premium_hours} end`,
    };
  },
);
