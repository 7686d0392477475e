import { messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * One open shift per employee: a clock-in while one is open is refused, and a clock-out needs one. (The
 * partial unique index on open punches is the last guard; this rule answers first, with a message.) See
 * docs/RULES.md#one-open-shift.
 */
export const oneOpenShift: PunchRule = (c, f) => {
  if (c.kind === 'in' && f.openShift)
    return { code: 'punch.shift_open', message: messages.clock.alreadyClockedInServer, status: 409 };
  if (c.kind === 'out' && !f.openShift)
    return { code: 'punch.not_clocked_in', message: messages.clock.notClockedIn, status: 409 };
  return null;
};
