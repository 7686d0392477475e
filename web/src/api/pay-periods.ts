import type {
  PayPeriod,
  PayPeriodReopenBody,
  PayPeriodSaved,
  PayPeriodsAnswer,
  PayPeriodStartBody,
} from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { PayPeriod };

const KEY = ['pay-periods'];

/** The pay periods overlapping from..to (GET /api/pay-periods). */
export const usePayPeriods = (from: string, to: string) =>
  useQuery({
    queryKey: [...KEY, from, to],
    queryFn: () =>
      request<PayPeriodsAnswer>(
        `/api/pay-periods?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
    retry: false,
  });

/** Approve (POST /api/pay-periods/approve) or reopen (…/reopen) a period; the list is asked again after. */
function usePeriodAction<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => request<PayPeriodSaved>(path, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
export const useApprovePeriod = () => usePeriodAction<PayPeriodStartBody>('/api/pay-periods/approve');
export const useReopenPeriod = () => usePeriodAction<PayPeriodReopenBody>('/api/pay-periods/reopen');
