import { describe, expect, it } from 'vitest';
import { centsFromDecimal, decimalFromCents, earningsCents, sumCents } from '../../src/lib/money';

describe('money in integer cents', () => {
  it('reads rates as people type them and writes them with 2 decimals', () => {
    expect(centsFromDecimal('12.5')).toBe(1250);
    expect(centsFromDecimal('12.50')).toBe(1250);
    expect(centsFromDecimal('0.07')).toBe(7);
    expect(centsFromDecimal('19')).toBe(1900);
    expect(centsFromDecimal(33.1)).toBe(3310);
    expect(decimalFromCents(1250)).toBe('12.50');
    expect(decimalFromCents(7)).toBe('0.07');
    expect(decimalFromCents(0)).toBe('0.00');
  });

  it('pays minutes at an hourly rate in whole cents, rounding half up once', () => {
    // 8h 30m at $18.75 = $159.375 → $159.38
    expect(earningsCents(510, 1875)).toBe(15938);
    // 1 minute at $10.00 = 16.67 cents → 17
    expect(earningsCents(1, 1000)).toBe(17);
    expect(earningsCents(0, 1000)).toBe(0);
    expect(sumCents([15938, 17, 0])).toBe(15955);
  });
});
