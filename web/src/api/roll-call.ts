import { messages, type RollCallAnswer, rollCallAnswer, type RollCallGroup } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from './client';

export type { RollCallAnswer, RollCallGroup };

/** How often the Roll Call page reads who is on site again while it is open. */
const ROLL_CALL_REFRESH_MS = 30_000;

/** GET /api/roll-call, read through its contract schema; refreshed while the page is open. */
export const useRollCall = (group: RollCallGroup) =>
  useQuery({
    queryKey: ['roll-call', group],
    queryFn: async () => {
      const parsed = rollCallAnswer.safeParse(await request(`/api/roll-call?group=${group}`));
      if (!parsed.success) throw new ApiError(200, messages.general.serverError);
      return parsed.data;
    },
    refetchInterval: ROLL_CALL_REFRESH_MS,
  });
