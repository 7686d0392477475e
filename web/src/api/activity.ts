import type { activityCountAnswer } from '@punchclock/contract';
import type { z } from 'zod';
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

function queryOf(f: ActivityFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * One page of the account's activity log at a position (a cursor from the previous answer; none for the first
 * page); the previous page stays on screen while the next loads. The count comes once per filter from
 * useActivityCount, so no page waits for it.
 */
export const useActivityLogs = (filters: ActivityFilters, cursor: string | null) =>
  useQuery({
    queryKey: ['activity-logs', filters, cursor],
    queryFn: () =>
      request<ActivityLogPage>(
        `/api/activity-logs${queryOf(filters, { count: 'false', ...(cursor ? { cursor } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** How many entries the filters match (asked once per filter). */
export const useActivityCount = (filters: ActivityFilters) =>
  useQuery({
    queryKey: ['activity-logs', 'count', filters],
    queryFn: () =>
      request<z.infer<typeof activityCountAnswer>>(`/api/activity-logs/count${queryOf(filters)}`),
  });

export const exportActivityCsv = (filters: ActivityFilters) =>
  downloadFile(`/api/activity-logs/export-csv${queryOf(filters)}`, 'activity_logs.csv');
