import { isShiftTooLong, messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * A clock-out closes a shift of 24 hours at most (live and synced alike). A longer one means the employee forgot
 * to clock out: it goes to a manager (a 409 at the station, a conflict in sync) instead of paying every hour
 * since. Whole punches written by hand keep the form's own limit (a next-day Time Out at most 24 hours on).
 * See docs/RULES.md#shift-limit-24-hours.
 */
export const shiftLength: PunchRule = (c) =>
  c.kind === 'out' && c.timeOut !== null && isShiftTooLong(c.timeIn, c.timeOut)
    ? { code: 'punch.shift_too_long', message: messages.clock.shiftTooLong, status: 409 }
    : null;
