import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { DayTotals } from './engine';

/**
 * What the time engine reads of a period: the punches themselves, or (`dayTotals`) the engine's punch steps
 * (workStep, breakStep in engine.ts) as one SQL aggregate per employee and day,
 * so that a month of a big account is summed where the punches are instead of read row by row. The meanings
 * are the engine's, to the millisecond:
 * - an instant is its epoch milliseconds, rounded half up to the step (`roundsLikeUtc` must hold: then the
 *   local wall clock and UTC round alike);
 * - a closed work punch's minutes are max(0, out − in) / 60,000, floored; open ones count, unpaid;
 * - a closed break's minutes are its overlap with the day's closed work punches, summed, then floored;
 *   Auto and Manual are summed apart (deductionStep caps Auto at the worked minutes).
 * server/test/day-totals.test.ts compares this with computeDays on random days, on both databases.
 */
export function periodRepository(db: Kysely<DB>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const greatest = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
    pg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
  const least = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
    pg ? sql`least(${a}, ${b})` : sql`min(${a}, ${b})`;

  return {
    /** Current punches whose local day (work_date, kept in the account's zone) lies in [start, end]. */
    punches: (accountId: number, start: string, end: string, employeeRef?: number) =>
      db
        .selectFrom('punches')
        .select(['id', 'employee_ref', 'time_in', 'time_out', 'type', 'deduction', 'late_sync', 'work_date'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .where('work_date', '>=', start)
        .where('work_date', '<=', end)
        // One employee's report reads only their punches (index punches_employee_time), not the account's.
        .$if(employeeRef !== undefined, (q) => q.where('employee_ref', '=', employeeRef as number))
        .orderBy('time_in')
        .execute(),

    /**
     * Current punches of [start, end] (by work_date), summed per employee and day, in no particular order.
     * `stepMinutes` is the Time Rounding step, or null.
     */
    dayTotals: async (
      accountId: number,
      start: string,
      end: string,
      opts: { stepMinutes: number | null; employeeRef?: number },
    ): Promise<DayTotals[]> => {
      const step = opts.stepMinutes ? opts.stepMinutes * 60_000 : null;
      /** Epoch milliseconds of an ISO instant column, rounded to the step. */
      const at = (column: string) => {
        const ref = sql.ref(column);
        const ms = pg
          ? sql`cast(extract(epoch from cast(${ref} as timestamptz)) * 1000 as bigint)`
          : sql`cast(round((julianday(${ref}) - 2440587.5) * 86400000.0) as integer)`;
        return step ? sql`((${ms} + ${sql.lit(step / 2)}) / ${sql.lit(step)} * ${sql.lit(step)})` : ms;
      };
      const one = opts.employeeRef === undefined ? sql`` : sql`and employee_ref = ${opts.employeeRef}`;
      const oneBreak =
        opts.employeeRef === undefined ? sql`` : sql`and br.employee_ref = ${opts.employeeRef}`;
      /** Milliseconds from in to out (unrounded: one subtraction, exact to the millisecond). */
      const length = step
        ? sql`${at('time_out')} - ${at('time_in')}`
        : pg
          ? sql`cast(extract(epoch from cast(time_out as timestamptz) - cast(time_in as timestamptz)) * 1000 as bigint)`
          : sql`cast(round((julianday(time_out) - julianday(time_in)) * 86400000.0) as integer)`;
      const rounded = (column: string, agg: 'min' | 'max') =>
        step ? sql`${sql.raw(agg)}(case when type = 'None' then ${at(column)} end)` : sql`null`;
      const result = await sql<DayTotals>`
        select d.*,
          coalesce(b.auto_break, 0) as auto_break,
          coalesce(b.manual_break, 0) as manual_break
        from (
          select employee_ref, work_date,
            min(case when type = 'None' then time_in end) as raw_first_in,
            max(case when type = 'None' then time_out end) as raw_last_out,
            ${rounded('time_in', 'min')} as first_in_ms,
            ${rounded('time_out', 'max')} as last_out_ms,
            cast(sum(case when type = 'None' and time_out is not null
              then ${greatest(sql`0`, length)} / 60000 else 0 end) as integer) as worked,
            cast(sum(case when type = 'None' and time_out is null then 1 else 0 end) as integer) as open_shifts,
            cast(sum(late_sync) as integer) as late_syncs,
            cast(count(*) as integer) as punches
          from punches
          where account_id = ${accountId} and deleted_at is null
            and work_date >= ${start} and work_date <= ${end} ${one}
          group by employee_ref, work_date
        ) d
        left join (
          select employee_ref, work_date,
            cast(sum(case when deduction = 'Auto' then minutes else 0 end) as integer) as auto_break,
            cast(sum(case when deduction = 'Manual' then minutes else 0 end) as integer) as manual_break
          from (
            select br.id, br.employee_ref, br.work_date, br.deduction,
              cast(sum(${greatest(
                sql`0`,
                sql`${least(at('br.time_out'), at('w.time_out'))} - ${greatest(at('br.time_in'), at('w.time_in'))}`,
              )}) as bigint) / 60000 as minutes
            from punches br
            -- w is br's employee's (ids are unique across accounts): matched by employee and day, the index
            -- punches_employee_day, never a scan of the account's day.
            join punches w on w.employee_ref = br.employee_ref
              and w.work_date = br.work_date and w.type = 'None' and w.time_out is not null and w.deleted_at is null
            where br.account_id = ${accountId} and br.deleted_at is null and br.type <> 'None'
              and br.time_out is not null and br.work_date >= ${start} and br.work_date <= ${end} ${oneBreak}
            group by br.id, br.employee_ref, br.work_date, br.deduction
          ) x
          group by employee_ref, work_date
        ) b on b.employee_ref = d.employee_ref and b.work_date = d.work_date`.execute(db);
      return result.rows;
    },
  };
}
export type PeriodRepository = ReturnType<typeof periodRepository>;
