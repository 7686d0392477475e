import { payRuleTexts } from '@punchclock/contract';
import { eachDay, movesNoMinute, withWhy } from './types';

/**
 * Breaks (docs/RULES.md#lunch-and-break-deduction): the engine takes the Auto Lunch and Break minutes off the
 * paid minutes (breakStep, deductionStep); this step says so in the why.
 */
export const breaksWhy = eachDay((d, ctx) => {
  const deducted = d.figures.deductedMinutes;
  if (!deducted) return d;
  return withWhy(d, ctx, () => ({
    step: 'breaks',
    rule: payRuleTexts.breaksAuto,
    minutes: deducted,
    detail: `${deducted} min of Lunch and Break (Auto) taken off: ${d.figures.workedMinutes} min worked, ${d.figures.paidMinutes} min paid.`,
  }));
}, movesNoMinute);
