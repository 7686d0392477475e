import { addDays } from './calendar';
import {
  BREAK_DAYS_LATER,
  computeDays,
  type DayFigures,
  type EngineEmployee,
  figuresSql,
  figureStepsInSql,
  type PeriodSums,
  PIPELINE,
  type RateChange,
  sumByEmployee,
} from './engine';
import { daysFromTotals, roundsLikeUtc } from './day-totals';
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
  source: Pick<PeriodRepository, 'punches' | 'dayTotals' | 'rateChanges'>,
  accountId: number,
  rules: TimeRules,
  people: readonly EngineEmployee[],
  period: { start: string; end: string; employeeRef?: number; employeeRefs?: readonly number[] },
): Promise<DayFigures[]> {
  const { start, end, employeeRef, employeeRefs } = period;
  const employees = await withRateChanges(source, accountId, people);
  if (roundsLikeUtc(rules, start, end)) {
    const totals = await source.dayTotals(accountId, start, end, {
      stepMinutes: rules.step,
      employeeRef,
      employeeRefs,
    });
    return daysFromTotals(totals, employees, rules);
  }
  // The days after it too: their breaks may lie in the period's shifts (a night shift's lunch after midnight).
  const punches = await source.punches(
    accountId,
    start,
    addDays(end, BREAK_DAYS_LATER),
    employeeRefs ?? employeeRef,
  );
  return computeDays(punches, employees, rules, PIPELINE, { start, end });
}

/**
 * The employees with their rate changes (employee_rates), so each day is paid at the rate of its day; one query
 * for all of them (a few employees by id, many by the account).
 */
export async function withRateChanges(
  source: Pick<PeriodRepository, 'rateChanges'>,
  accountId: number,
  employees: readonly EngineEmployee[],
): Promise<EngineEmployee[]> {
  const changes = await source.rateChanges(
    accountId,
    employees.length <= FEW_EMPLOYEES ? employees.map((e) => e.id) : undefined,
  );
  if (changes.length === 0) return [...employees];
  const ratesOf = new Map<number, RateChange[]>();
  for (const c of changes) {
    const list = ratesOf.get(c.employee_ref);
    const change = { from: c.effective_from, cents: c.rate_cents };
    if (list) list.push(change);
    else ratesOf.set(c.employee_ref, [change]);
  }
  return employees.map((e) => (ratesOf.has(e.id) ? { ...e, rates: ratesOf.get(e.id) } : e));
}

/** Up to how many employees a period's sums read each one's punches instead of the account's period. */
const FEW_EMPLOYEES = 1000;

/**
 * The engine's day figures of [start, end] summed per employee, for the given employees (in no order): a big
 * account's period totals, payroll and page counts without building every day. The database applies the figure
 * steps and sums when it can (rounding as in periodFigures, and every figure step has its SQL form); otherwise
 * the days are computed here and summed. Same figures either way (server/test/day-totals.test.ts).
 */
export async function periodSums(
  source: Pick<PeriodRepository, 'punches' | 'dayTotals' | 'employeeSums' | 'rateChanges'>,
  accountId: number,
  rules: TimeRules,
  employees: readonly EngineEmployee[],
  period: { start: string; end: string },
): Promise<PeriodSums[]> {
  const { start, end } = period;
  if (figureStepsInSql() && roundsLikeUtc(rules, start, end)) {
    const covered = new Set(employees.map((e) => e.id));
    const few = employees.length <= FEW_EMPLOYEES;
    const priced = await withRateChanges(source, accountId, employees);
    const sums = await source.employeeSums(accountId, start, end, {
      stepMinutes: rules.step,
      // A few employees (one, a department) are read through their own index; many, by the account's period.
      employeeRefs: few ? [...covered] : undefined,
      figures: (day, ops) => figuresSql(day, rules, ops),
      rateChanges: priced.some((e) => e.rates),
    });
    return sums.filter((s) => covered.has(s.employeeRef));
  }
  return sumByEmployee(await periodFigures(source, accountId, rules, employees, period));
}
