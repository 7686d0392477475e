import { type PayFlag, payRuleTexts } from '@punchclock/contract';
import { movesNoMinute, type PayStep, type PayStepFn, workWithoutBreaks } from './types';

/**
 * Working-time limits (docs/RULES.md#working-time-limits; ArbZG §3, §5(1)): a day of more than
 * `daily_max_minutes` of work (breaks not counted) and a rest shorter than `min_rest_minutes` between the last
 * clock-out of one work day and the first clock-in of the next are flagged on the day. Flags move no minutes
 * and earn no premium.
 */
const limitsOfDays: PayStepFn = (days) =>
  days.map((d, i) => {
    const flags: PayFlag[] = [];
    const max = d.set.daily_max_minutes;
    const work = workWithoutBreaks(d);
    if (max !== null && work > max)
      flags.push({
        flag: 'daily_max',
        rule: payRuleTexts.dailyMax(d.preset, max),
        detail: `${work} min of work, ${work - max} min over the limit.`,
      });
    const min = d.set.min_rest_minutes;
    const lastOut = days[i - 1]?.figures.lastOut;
    if (min !== null && lastOut && d.figures.firstIn) {
      const rest = Math.floor((Date.parse(d.figures.firstIn) - Date.parse(lastOut)) / 60_000);
      if (rest >= 0 && rest < min)
        flags.push({
          flag: 'short_rest',
          rule: payRuleTexts.shortRest(d.preset, min),
          detail: `${rest} min of rest since the last clock-out of ${days[i - 1].day}.`,
        });
    }
    return flags.length ? { ...d, flags: [...d.flags, ...flags] } : d;
  });

/** Flags move no minute: nothing for the database's pay query to do. */
export const limits: PayStep = Object.assign(limitsOfDays, { sql: movesNoMinute });
