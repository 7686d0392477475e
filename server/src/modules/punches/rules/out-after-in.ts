import { messages, timeOutAfterTimeIn } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * Time out strictly after time in (the predicate is the contract's, shared with the forms). See
 * docs/RULES.md#out-after-in.
 */
export const outAfterIn: PunchRule = (c) =>
  c.timeOut !== null && !timeOutAfterTimeIn(c.timeIn, c.timeOut)
    ? { code: 'punch.out_before_in', message: messages.punches.timeOutAfterIn, status: 422 }
    : null;
