import type { PayFrequency, WeekStart } from '@punchclock/contract';
import { FORGOTTEN_AFTER_MINUTES } from '@punchclock/contract';
import { type Bounds, defaultSchedule, periodContaining, type Schedule } from './period-calendar';
import type { PayPeriodsRepository } from './pay-periods.repository';

/** An account's period settings as they changed (docs/RULES.md#pay-periods): weekly from its week start until saved. */
export function schedulesOf(
  rows: readonly (Omit<Schedule, 'frequency'> & { frequency: string; forgotten_after_minutes: number })[],
  weekStart: WeekStart,
): (Schedule & { forgotten_after_minutes: number })[] {
  return rows.length
    ? rows.map((r) => ({ ...r, frequency: r.frequency as PayFrequency }))
    : [{ ...defaultSchedule(weekStart), forgotten_after_minutes: FORGOTTEN_AFTER_MINUTES }];
}

/**
 * The pay period holding `day` for an account: what a day's pay is a share of (docs/RULES.md#pay-lines), so that
 * the why of each day of a period adds up to the period's Payroll Summary to the cent.
 */
export async function payPeriodOf(
  repo: Pick<PayPeriodsRepository, 'schedules' | 'storedAround'>,
  accountId: number,
  weekStart: WeekStart,
  day: string,
): Promise<Bounds> {
  const [rows, stored] = await Promise.all([
    repo.schedules(accountId),
    repo.storedAround(accountId, day, day),
  ]);
  return periodContaining(day, schedulesOf(rows, weekStart), stored);
}
