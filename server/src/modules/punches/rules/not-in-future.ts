import { isInFuture, messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * No punch ends after now (plus the one tolerance, FUTURE_TOLERANCE_MS in contract/src/punch-rules.ts, for a
 * clock running a little fast). A synced punch is told to check the station's clock. See
 * docs/RULES.md#not-in-the-future.
 */
export const notInFuture: PunchRule = (c, f) => {
  const latest = c.deviceTime ?? c.timeOut ?? c.timeIn;
  if (!isInFuture(latest, f.now)) return null;
  return c.deviceTime
    ? { code: 'punch.in_future', message: messages.punches.deviceInFuture, status: 422 }
    : { code: 'punch.in_future', message: messages.punches.inFuture, status: 422 };
};
