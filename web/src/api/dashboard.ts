import { DASHBOARD_REFRESH_MS, type DashboardAnswer, dashboardAnswer, messages } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from './auth';
import { ApiError, request } from './client';

export type { DashboardAnswer };

/** GET /api/dashboard, read through its contract schema; refreshed every 30 s while the page is open. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => {
      const parsed = dashboardAnswer.safeParse(await request('/api/dashboard'));
      if (!parsed.success) throw new ApiError(200, messages.general.serverError);
      return parsed.data;
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** The signed-in person's name for a greeting (GET /api/get-user), never the username; null until known. */
export function useGreetingName(): string | null {
  const user = useCurrentUser();
  const name = user.data?.name?.trim();
  return name || null;
}
