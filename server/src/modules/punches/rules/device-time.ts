import { MAX_OFFLINE_AGE_MS, messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * An offline punch older than 31 days is refused rather than silently changing an old payroll period
 * (docs/RULES.md#device-time-limits).
 */
export const deviceTimeLimits: PunchRule = (c, f) =>
  c.deviceTime && Date.parse(c.deviceTime) < Date.parse(f.now) - MAX_OFFLINE_AGE_MS
    ? { code: 'punch.device_time', message: messages.punches.tooOld, status: 422 }
    : null;
