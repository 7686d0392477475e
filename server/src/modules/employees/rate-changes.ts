import { type EmployeeBody, messages } from '@punchclock/contract';
import { AppError, unprocessable } from '../../lib/errors';
import { centsFromDecimal, decimalFromCents } from '../../lib/money';
import { localDay } from '../../lib/time';
import type { EmployeesRepos } from './employees.repositories';

/**
 * An edit's change of the hourly rate, or undefined when the rate stays: the new rate in cents, the day it is paid
 * from (the body's, else today in the account's zone; never after today) and the rate it replaces.
 */
export async function rateChangeOf(
  r: EmployeesRepos,
  accountId: number,
  employeeRef: number,
  current: string,
  body: Pick<EmployeeBody, 'hourly_rate' | 'rate_effective_from'>,
) {
  const change = await rateChangeAsked(r, accountId, employeeRef, current, body);
  // The locked-period rule for rates (docs/RULES.md#pay-periods): the rate is paid from its day on, so an approved
  // period ending on or after that day would be paid differently.
  if (change) {
    const locked = await r.periodLocks.of(accountId).approvedFrom(change.since ?? change.from);
    if (locked)
      throw new AppError(
        423,
        messages.payPeriods.rateLocked(locked.start_date, locked.end_date),
        { rate_effective_from: [messages.payPeriods.rateLocked(locked.start_date, locked.end_date)] },
        'period.locked',
      );
  }
  return change;
}

async function rateChangeAsked(
  r: EmployeesRepos,
  accountId: number,
  employeeRef: number,
  current: string,
  body: Pick<EmployeeBody, 'hourly_rate' | 'rate_effective_from'>,
) {
  if (body.hourly_rate == null) return undefined;
  const cents = centsFromDecimal(body.hourly_rate);
  const replaced = centsFromDecimal(current);
  if (cents === replaced && !body.rate_effective_from) return undefined;
  const today = localDay(new Date(), (await r.settings.read(accountId)).time_zone);
  const from = body.rate_effective_from ?? today;
  if (from > today)
    throw unprocessable(messages.employees.rateFromFuture, {
      rate_effective_from: [messages.employees.rateFromFuture],
    });
  if (cents !== replaced) return { from, cents, replaced };
  // The same rate with a date corrects the day the current rate is paid from (a raise entered today that
  // was due in March): the rates from the earlier of the two days on are replaced by this rate from `from`,
  // so days between them fall back to the rate before when it moves later. A rate that never changed is
  // paid from the first day already: nothing to move.
  const [latest, before] = await r.rates.list(accountId, employeeRef);
  if (!latest || !before || latest.effective_from === from) return undefined;
  return { from, cents, replaced, since: from < latest.effective_from ? from : latest.effective_from };
}

/** A row of employee_rates as the API shows it. */
export const rateView = (r: { effective_from: string; rate_cents: number; created_at: string }) => ({
  effective_from: r.effective_from,
  hourly_rate: decimalFromCents(r.rate_cents),
  set_at: r.created_at,
});
