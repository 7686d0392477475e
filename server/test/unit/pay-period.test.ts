import { describe, expect, it } from 'vitest';
import { MEAL_PERIOD_MINUTES } from '../../src/modules/time/pay/meal-premium';
import { breakMinutes } from '../../src/modules/time/pay/period-pay';

/** The breaks the database's day sums give the pay steps: their total and how many were meal periods. */
describe('breakMinutes (pay/period-pay.ts)', () => {
  const meals = (list: readonly number[]) => list.filter((m) => m >= MEAL_PERIOD_MINUTES).length;
  const total = (list: readonly number[]) => list.reduce((n, m) => n + m, 0);

  it('keeps the total and the count of meal periods, whatever they are', () => {
    for (const [sum, count] of [
      [0, 0],
      [15, 0],
      [29, 0],
      [40, 0], // two 20-minute breaks: no meal period among them
      [95, 0],
      [30, 1],
      [45, 1],
      [75, 2], // a 30 and a 45
      [100, 2], // a 30, a 45 and a 25
      [90, 3],
    ]) {
      const list = breakMinutes(sum, count);
      expect([total(list), meals(list)], `${sum} min, ${count} meal periods`).toEqual([sum, count]);
      expect(list.every((m) => m > 0)).toBe(true);
    }
  });
});
