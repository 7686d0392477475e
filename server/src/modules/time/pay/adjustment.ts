import type { AdjustmentPay, PayRuleSet } from '@punchclock/contract';
import { lineCents } from './money';

/**
 * The multiplier an adjustment's minutes are paid at (docs/RULES.md#adjustments): 1 for regular time, else the
 * overtime or double-time multiplier of the pay rules in force on the day it corrects.
 */
export function adjustmentMultiplier(
  pay: AdjustmentPay,
  set: Pick<PayRuleSet, 'overtime_multiplier' | 'double_multiplier'>,
) {
  return pay === 'overtime' ? set.overtime_multiplier : pay === 'double_time' ? set.double_multiplier : 1;
}

/**
 * What an adjustment pays, in cents: one pay line of its minutes (their hours as shown × the rate × the
 * multiplier, rounded half up once: lineCents); negative minutes take the same amount back.
 */
export function adjustmentCents(minutes: number, rateCents: number, multiplier: number): number {
  const cents = lineCents(Math.abs(minutes), rateCents, multiplier);
  return minutes < 0 ? -cents : cents;
}
