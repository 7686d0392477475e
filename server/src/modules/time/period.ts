import { computeDays, type DayFigures, daysFromTotals, type EngineEmployee, roundsLikeUtc } from './engine';
import type { PeriodRepository } from './period.repository';
import type { TimeRules } from './time-rules';

/**
 * The engine's day figures of [start, end] for the given employees (sorted by employee, then day): what
 * reports, the dashboard and exports take hours and money from. The database sums each day when rounding
 * allows it (`roundsLikeUtc`): a month of a big account is then one aggregate instead of every punch read
 * into the engine. Otherwise the engine reads the punches and runs every step itself. The figures are the
 * same either way (server/test/day-totals.test.ts).
 */
export async function periodFigures(
  source: Pick<PeriodRepository, 'punches' | 'dayTotals'>,
  accountId: number,
  rules: TimeRules,
  employees: readonly EngineEmployee[],
  period: { start: string; end: string; employeeRef?: number },
): Promise<DayFigures[]> {
  const { start, end, employeeRef } = period;
  if (roundsLikeUtc(rules, start, end)) {
    const totals = await source.dayTotals(accountId, start, end, { stepMinutes: rules.step, employeeRef });
    return daysFromTotals(totals, employees, rules);
  }
  return computeDays(await source.punches(accountId, start, end, employeeRef), employees, rules);
}
