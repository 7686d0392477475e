import { type PayRuleSet, type WeekStart } from '@punchclock/contract';
import { type RawBuilder, sql } from 'kysely';
import { WEEKDAYS } from '../calendar';
import type { DayTotals } from '../day-totals';
import { figuresSql, type SqlOps } from '../engine';
import type { TimeRules } from '../time-rules';
import { PAY_PIPELINE } from './pipeline';
import { type PayStep, SQL_PAY_FIELDS, SQL_WEEK_FIELDS, type SqlPayDay, type SqlPayWeek } from './types';

/**
 * The pay pipeline as one query of the database (docs/RULES.md#pay-lines, "Big periods"): the pay steps' SQL
 * forms over the days the database summed (period.repository.ts daysSql), then their workweeks, then each
 * employee's period. Only the money is left to do here: its lines round once per kind (money.ts linesOfSums),
 * which needs the sums and nothing else when every day of the window has one rate and one rule set. A month of a big account then reads one row per employee instead of one per day.
 * server/test/pay-sql.test.ts checks it against the steps themselves on random weeks, on both databases.
 */

/** One employee's minutes of the period after the pay steps, summed over its days with work. */
export interface PaySums {
  employee_ref: number;
  days: number;
  worked: number;
  paid: number;
  regular: number;
  overtime: number;
  double_time: number;
  premium_hours: number;
}

/** What the pay query needs of the dialect: min and max, and a local day's number (days since 1970-01-01). */
export interface PaySqlDialect extends SqlOps {
  dayNumber(day: RawBuilder<string>): RawBuilder<number>;
}

/** Whether every pay step has its SQL form, so that the database can run the pipeline. */
export const payStepsInSql = () => PAY_PIPELINE.every((step) => step.sql || step.weekSql);

/** Columns every day layer carries through: the day, its workweek, and what the steps read but never move. */
const KEPT = ['employee_ref', 'work_date', 'week', 'last_of_week', 'worked', 'breaks', 'meals'] as const;
/** The minutes the week-wide steps move: a day step after one may not read them (its day row has them unsplit). */
const SPLIT = new Set<string>(['regular', 'overtime', 'double_time']);

/**
 * The query of each employee's PaySums over [start, …] of `days` (which must start at the period's payWindow,
 * so that the weekly steps see whole workweeks), under one rule set. The per-day steps run over each day's row;
 * then, if a week-wide step has anything to do, the days are summed per workweek and those steps run over the
 * weeks; then the weeks (or days) are summed per employee. A per-day step that comes after a week-wide one in
 * PAY_PIPELINE (the meal premium) runs with the day steps: it neither reads nor moves a minute a week-wide step
 * moves, which is checked here (either throws).
 */
