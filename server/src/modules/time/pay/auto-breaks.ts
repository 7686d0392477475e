import { payRuleTexts } from '@punchclock/contract';
import { sql } from 'kysely';
import { eachDay, withWhy, workWithoutBreaks } from './types';

/**
 * Automatic breaks (docs/RULES.md#automatic-breaks; ArbZG §4): a day of more than `after_minutes` of work,
 * breaks not counted, needs `break_minutes` of breaks in all (the highest tier it passes). The punched Lunch and
 * Break minutes inside the work count, Auto and Manual alike (a break is a break, paid or not); the part missing
 * is taken off the paid minutes, never more than are paid.
 */
export const autoBreaks = eachDay(
  (d, ctx) => {
    if (!d.set.auto_breaks.length || d.paid === 0) return d;
    const work = workWithoutBreaks(d);
    const taken = d.breaks.reduce((n, m) => n + m, 0);
    const required = d.set.auto_breaks
      .filter((t) => work > t.after_minutes)
      .reduce((n, t) => Math.max(n, t.break_minutes), 0);
    const deduct = Math.min(Math.max(0, required - taken), d.paid);
    if (deduct === 0) return d;
    const paid = d.paid - deduct;
    return withWhy(
      { ...d, autoDeducted: d.autoDeducted + deduct, paid, regular: paid, overtime: 0, double_time: 0 },
      ctx,
      () => ({
        step: 'auto_breaks',
        rule: payRuleTexts.autoBreaks(d.preset),
        minutes: deduct,
        detail: `${work} min of work needs ${required} min of breaks; ${taken} min taken, ${deduct} min deducted.`,
      }),
    );
  },
  // The same over the database's row (pay-sql.ts): the highest tier passed, less the breaks taken, at most the paid.
  (d, set, { greatest, least }) => {
    if (!set.auto_breaks.length) return {};
    const zero = sql<number>`0`;
    const work = greatest(zero, sql`${d.worked} - ${d.breaks} - ${d.auto_deducted}`);
    const required = set.auto_breaks.reduce<typeof zero>(
      (n, t) =>
        greatest(
          n,
          sql`case when ${work} > ${sql.lit(t.after_minutes)} then ${sql.lit(t.break_minutes)} else 0 end`,
        ),
      zero,
    );
    const deduct = least(greatest(zero, sql`${required} - ${d.breaks}`), d.paid);
    const paid = sql<number>`${d.paid} - ${deduct}`;
    return {
      auto_deducted: sql`${d.auto_deducted} + ${deduct}`,
      paid,
      regular: paid,
      overtime: zero,
      double_time: zero,
    };
  },
);
