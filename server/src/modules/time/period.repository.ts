import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { readAll } from '../../db/parallel-reads';
import type { DB } from '../../db/schema';
import { addDays } from './calendar';
import type { DayTotals } from './day-totals';
import { BREAK_DAYS_LATER, type PeriodSums, type SqlFigures, type SqlOps } from './engine';
import { MEAL_PERIOD_MINUTES } from './pay/meal-premium';
import type { PaySqlDialect } from './pay/pay-sql';

/** Which punches a period's sums read: the Time Rounding step, and optionally only some employees' punches. */
export interface DayTotalsOptions {
  stepMinutes: number | null;
  employeeRef?: number;
  /** Only these employees' punches (a screen page's employees), read through their own index. */
  employeeRefs?: readonly number[];
  /** false: leave out each day's first in and last out (sums do not read them). */
  presence?: boolean;
  /** false: leave out the day's open shifts, late syncs and punch count (the pay steps do not read them). */
  counts?: boolean;
  /** Only the punches of employees whose id lies in [first, last] (one part of a read cut by employee). */
  employeeRange?: EmployeeRange;
}

/** The first and last employee id of a part of a read cut by employee (both included). */
export type EmployeeRange = readonly [number, number];

/**
 * What the time engine reads of a period: the punches themselves, or (`dayTotals`) the engine's punch steps
 * (workStep, breakStep in engine.ts) as one SQL aggregate per employee and day,
 * so that a month of a big account is summed where the punches are instead of read row by row. The meanings
 * are the engine's, to the millisecond:
 * - an instant is its epoch milliseconds, rounded half up to the step (`roundsLikeUtc` must hold: then the
 *   local wall clock and UTC round alike);
 * - a closed work punch's minutes are max(0, out − in) / 60,000, floored; open ones count, unpaid;
 * - a closed break's minutes are its overlap with a day's closed work punches, summed, then floored, on that
 *   day (the break's own day or the BREAK_DAYS_LATER days before it); Auto and Manual are summed apart (deductionStep caps Auto at the worked minutes);
 * - `employeeSums` then runs the figure steps' SQL forms on each day and sums the days per employee.
 * server/test/day-totals.test.ts compares both with the engine's own steps on random days, on both databases.
 */
