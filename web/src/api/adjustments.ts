import type { Adjustment, AdjustmentBody } from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { Adjustment };

const KEY = ['adjustments'];

/** Adjustments correcting or paid on a day of start..end (GET /api/adjustments). */
export const useAdjustments = (start: string, end: string) =>
  useQuery({
    queryKey: [...KEY, start, end],
    queryFn: () =>
      request<{ data: Adjustment[] }>(
        `/api/adjustments?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`,
      ),
    retry: false,
  });

/** Record (POST /api/adjustments) or delete (DELETE /api/adjustments/:id) one; the list is asked again after. */
export function useAdjustmentMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: (body: AdjustmentBody) =>
        request<{ message: string; data: Adjustment }>('/api/adjustments', { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<{ message: string }>(`/api/adjustments/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
