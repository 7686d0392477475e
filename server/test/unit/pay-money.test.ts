import { describe, expect, it } from 'vitest';
import { lineCents, money, shares } from '../../src/modules/time/pay/money';
import { payDay } from './pay-fixtures';

describe('pay money: pay lines and the days’ shares', () => {
  it('rounds a line once, as hours shown × rate: 172.27 h × $31.41 = $5,411.00', () => {
    // 10,336 min = 172.2666… h, shown 172.27; 172.27 × 3141 = 541,100.07 cents → 541,100.
    expect(lineCents(10_336, 3141, 1)).toBe(541_100);
    // Overtime: 8.00 h × $20.00 × 1.5 = $240.00; 1.25× of 0.50 h at $31.41 = 19.63125 → $19.63.
    expect(lineCents(480, 2000, 1.5)).toBe(24_000);
    expect(lineCents(30, 3141, 1.25)).toBe(1963);
    // Half a cent rounds up: 0.01 h (1 min → 0.02 h shown) … 0.02 × 25 = 0.5 cent → 1 cent.
    expect(lineCents(1, 25, 1)).toBe(1);
  });

  it('multiplies big rates exactly (no floating point loss)', () => {
    // 8,784 h (a leap year) × $9,999.99 × 9.999 = 878,257,121.777… dollars; in cents: 8,784.00 × 999,999 × 9.999.
    expect(lineCents(8784 * 60, 999_999, 9.999)).toBe(Math.round((878_400 * 999_999 * 9999) / 100_000));
  });

  it('splits a total into shares that add up to it exactly (largest remainder, earlier first on ties)', () => {
    expect(shares(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 541,100 × 484 / 10,336 = 25,337.89; × 510 / 10,336 = 26,699.01; × 9,342 / 10,336 = 489,063.10: floors 25,337,
    // 26,699, 489,063 (sum 541,099), and the one cent left goes to the largest remainder (.89).
    expect(shares(541_100, [484, 510, 9342])).toEqual([25_338, 26_699, 489_063]);
    expect(shares(5, [0, 0])).toEqual([0, 0]);
  });

  it('gives each day its share of the period’s lines, the days adding up to the lines', () => {
    // Three days of 8 h 07 at $31.41: 1,461 min = 24.35 h → 24.35 × 3141 = 76,483.35 → $764.83.
    // Per day rounding would give 3 × round(487 × 3141 / 60) = 3 × 25,494 = 76,482.
    const days = ['2026-01-05', '2026-01-06', '2026-01-07'].map((day) =>
      payDay(day, 487, 'none', { figures: { rateCents: 3141 } }),
    );
    const out = money(days);
    expect(out.lines).toEqual([
      { kind: 'regular', rateCents: 3141, multiplier: 1, minutes: 1461, cents: 76_483 },
    ]);
    expect(out.days.map((d) => d.cents.regular)).toEqual([25_495, 25_494, 25_494]);
    expect(out.days[0].steps.at(-1)).toEqual(expect.objectContaining({ step: 'money', minutes: 487 }));
  });

  it('keeps one line per kind, rate and multiplier (a rate change makes two regular lines)', () => {
    const a = {
      ...payDay('2026-01-05', 600, 'none', { figures: { rateCents: 2000 } }),
      regular: 480,
      overtime: 120,
    };
    const b = { ...payDay('2026-01-06', 480, 'none', { figures: { rateCents: 2500 } }), premiumHours: 1 };
    const out = money([a, b]);
    expect(out.lines.map((l) => [l.kind, l.rateCents, l.multiplier, l.minutes, l.cents])).toEqual([
      ['regular', 2000, 1, 480, 16_000],
      ['regular', 2500, 1, 480, 20_000],
      ['overtime', 2000, 1.5, 120, 6000],
      ['premium', 2500, 1, 60, 2500],
    ]);
    expect(out.days.map((d) => d.cents)).toEqual([
      { regular: 16_000, overtime: 6000, double_time: 0, premium: 0 },
      { regular: 20_000, overtime: 0, double_time: 0, premium: 2500 },
    ]);
  });

  it('writes the why’s money in the account’s currency', () => {
    // 8.00 h at €20.00: €160.00 (Intl's en-US form of EUR, as every other figure of the account).
    const day = payDay('2026-01-05', 480, 'none', { figures: { rateCents: 2000 } });
    const [eur] = money([day], { currency: 'EUR' }).days;
    expect(eur.steps.at(-1)?.detail).toBe(
      "regular 8.00 h at €20.00 × 1: €160.00 of the period's 8.00 h, €160.00.",
    );
    const [usd] = money([day]).days;
    expect(usd.steps.at(-1)?.detail).toContain('at $20.00 × 1: $160.00');
  });
});
