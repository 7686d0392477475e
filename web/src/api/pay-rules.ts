import type {
  DayWhyAnswer,
  PayRulesAnswer,
  PayRulesBody,
  PayRulesPreviewAnswer,
  PayRulesPreviewBody,
  PayRulesSaved,
} from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { DayWhyAnswer, PayRulesAnswer, PayRulesPreviewAnswer };

const KEY = ['pay-rules'];

/** The account's pay rules: the version in force today and every version (GET /api/pay-rules). */
export const usePayRules = () =>
  useQuery({ queryKey: KEY, queryFn: () => request<PayRulesAnswer>('/api/pay-rules'), retry: false });

/**
 * Adds a version (PUT /api/pay-rules). Every figure of the days from its effective day on may change, so the
 * reports, earnings and the days' whys are asked again.
 */
export function useSavePayRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PayRulesBody) => request<PayRulesSaved>('/api/pay-rules', { method: 'PUT', body }),
    onSuccess: (a) => {
      qc.setQueryData(KEY, a.data);
      return Promise.all(
        [['day-why'], ['reports'], ['earnings']].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** Each employee's pay over a period before and after a version (POST /api/pay-rules/preview; nothing saved). */
export const usePreviewPayRules = () =>
  useMutation({
    mutationFn: (body: PayRulesPreviewBody) =>
      request<PayRulesPreviewAnswer>('/api/pay-rules/preview', { body }),
  });

/**
 * The why of a day: an employee's (`employee` is their record id) for a manager, or the signed-in employee's
 * own (`employee` 'me'). Nothing is asked until `enabled`.
 */
export const useDayWhy = (employee: number | 'me', date: string, enabled = true) =>
  useQuery({
    queryKey: ['day-why', employee, date],
    queryFn: () =>
      request<DayWhyAnswer>(
        employee === 'me'
          ? `/api/me/days/${encodeURIComponent(date)}`
          : `/api/employees/${employee}/days/${encodeURIComponent(date)}`,
      ),
    enabled,
    retry: false,
  });
