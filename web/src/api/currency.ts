import { moneyFromCents } from '@punchclock/contract';
import { useCurrentUser } from './auth';

/** The account's currency (Settings; USD until the signed-in user has loaded or when none is set). */
export const useCurrency = (): string => useCurrentUser().data?.currency ?? 'USD';

/** Cents as the account shows money: the contract's one money formatter in the account's currency. */
export function useMoney(): (cents: number) => string {
  const currency = useCurrency();
  return (cents) => moneyFromCents(cents, currency);
}
