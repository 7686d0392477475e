import { messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * Attendance Only records presence, not hours: Lunch and Break punches (deductions from hours) are refused
 * (docs/RULES.md#attendance-only-punches).
 */
export const attendanceOnly: PunchRule = (c, f) =>
  f.attendanceOnly && c.type !== 'None'
    ? { code: 'punch.attendance_only', message: messages.punches.attendanceOnly, status: 422 }
    : null;