export function paySumsSql(
  days: RawBuilder<DayTotals>,
  p: { start: string; set: Readonly<PayRuleSet>; rules: TimeRules },
  dialect: PaySqlDialect,
): RawBuilder<PaySums> {
  const ref = (column: string) => sql<number>`${sql.ref(column)}`;
  let query = startDays(days, p, dialect);
  const columns = [...KEPT, ...SQL_PAY_FIELDS];
  let weekStepSeen = false;
  const weekSteps: NonNullable<PayStep['weekSql']>[] = [];
  PAY_PIPELINE.forEach((step, k) => {
    if (step.weekSql) {
      weekStepSeen = true;
      weekSteps.push(step.weekSql);
      return;
    }
    if (!step.sql) throw new Error(`pay step ${step.name} has no SQL form`);
    const day = Object.fromEntries(columns.map((c) => [c, ref(c)])) as unknown as SqlPayDay;
    if (weekStepSeen)
      for (const field of SPLIT)
        Object.defineProperty(day, field, {
          get: () => {
            throw new Error(`pay step ${step.name} reads ${field} after a week-wide step: no SQL form`);
          },
        });
    const changes = step.sql(day, p.set, dialect);
    if (weekStepSeen && Object.keys(changes).some((field) => SPLIT.has(field)))
      throw new Error(`pay step ${step.name} moves minutes after a week-wide step: no SQL form`);
    if (Object.keys(changes).length === 0) return;
    const fields = SQL_PAY_FIELDS.map((name) => sql`${changes[name] ?? ref(name)} as ${sql.ref(name)}`);
    query = sql`select ${sql.join(KEPT.map((c) => sql.ref(c)))}, ${sql.join(fields)}
      from (${query}) ${sql.ref(`step${k}`)}`;
  });
  const inPeriod = sql`work_date >= ${p.start}`;
  const total = (column: string) => sql`cast(sum(${sql.ref(column)}) as integer) as ${sql.ref(column)}`;
  const SUMMED = ['worked', 'paid', 'regular', 'overtime', 'double_time', 'premium_hours'];
  const week = weekSums(weekSteps, p.set, dialect);
  if (!week)
    return sql<PaySums>`
      select employee_ref, cast(count(*) as integer) as days, ${sql.join(SUMMED.map(total))}
      from (${query}) pay
      where ${inPeriod}
      group by employee_ref`;
  // The days summed by workweek, part of the period or not, and last day or not (plain sums over every day, the
  // big stage), then those parts by workweek (the few rows where the week-wide columns are picked out).
  const plain = (c: string) => sql`sum(${sql.ref(c)}) as ${sql.ref(c)}`;
  const parts = sql`
    select employee_ref, week, case when ${inPeriod} then 1 else 0 end as in_period, last_of_week,
      count(*) as days, ${sql.join(SUMMED.map(plain))}, sum(case when paid > 0 then 1 else 0 end) as paid_days
    from (${query}) pay
    group by employee_ref, week, in_period, last_of_week`;
  const of = (where: RawBuilder<unknown>, c: string) =>
    sql`sum(case when ${where} then ${sql.ref(c)} else 0 end)`;
  const period = sql`in_period = 1`;
  const lastDay = sql`last_of_week = 1`;
  const weeks = sql`
    select employee_ref, week, ${sql.join(['days', ...SUMMED].map((c) => sql`${of(period, c)} as ${sql.ref(c)}`))},
      sum(regular) as week_regular, ${of(sql`in_period = 0`, 'regular')} as regular_before,
      sum(paid_days) as paid_days,
      ${of(lastDay, 'paid')} as last_paid, ${of(lastDay, 'regular')} as last_regular,
      ${of(lastDay, 'overtime')} as last_overtime, ${of(lastDay, 'double_time')} as last_double,
      max(case when ${lastDay} and ${period} then 1 else 0 end) as last_in_period
    from (${parts}) parts
    group by employee_ref, week`;
  return sql<PaySums>`
    select employee_ref, cast(sum(days) as integer) as days,
      ${sql.join(['worked', 'paid', 'premium_hours'].map(total))},
      ${sql.join(['regular', 'overtime', 'double_time'].map((c) => sql`cast(sum(${week[c as 'regular']}) as integer) as ${sql.ref(c)}`))}
    from (${weeks}) weeks
    group by employee_ref
    having sum(days) > 0`;
}

/** The days' first layer: the engine's figures of the day, every paid minute regular (types.ts unpaid). */
function startDays(
  days: RawBuilder<DayTotals>,
  p: { rules: TimeRules },
  dialect: PaySqlDialect,
): RawBuilder<unknown> {
  const ref = (column: string) => sql<number>`${sql.ref(column)}`;
  // Weeks numbered from the Thursday 1970-01-01 (day 0): the same number from the account's week start on.
  const shift = sql.lit(4 - WEEKDAYS.indexOf(p.rules.weekStart as WeekStart));
  const weekDay = sql<number>`(${dialect.dayNumber(sql`t.work_date`)} + ${shift})`;
  const f = figuresSql(
    {
      workedMinutes: ref('t.worked'),
      deductedMinutes: ref('t.auto_break'),
      manualBreakMinutes: ref('t.manual_break'),
      paidMinutes: ref('t.worked'),
      rateCents: sql`0`,
      earningsCents: sql`0`,
      grossCents: sql`0`,
    },
    p.rules,
    dialect,
  );
  return sql`
    select t.employee_ref, t.work_date, ${weekDay} / 7 as week,
      case when ${weekDay} % 7 = 6 then 1 else 0 end as last_of_week,
      ${f.workedMinutes} as worked, t.auto_break + t.manual_break as breaks, t.meal_breaks as meals,
      ${f.paidMinutes} as paid, ${f.paidMinutes} as regular, 0 as overtime, 0 as double_time,
      0 as premium_hours, 0 as auto_deducted
    from (${days}) t`;
}

/**
 * The week-wide steps' expressions of the period's split over one workweek's sums (columns of the `weeks` query),
 * composed in order; null when none has anything to do (the days are then summed per employee directly).
 */
function weekSums(
  steps: readonly NonNullable<PayStep['weekSql']>[],
  set: Readonly<PayRuleSet>,
  ops: SqlOps,
): SqlPayWeek | null {
  let week = Object.fromEntries(
    SQL_WEEK_FIELDS.map((c) => [c, sql<number>`${sql.ref(c)}`]),
  ) as unknown as SqlPayWeek;
  let changed = false;
  for (const step of steps) {
    const changes = step(week, set, ops);
    if (Object.keys(changes).length === 0) continue;
    changed = true;
    // Parenthesized: a later step's `a - b` must subtract all of b.
    const wrapped = Object.entries(changes).map(([k, e]) => [k, sql<number>`(${e})`]);
    week = { ...week, ...Object.fromEntries(wrapped) };
  }
  return changed ? week : null;
}
