import type { ActivityLogPage } from '@punchclock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { downloadFile } from './download';

/** What the Activity Logs filters hold; empty strings mean "any". */
export interface ActivityFilters {
  action: string;
  start_date: string;
  end_date: string;
}

function queryOf(f: ActivityFilters, page?: number): string {
  const q = new URLSearchParams();
  if (page !== undefined) q.set('page', String(page));
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One page of the account's activity log; the previous page stays on screen while the next loads. */
export const useActivityLogs = (filters: ActivityFilters, page: number) =>
  useQuery({
    queryKey: ['activity-logs', filters, page],
    queryFn: () => request<ActivityLogPage>(`/api/activity-logs${queryOf(filters, page)}`),
    placeholderData: keepPreviousData,
  });

export const exportActivityCsv = (filters: ActivityFilters) =>
  downloadFile(`/api/activity-logs/export-csv${queryOf(filters)}`, 'activity_logs.csv');
