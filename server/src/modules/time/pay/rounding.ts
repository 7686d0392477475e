import { payRuleTexts } from '@punchclock/contract';
import { eachDay, movesNoMinute, withWhy } from './types';

/**
 * Rounding (docs/RULES.md#rounding): the engine rounds each in and out (rounding.ts, worked.ts); this step only
 * says in the why how many minutes that added or took, against the times as clocked.
 */
export const roundingWhy = eachDay((d, ctx) => {
  const step = ctx.time.step;
  const delta = d.figures.workedMinutes - d.rawWorked;
  if (!step || delta === 0) return d;
  return withWhy(d, ctx, () => ({
    step: 'rounding',
    rule: payRuleTexts.rounding(step),
    minutes: Math.abs(delta),
    detail: `${delta > 0 ? 'Added' : 'Took'} ${Math.abs(delta)} min: ${d.rawWorked} min as clocked, ${d.figures.workedMinutes} min rounded.`,
  }));
}, movesNoMinute);
