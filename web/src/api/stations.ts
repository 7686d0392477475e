import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateStationAnswer, StationView, stationsAnswer } from '@punchclock/contract';
import type { z } from 'zod';
import { request } from './client';

export type Station = StationView;
export type NewStation = CreateStationAnswer;

const KEY = ['stations'];

export const useStations = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => request<z.infer<typeof stationsAnswer>>('/api/stations').then((a) => a.data),
  });

export function useStationMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: (b: { name: string; pair: 'this-browser' | 'code' }) =>
        request<NewStation>('/api/stations', { body: b }),
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: (b: { id: number; name: string }) =>
        request(`/api/stations/${b.id}`, { method: 'PATCH', body: { name: b.name } }),
      onSuccess: done,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => request(`/api/stations/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
