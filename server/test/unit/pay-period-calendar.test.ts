import { describe, expect, it } from 'vitest';
import {
  defaultSchedule,
  monthEnd,
  periodContaining,
  periodOf,
  periodsBetween,
  type Schedule,
} from '../../src/modules/pay-periods/period-calendar';

/** Pay period bounds worked out by hand on a calendar (docs/RULES.md#pay-periods). */
const b = (start_date: string, end_date: string) => ({ start_date, end_date });
const v = (frequency: Schedule['frequency'], anchor_date: string, applies_from: string | null = null) => ({
  frequency,
  anchor_date,
  applies_from,
});

describe('periodOf', () => {
  it('weekly: 7 days from the anchor, before the anchor too', () => {
    // 2026-11-02 is a Monday.
    expect(periodOf('2026-11-02', v('weekly', '2026-11-02'))).toEqual(b('2026-11-02', '2026-11-08'));
    expect(periodOf('2026-11-08', v('weekly', '2026-11-02'))).toEqual(b('2026-11-02', '2026-11-08'));
    expect(periodOf('2026-11-09', v('weekly', '2026-11-02'))).toEqual(b('2026-11-09', '2026-11-15'));
    expect(periodOf('2026-11-01', v('weekly', '2026-11-02'))).toEqual(b('2026-10-26', '2026-11-01'));
  });

  it('bi-weekly: 14 days from the anchor, across a year end', () => {
    const s = v('biweekly', '2026-12-21');
    expect(periodOf('2026-12-31', s)).toEqual(b('2026-12-21', '2027-01-03'));
    expect(periodOf('2027-01-04', s)).toEqual(b('2027-01-04', '2027-01-17'));
    expect(periodOf('2026-12-20', s)).toEqual(b('2026-12-07', '2026-12-20'));
    // An anchor years back: 2024-01-01 + 37 × 14 days = 2025-06-02.
    expect(periodOf('2025-06-10', v('biweekly', '2024-01-01'))).toEqual(b('2025-06-02', '2025-06-15'));
  });

  it('semi-monthly: the 1st to the 15th, the 16th to the month end (February of a leap year ends on the 29th)', () => {
    const s = v('semimonthly', '2024-01-01');
    expect(periodOf('2024-02-16', s)).toEqual(b('2024-02-16', '2024-02-29'));
    expect(periodOf('2024-02-29', s)).toEqual(b('2024-02-16', '2024-02-29'));
    expect(periodOf('2025-02-20', s)).toEqual(b('2025-02-16', '2025-02-28'));
    expect(periodOf('2026-12-31', s)).toEqual(b('2026-12-16', '2026-12-31'));
    expect(periodOf('2027-01-15', s)).toEqual(b('2027-01-01', '2027-01-15'));
    expect(periodOf('2026-04-30', s)).toEqual(b('2026-04-16', '2026-04-30'));
  });

  it('monthly: the calendar month', () => {
    const s = v('monthly', '2024-01-01');
    expect(periodOf('2024-02-10', s)).toEqual(b('2024-02-01', '2024-02-29'));
    expect(periodOf('2100-02-10', s)).toEqual(b('2100-02-01', '2100-02-28')); // 2100 is not a leap year
    expect(periodOf('2026-12-31', s)).toEqual(b('2026-12-01', '2026-12-31'));
    expect(monthEnd('2000-02-03')).toBe('2000-02-29');
  });
});

describe('defaultSchedule', () => {
  it("is weekly from the account's week start", () => {
    expect(periodOf('2026-11-04', defaultSchedule('Monday'))).toEqual(b('2026-11-02', '2026-11-08'));
    expect(periodOf('2026-11-04', defaultSchedule('Sunday'))).toEqual(b('2026-11-01', '2026-11-07'));
  });
});

describe('periodsBetween', () => {
  it('lists whole periods overlapping the span', () => {
    expect(periodsBetween('2026-11-10', '2026-11-20', [v('weekly', '2026-11-02')], [])).toEqual([
      b('2026-11-09', '2026-11-15'),
      b('2026-11-16', '2026-11-22'),
    ]);
    expect(periodsBetween('2024-02-01', '2024-03-01', [v('semimonthly', '2024-01-01')], [])).toEqual([
      b('2024-02-01', '2024-02-15'),
      b('2024-02-16', '2024-02-29'),
      b('2024-03-01', '2024-03-15'),
    ]);
  });

  it('a change of frequency applies from its day: the approved period keeps its bounds', () => {
    // Weekly periods approved up to Sunday 2026-11-08, then monthly from 2026-11-09.
    const versions = [v('weekly', '2026-11-02'), v('monthly', '2026-11-02', '2026-11-09')];
    const stored = [b('2026-11-02', '2026-11-08')];
    expect(periodsBetween('2026-10-26', '2026-12-05', versions, stored)).toEqual([
      b('2026-10-26', '2026-11-01'),
      b('2026-11-02', '2026-11-08'),
      b('2026-11-09', '2026-11-30'),
      b('2026-12-01', '2026-12-31'),
    ]);
  });

  it('a bi-weekly change mid-period cuts the first new period at its day', () => {
    const versions = [v('semimonthly', '2026-01-01'), v('biweekly', '2026-11-02', '2026-11-16')];
    expect(periodsBetween('2026-11-01', '2026-11-30', versions, [b('2026-11-01', '2026-11-15')])).toEqual([
      b('2026-11-01', '2026-11-15'),
      b('2026-11-16', '2026-11-29'),
      b('2026-11-30', '2026-12-13'),
    ]);
  });

  it('a stored period is found from any of its days, and generated ones stop at it', () => {
    const stored = [b('2026-11-03', '2026-11-09')]; // approved under an older anchor
    const versions = [v('weekly', '2026-11-02')];
    expect(periodContaining('2026-11-05', versions, stored)).toEqual(b('2026-11-03', '2026-11-09'));
    expect(periodContaining('2026-11-02', versions, stored)).toEqual(b('2026-11-02', '2026-11-02'));
    expect(periodContaining('2026-11-10', versions, stored)).toEqual(b('2026-11-10', '2026-11-15'));
  });
});