export function periodRepository(db: Kysely<DB>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ops: SqlOps = {
    greatest: (a, b) => (pg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`),
    least: (a, b) => (pg ? sql`least(${a}, ${b})` : sql`min(${a}, ${b})`),
  };
  const { greatest, least } = ops;
  /**
   * Joins `w`, the work shifts a break `br` may lie in: the employee's, on the break's day or the BREAK_DAYS_LATER
   * days before it, within the period; plain equalities the databases search by index (punches_employee_day).
   * - PostgreSQL: a VALUES table of (break's day, shift's day) pairs for the period. Days computed in SQL, or a
   *   list of them in one condition, made it match each break with every shift of the employee (16 s against
   *   4.8 s for a month of 10,000 employees with a lunch a day).
   * - SQLite: the shift's day IN the break's day and the days before, computed per break (each an exact index
   *   search). With the VALUES table it read the pairs first: the month's XLSX export took 18.7 s, not 4.9.
   */
  const shiftDays = (start: string, end: string) => {
    const later = Array.from({ length: BREAK_DAYS_LATER + 1 }, (_, n) => n);
    if (!pg) {
      const days = later.map((n) =>
        n === 0 ? sql`br.work_date` : sql`date(br.work_date, ${sql.lit(`-${n} day`)})`,
      );
      // No bound of the period on w (a shift outside it finds no day of d): with one, SQLite read every work
      // punch of the period and looked for breaks in each (9 s).
      return sql`join punches w on w.employee_ref = br.employee_ref and w.work_date in (${sql.join(days)})`;
    }
    const pairs = [];
    for (let day = start; day <= end; day = addDays(day, 1))
      for (const n of later) pairs.push(sql`(${sql.lit(addDays(day, n))}, ${sql.lit(day)})`);
    return sql`join (values ${sql.join(pairs)}) as near on near.column1 = br.work_date
          join punches w on w.employee_ref = br.employee_ref and w.work_date = near.column2`;
  };

  /** The punch steps' sums per employee and day, as a query (dayTotals reads it; employeeSums sums it again). */
  function daysSql(accountId: number, start: string, end: string, opts: DayTotalsOptions) {
    const step = opts.stepMinutes ? opts.stepMinutes * 60_000 : null;
    /** Epoch milliseconds of an ISO instant column, rounded to the step. */
    const at = (column: string) => {
      const ref = sql.ref(column);
      const ms = pg
        ? sql<number>`cast(extract(epoch from cast(${ref} as timestamptz)) * 1000 as bigint)`
        : sql<number>`cast(round((julianday(${ref}) - 2440587.5) * 86400000.0) as integer)`;
      if (!step) return ms;
      // Integer division truncates toward zero on both databases, so an instant before 1970 would round up
      // when it should round down: shift by `lift` (a whole number of steps, over 2,000 years: back past the
      // year 0001) so that the division only sees positive numbers, then shift back.
      const lift = step * Math.ceil(7e13 / step);
      return sql<number>`((${ms} + ${sql.lit(lift + step / 2)}) / ${sql.lit(step)} * ${sql.lit(step)} - ${sql.lit(lift)})`;
    };
    const refs = opts.employeeRefs ?? (opts.employeeRef === undefined ? undefined : [opts.employeeRef]);
    // A few employees' punches come through punches_employee_day (employee first), not the account's whole
    // period in punches_account_day: on SQLite, `+account_id` keeps the planner off the account's index.
    const range = opts.employeeRange;
    const only = (alias: string) => {
      const ref = sql.ref(`${alias}employee_ref`);
      const part = range ? sql`and ${ref} between ${range[0]} and ${range[1]}` : sql``;
      return refs === undefined ? part : sql`${part} and ${ref} in (${sql.join(refs.length ? refs : [-1])})`;
    };
    const account = (alias: string) =>
      refs !== undefined && !pg
        ? sql`+${sql.ref(`${alias}account_id`)}`
        : sql`${sql.ref(`${alias}account_id`)}`;
    /** Milliseconds from in to out (unrounded: one subtraction, exact to the millisecond). */
    const length = step
      ? sql<number>`${at('time_out')} - ${at('time_in')}`
      : pg
        ? sql<number>`cast(extract(epoch from cast(time_out as timestamptz) - cast(time_in as timestamptz)) * 1000 as bigint)`
        : sql<number>`cast(round((julianday(time_out) - julianday(time_in)) * 86400000.0) as integer)`;
    const rounded = (column: string, agg: 'min' | 'max') =>
      step ? sql`${sql.raw(agg)}(case when type = 'None' then ${at(column)} end)` : sql`null`;
    // The day's first in and last out, which sums never read: left out of them (text per day costs).
    const presence =
      opts.presence === false
        ? sql``
        : sql`min(case when type = 'None' then time_in end) as raw_first_in,
          max(case when type = 'None' then time_out end) as raw_last_out,
          ${rounded('time_in', 'min')} as first_in_ms,
          ${rounded('time_out', 'max')} as last_out_ms,`;
    // The day's counts, which the pay steps never read: left out of their sums (a tenth of the query's time).
    const counts =
      opts.counts === false
        ? sql``
        : sql`, cast(sum(case when type = 'None' and time_out is null then 1 else 0 end) as integer) as open_shifts,
          cast(sum(late_sync) as integer) as late_syncs,
          cast(count(*) as integer) as punches`;
    return sql<DayTotals>`
      select d.*,
        coalesce(b.auto_break, 0) as auto_break,
        coalesce(b.manual_break, 0) as manual_break,
        coalesce(b.meal_breaks, 0) as meal_breaks
      from (
        select employee_ref, work_date, ${presence}
          cast(sum(case when type = 'None' and time_out is not null
            then ${greatest(sql`0`, length)} / 60000 else 0 end) as integer) as worked ${counts}
        from punches
        where ${account('')} = ${accountId} and deleted_at is null
          and work_date >= ${start} and work_date <= ${end} ${only('')}
        -- In the order of punches_account_day (account, day, employee): PostgreSQL groups as it reads the
        -- index instead of sorting the period's punches (SQLite finds that order by itself).
        group by work_date, employee_ref
        -- A day of breaks alone is no day of work (engine.ts computeDays): its breaks are a shift's of a day before.
        having sum(case when type = 'None' then 1 else 0 end) > 0
      ) d
      left join (
        select employee_ref, work_date,
          cast(sum(case when deduction = 'Auto' then minutes else 0 end) as integer) as auto_break,
          cast(sum(case when deduction = 'Manual' then minutes else 0 end) as integer) as manual_break,
          -- Breaks long enough to be a meal period (the pay pipeline's meal premium counts them).
          cast(sum(case when minutes >= ${MEAL_PERIOD_MINUTES} then 1 else 0 end) as integer) as meal_breaks
        from (
          select br.id, w.employee_ref, w.work_date, br.deduction,
            cast(sum(${greatest(
              sql`0`,
              sql`${least(at('br.time_out'), at('w.time_out'))} - ${greatest(at('br.time_in'), at('w.time_in'))}`,
            )}) as bigint) / 60000 as minutes
          from punches br
          -- w is br's employee's (ids are unique across accounts): a work shift of the period on the break's day
          -- or the BREAK_DAYS_LATER days before (a night shift's lunch after midnight is its shift's), matched
          -- by employee and day, the index punches_employee_day, never a scan of the account's days.
          ${shiftDays(start, end)}
            and w.type = 'None' and w.time_out is not null and w.deleted_at is null
          where ${account('br.')} = ${accountId} and br.deleted_at is null and br.type <> 'None'
            and br.time_out is not null and br.work_date >= ${start}
            and br.work_date <= ${addDays(end, BREAK_DAYS_LATER)} ${only('br.')}
          group by br.id, w.employee_ref, w.work_date, br.deduction
        ) x
        group by employee_ref, work_date
      ) b on b.employee_ref = d.employee_ref and b.work_date = d.work_date`;
  }

  return {
    /**
     * The rate changes of the given employees (all of the account's without `employeeRefs`), by employee and
     * day: few rows (only employees whose rate changed have any).
     */
    rateChanges: (accountId: number, employeeRefs?: readonly number[]) =>
      employeeRefs?.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('employee_rates')
            .select(['employee_ref', 'effective_from', 'rate_cents'])
            .where('account_id', '=', accountId)
            .$if(!!employeeRefs, (q) => q.where('employee_ref', 'in', [...employeeRefs!]))
            .orderBy('employee_ref')
            .orderBy('effective_from')
            .execute(),

    /**
     * The account's pay-rule versions (pay_rule_versions, migration 017), as stored: what the pay pipeline pays
     * each day under (pay/period-pay.ts parses them).
     */
    payRuleVersions: (accountId: number) =>
      db
        .selectFrom('pay_rule_versions')
        .select(['effective_from', 'preset', 'overrides'])
        .where('account_id', '=', accountId)
        .orderBy('effective_from')
        .execute(),

    /** Current punches whose local day (work_date, kept in the account's zone) lies in [start, end]. */
    punches: (accountId: number, start: string, end: string, employees?: number | readonly number[]) =>
      db
        .selectFrom('punches')
        .select(['id', 'employee_ref', 'time_in', 'time_out', 'type', 'deduction', 'late_sync', 'work_date'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .where('work_date', '>=', start)
        .where('work_date', '<=', end)
        // One employee's report reads only their punches (index punches_employee_time), not the account's.
        .$if(typeof employees === 'number', (q) => q.where('employee_ref', '=', employees as number))
        .$if(typeof employees === 'object', (q) =>
          q.where('employee_ref', 'in', [...(employees as readonly number[]), -1]),
        )
        .orderBy('time_in')
        .execute(),

    /**
     * Current punches of [start, end] (by work_date), summed per employee and day, in no particular order.
     * `stepMinutes` is the Time Rounding step, or null.
     */
    dayTotals: async (accountId: number, start: string, end: string, opts: DayTotalsOptions) =>
      (await daysSql(accountId, start, end, opts).execute(db)).rows,

    /**
     * `build`'s query over the sums of [start, end] per employee and day (dayTotals' rows): the pay pipeline's
     * SQL form (pay/pay-sql.ts) sums the pay of a big account's period from them in the database. With `parts`,
     * one query per range of employee ids, run at once (db/parallel-reads.ts), their rows together: `build`'s
     * rows must then each be one employee's.
     */
    overDays: async <T>(
      accountId: number,
      start: string,
      end: string,
      opts: DayTotalsOptions & { parts?: readonly EmployeeRange[] },
      build: (days: RawBuilder<DayTotals>, dialect: PaySqlDialect) => RawBuilder<T>,
    ): Promise<T[]> => {
      const dayNumber = (day: RawBuilder<string>) =>
        pg
          ? sql<number>`(cast(${day} as date) - date '1970-01-01')`
          : sql<number>`cast(julianday(${day}) - 2440587.5 as integer)`;
      const { parts, ...rest } = opts;
      const query = (employeeRange?: EmployeeRange) =>
        build(daysSql(accountId, start, end, { ...rest, employeeRange, presence: false, counts: false }), {
          ...ops,
          dayNumber,
        }).compile(db);
      const queries = parts?.length ? parts.map(query) : [query()];
      return (await readAll(db, queries)).flat();
    },

    /**
     * Per employee, the period's days after the figure steps (`figures`: the engine's steps as SQL over one
     * day's row, see engine.ts figuresSql), summed: one row per employee who has punches in the period.
     */
    employeeSums: async (
      accountId: number,
      start: string,
      end: string,
      opts: DayTotalsOptions & {
        figures: (day: SqlFigures, ops: SqlOps) => SqlFigures;
        /** Some employee's rate changed (employee_rates has rows): each day's rate is looked up there. */
        rateChanges: boolean;
      },
    ): Promise<PeriodSums[]> => {
      const col = (name: string) => sql<number>`${sql.ref(`t.${name}`)}`;
      // The day's rate as in the engine (rateOn): the newest change on or before it, else the current rate.
      const rate = opts.rateChanges
        ? sql<number>`coalesce((select r.rate_cents from employee_rates r
            where r.employee_ref = t.employee_ref and r.effective_from <= t.work_date
            order by r.effective_from desc limit 1), e.hourly_rate_cents)`
        : sql<number>`e.hourly_rate_cents`;
      const f = opts.figures(
        {
          workedMinutes: col('worked'),
          deductedMinutes: col('auto_break'),
          manualBreakMinutes: col('manual_break'),
          paidMinutes: col('worked'),
          rateCents: rate,
          earningsCents: sql<number>`0`,
          grossCents: sql<number>`0`,
        },
        ops,
      );
      const total = (e: RawBuilder<number>) => sql`cast(sum(${e}) as bigint)`;
      const result = await sql<PeriodSums>`
        select t.employee_ref as "employeeRef",
          cast(count(*) as integer) as days,
          ${total(f.workedMinutes)} as "workedMinutes",
          ${total(f.deductedMinutes)} as "deductedMinutes",
          ${total(f.manualBreakMinutes)} as "manualBreakMinutes",
          ${total(f.paidMinutes)} as "paidMinutes",
          ${total(col('open_shifts'))} as "openShifts",
          ${total(col('late_syncs'))} as "lateSyncs",
          ${total(col('punches'))} as punches,
          ${total(f.earningsCents)} as "earningsCents",
          ${total(f.grossCents)} as "grossCents"
        from (${daysSql(accountId, start, end, { ...opts, presence: false })}) t
        join employees e on e.id = t.employee_ref and e.account_id = ${accountId}
        group by t.employee_ref`.execute(db);
      return result.rows;
    },
  };
}
export type PeriodRepository = ReturnType<typeof periodRepository>;
