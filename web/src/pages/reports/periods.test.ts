import { describe, expect, it } from 'vitest';
import { compareCells, formatCell } from './cells';
import { presetPeriod, todayIn, weekStartIndex } from './periods';

describe('report period presets', () => {
  // 2026-11-25 is a Wednesday.
  const today = '2026-11-25';
  it('weeks start on Monday unless the settings say otherwise', () => {
    expect(weekStartIndex(null)).toBe(1);
    expect(weekStartIndex({ week_start: 'Sunday' })).toBe(0);
    expect(weekStartIndex({ week_start: 'Someday' })).toBe(1);
  });
  it('This week and Last week from the week start', () => {
    expect(presetPeriod('this_week', today, 1)).toEqual({ start_date: '2026-11-23', end_date: '2026-11-29' });
    expect(presetPeriod('last_week', today, 1)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(presetPeriod('this_week', today, 0)).toEqual({ start_date: '2026-11-22', end_date: '2026-11-28' });
    // On the start day itself the week begins today.
    expect(presetPeriod('this_week', '2026-11-23', 1)?.start_date).toBe('2026-11-23');
  });
  it('This month and Last month, across a year end and a leap February', () => {
    expect(presetPeriod('this_month', today, 1)).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(presetPeriod('last_month', '2026-01-10', 1)).toEqual({
      start_date: '2025-12-01',
      end_date: '2025-12-31',
    });
    expect(presetPeriod('last_month', '2028-03-31', 1)).toEqual({
      start_date: '2028-02-01',
      end_date: '2028-02-29',
    });
    expect(presetPeriod('custom', today, 1)).toBeNull();
  });
  it("today is the account zone's day", () => {
    const at = new Date('2026-11-25T02:00:00Z');
    expect(todayIn('UTC', at)).toBe('2026-11-25');
    expect(todayIn('America/New_York', at)).toBe('2026-11-24');
    expect(todayIn('Not/AZone', at)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('report cells', () => {
  const f = { date: (d: string) => `D:${d}`, when: (iso: string) => `W:${iso}` };
  it('shows hours, money, days and instants; N/A when empty', () => {
    expect(formatCell(495, 'hours', f)).toBe('8.25');
    expect(formatCell(123450, 'money', f)).toBe('$1,234.50');
    expect(formatCell(-100, 'money', f)).toBe('-$1.00');
    expect(formatCell(3, 'integer', f)).toBe('3');
    expect(formatCell('2026-03-02', 'date', f)).toBe('D:2026-03-02');
    expect(formatCell('2026-03-02T08:00:00.000Z', 'datetime', f)).toBe('W:2026-03-02T08:00:00.000Z');
    expect(formatCell(null, 'text', f)).toBe('N/A');
    expect(formatCell('', 'text', f)).toBe('N/A');
  });
  it('sorts numbers as numbers, text naturally, empty cells last both ways', () => {
    const cells = [10, null, 9, 100];
    expect([...cells].sort((a, b) => compareCells(a, b))).toEqual([9, 10, 100, null]);
    expect([...cells].sort((a, b) => compareCells(a, b, 'desc'))).toEqual([100, 10, 9, null]);
    expect(['E10', 'e2', 'E1'].sort((a, b) => compareCells(a, b))).toEqual(['E1', 'e2', 'E10']);
  });
});
