import { payRuleTexts } from '@punchclock/contract';
import { eachDay, withWhy, workWithoutBreaks } from './types';

/**
 * Automatic breaks (docs/RULES.md#automatic-breaks; ArbZG §4): a day of more than `after_minutes` of work,
 * breaks not counted, needs `break_minutes` of breaks in all (the highest tier it passes). The punched Lunch and
 * Break minutes inside the work count, Auto and Manual alike (a break is a break, paid or not); the part missing
 * is taken off the paid minutes, never more than are paid.
 */
export const autoBreaks = eachDay((d, ctx) => {
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
});
