import { RATES_SINCE } from '@punchclock/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';

// The rate before an employee's first change is written from RATES_SINCE (the first day a date may be, so no
// punch is earlier): every day of an employee with rates has one.
export { RATES_SINCE };

/** An employee's hourly rates by the day each took effect (employee_rates), account first. */
export function ratesRepository(db: Kysely<DB>) {
  return {
    /** The employee's rates, newest first (none while their rate has never changed). */
    list: (accountId: number, employeeRef: number) =>
      db
        .selectFrom('employee_rates')
        .select(['effective_from', 'rate_cents', 'created_at'])
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .orderBy('effective_from', 'desc')
        .execute(),

    /**
     * The employee is paid `cents` an hour from `from` on: the rates of that day and later go (the new rate
     * replaces them), and the first change also writes the rate it replaces, `replaced`, from RATES_SINCE.
     * `since` (at most `from`): the rates from that day on go instead, when a current rate's day moves later.
     */
    async change(
      accountId: number,
      employeeRef: number,
      c: { from: string; cents: number; replaced: number; since?: string },
    ) {
      const at = nowIso();
      const row = (effective_from: string, rate_cents: number) => ({
        account_id: accountId,
        employee_ref: employeeRef,
        effective_from,
        rate_cents,
        created_at: at,
      });
      const any = await db
        .selectFrom('employee_rates')
        .select('id')
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .limit(1)
        .executeTakeFirst();
      if (!any) await db.insertInto('employee_rates').values(row(RATES_SINCE, c.replaced)).execute();
      await db
        .deleteFrom('employee_rates')
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .where('effective_from', '>=', c.since ?? c.from)
        .execute();
      await db.insertInto('employee_rates').values(row(c.from, c.cents)).execute();
    },
  };
}
export type RatesRepository = ReturnType<typeof ratesRepository>;
