import { DASHBOARD_REFRESH_MS, type DashboardAnswer, dashboardAnswer, messages } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { authKeys, getUser, useCurrentUser } from './auth';
import { ApiError, request } from './client';
import { queryClient } from './queryClient';

export type { DashboardAnswer };

const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: async () => {
    const parsed = dashboardAnswer.safeParse(await request('/api/dashboard'));
    if (!parsed.success) throw new ApiError(200, messages.general.serverError);
    return parsed.data;
  },
};

/** GET /api/dashboard, read through its contract schema; refreshed every 30 s while the page is open. */
export const useDashboard = () => useQuery({ ...dashboardQuery, refetchInterval: DASHBOARD_REFRESH_MS });

/**
 * Puts the dashboard and the signed-in person in the query cache before /HomeSecond first renders (the router
 * calls it on a first load of the page; api/early.ts has already started both calls). The page's first render
 * then has its data and is done in one interruptible pass, instead of a second, blocking render of the whole
 * page when each answer arrives. Never fails: a failed call is the page's to show.
 */
export async function prefetchHomeData(): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(dashboardQuery),
    queryClient.prefetchQuery({ queryKey: authKeys.user, queryFn: getUser }),
  ]);
}

/** The signed-in person's name for a greeting (GET /api/get-user), never the username; null until known. */
export function useGreetingName(): string | null {
  const user = useCurrentUser();
  const name = user.data?.name?.trim();
  return name || null;
}
