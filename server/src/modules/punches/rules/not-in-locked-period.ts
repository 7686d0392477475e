import { messages } from '@punchclock/contract';
import type { PunchRule } from './types';

/**
 * No write touches an approved pay period: a punch whose times (or, for an edit or a delete, whose former times)
 * lie on a day of an approved period is refused with 423 and the period named. Payroll was run on it; a
 * correction after approval is for an adjustment. The runner asks the repository for the period
 * (pay-periods/period-locks.repository.ts). See docs/RULES.md#pay-periods.
 */
export const notInLockedPeriod: PunchRule = (_c, f) =>
  f.locked
    ? {
        code: 'period.locked',
        message: messages.payPeriods.locked(f.locked.start_date, f.locked.end_date),
        status: 423,
      }
    : null;
