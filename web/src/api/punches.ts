import type { messageResponse } from '@punchclock/contract';
import type { z } from 'zod';
import type { ManualPunchBody, PunchAnswer, PunchListAnswer, PunchRow } from '@punchclock/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { PunchRow };

/**
 * The body of POST /api/manual-punches and PUT /api/manual-punches/{id}, as the contract's manualPunchBody
 * takes it, with every field the form always sends (an employee id number, notes as text).
 */
export type PunchInput = Required<Omit<ManualPunchBody, 'date' | 'notes'>> &
  Pick<ManualPunchBody, 'date'> & { notes: string };

export const punchKeys = {
  of: (employeeId: number) => ['punches', employeeId] as const,
  all: ['punches'] as const,
};

/** The newest page of an employee's punches (the server pages by position, 50 by default). */
export const usePunches = (employeeId: number) =>
  useQuery({
    queryKey: punchKeys.of(employeeId),
    queryFn: () => request<PunchListAnswer>(`/api/manual-punches/${employeeId}`).then((a) => a.data),
    enabled: employeeId > 0,
  });

/**
 * One page of an employee's punches at a position (a next_cursor / prev_cursor the server gave; null for the
 * newest page); the page on screen stays while the next loads.
 */
export const usePunchPage = (employeeId: number, cursor: string | null, limit: number) =>
  useQuery({
    queryKey: [...punchKeys.of(employeeId), 'page', cursor, limit],
    queryFn: () =>
      request<PunchListAnswer>(
        `/api/manual-punches/${employeeId}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    enabled: employeeId > 0,
    placeholderData: keepPreviousData,
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
        request<z.infer<typeof messageResponse>>(`/api/manual-punches/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
