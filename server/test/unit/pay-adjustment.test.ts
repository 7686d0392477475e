import { PAY_PRESETS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { adjustmentCents, adjustmentMultiplier } from '../../src/modules/time/pay/adjustment';

// docs/RULES.md#adjustments: an adjustment is one pay line of its minutes at the corrected day's rate and multiplier.
describe('pay adjustment: a correction of a locked day as one pay line', () => {
  it('pays the minutes as hours shown × rate × multiplier, rounded once', () => {
    // 90 min = 1.50 h × $20.00 = $30.00.
    expect(adjustmentCents(90, 2000, 1)).toBe(3000);
    // 50 min = 0.8333… h, shown 0.83 h × $31.41 = 26.0703 dollars → $26.07.
    expect(adjustmentCents(50, 3141, 1)).toBe(2607);
    // Overtime: 2.00 h × $18.50 × 1.5 = $55.50; double time: 0.25 h × $18.50 × 2 = $9.25.
    expect(adjustmentCents(120, 1850, 1.5)).toBe(5550);
    expect(adjustmentCents(15, 1850, 2)).toBe(925);
  });

  it('takes the same amount back for negative minutes', () => {
    expect(adjustmentCents(-50, 3141, 1)).toBe(-2607);
    expect(adjustmentCents(-1440, 2000, 1)).toBe(-48_000); // 24.00 h × $20.00
  });

  it('reads the multiplier of the pay rules in force: 1 for regular time', () => {
    const ca = PAY_PRESETS.us_california;
    expect(adjustmentMultiplier('regular', ca)).toBe(1);
    // California Labor Code §510: time and a half over 8 h a day, double time over 12 h.
    expect(adjustmentMultiplier('overtime', ca)).toBe(1.5);
    expect(adjustmentMultiplier('double_time', ca)).toBe(2);
    expect(adjustmentMultiplier('overtime', { overtime_multiplier: 1.25, double_multiplier: 1.75 })).toBe(
      1.25,
    );
  });
});
