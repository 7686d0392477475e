import type {
  ConfirmSettings,
  ConfirmSettingsBody,
  OwnPayPeriod,
  OwnPayPeriodsAnswer,
  PayPeriodConfirmed,
  PayPeriodStartBody,
} from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { OwnPayPeriod };

const KEY = ['pay-period-confirmations'];

/** Whether the account asks its employees to confirm their timesheet (GET /api/pay-periods/confirm-settings). */
export const useConfirmSettings = () =>
  useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: () => request<ConfirmSettings>('/api/pay-periods/confirm-settings'),
    retry: false,
  });

/** Turn the option on or off; the option and the period list are asked again after. */
export function useSaveConfirmSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmSettingsBody) =>
      request<{ message: string; data: ConfirmSettings }>('/api/pay-periods/confirm-settings', {
        method: 'PUT',
        body,
      }),
    onSuccess: () =>
      Promise.all([KEY, ['pay-periods']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** The signed-in employee's current and last pay period (GET /api/pay-periods/mine). */
export const useMyPayPeriods = () =>
  useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: () => request<OwnPayPeriodsAnswer>('/api/pay-periods/mine'),
    retry: false,
  });

/** Confirm a period (POST /api/pay-periods/confirm); the employee's periods are asked again after. */
export function useConfirmPeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PayPeriodStartBody) =>
      request<PayPeriodConfirmed>('/api/pay-periods/confirm', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Whether the option is on: anything but an answer saying so reads as off. */
export const confirmOn = (s: ConfirmSettings | undefined) => s?.employees_confirm === true;
