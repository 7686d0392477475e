import type { DateFormat, DEDUCTIONS, PUNCH_TYPES, TimeFormat } from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

/** One row of GET /api/manual-punches/{employeeRef}; mirrors `punchRow` in the contract. */
export interface PunchRow {
  id: number;
  employee_id: number;
  date: string;
  time_in: string;
  time_out: string | null;
  hours: number | null;
  deduction: string;
  type: string;
  notes: string | null;
  source: string;
  late_sync: boolean;
  conflict: string | null;
  latitude: number | null;
  longitude: number | null;
  /** In and out after the account's Time Rounding; shown instead of the raw times when `display_rounded`. */
  rounded_time_in: string;
  rounded_time_out: string | null;
  display_rounded: boolean;
  /** The account's Date Format and Time Format (Settings), applied by `display-format`; the fields above stay ISO and 24-hour. */
  date_format: DateFormat;
  time_format: TimeFormat;
}

/** The body of POST /api/manual-punches and PUT /api/manual-punches/{id}. */
export interface PunchInput {
  employee_id: number;
  date?: string;
  time_in: string;
  time_out: string;
  deduction: (typeof DEDUCTIONS)[number];
  type: (typeof PUNCH_TYPES)[number];
  notes: string;
}

type PunchAnswer = { message: string; data: PunchRow };

export const punchKeys = {
  of: (employeeId: number) => ['punches', employeeId] as const,
  all: ['punches'] as const,
};

export const usePunches = (employeeId: number) =>
  useQuery({
    queryKey: punchKeys.of(employeeId),
    queryFn: () => request<{ data: PunchRow[] }>(`/api/manual-punches/${employeeId}`).then((a) => a.data),
    enabled: employeeId > 0,
  });

/** Every write reloads the punch lists (and the employee screens, whose status can change). */
export function usePunchMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([punchKeys.all, ['employees']].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: (b: PunchInput) => request<PunchAnswer>('/api/manual-punches', { body: b }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...b }: PunchInput & { id: number }) =>
        request<PunchAnswer>(`/api/manual-punches/${id}`, { method: 'PUT', body: b }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<{ message: string }>(`/api/manual-punches/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
