import { moneyFromCents } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { authKeys, getUser } from './auth';

/**
 * The account's currency (Settings), read from the signed-in user the layouts have loaded: asking for it
 * here would add a call to every screen that shows money. USD until it has loaded, or when none is set.
 */
export const useCurrency = (): string =>
  useQuery({ queryKey: authKeys.user, queryFn: getUser, enabled: false }).data?.currency ?? 'USD';

/** Cents as the account shows money: the contract's one money formatter in the account's currency. */
export function useMoney(): (cents: number) => string {
  const currency = useCurrency();
  return (cents) => moneyFromCents(cents, currency);
}
