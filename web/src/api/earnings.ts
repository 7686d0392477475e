import {
  type EmployeeHoursAnswer,
  employeeHoursAnswer,
  messages,
  type WithDeductionsAnswer,
  withDeductionsAnswer,
} from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, request } from './client';

export type { EmployeeHoursAnswer, WithDeductionsAnswer };
export type Earnings = WithDeductionsAnswer['data'];

/** Reads an answer through its contract schema: a malformed answer is a failed fetch, not a crash. */
function parsed<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const p = schema.safeParse(data);
  if (!p.success) throw new ApiError(200, messages.deductions.fetchFailed);
  return p.data;
}

export interface EarningsPeriod {
  start_date: string;
  end_date: string;
}

/**
 * POST /api/with-deductions for the signed-in employee (`employee_id` is the Employee ID login stored) over a
 * period; nothing is asked while the ID or the period is missing.
 */
export const useEarnings = (employeeId: string, period: EarningsPeriod | null, enabled = true) =>
  useQuery({
    queryKey: ['earnings', employeeId, period],
    queryFn: async () =>
      parsed(
        withDeductionsAnswer,
        await request('/api/with-deductions', { body: { employee_id: employeeId, ...period } }),
      ).data,
    enabled: enabled && employeeId !== '' && period !== null,
    retry: false,
  });

/** GET /api/employee-hours: the signed-in employee's week (this week unless `day` names one of another). */
export const useWeekHours = (day?: string) =>
  useQuery({
    queryKey: ['punches', 'week-hours', day ?? 'this'],
    queryFn: async () =>
      parsed(
        employeeHoursAnswer,
        await request(`/api/employee-hours${day ? `?start_date=${encodeURIComponent(day)}` : ''}`),
      ),
  });
