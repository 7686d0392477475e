import { describe, expect, it } from 'vitest';
import {
  deviceTimeProblem,
  elapsedSince,
  isLateSync,
  reportedHours,
  roundToStep,
  roundingStep,
  timeOutAfterTimeIn,
  workedTime,
} from '../src/lib/punch-rules';
import { localDay, zonedToUtc } from '../src/lib/time';

const now = '2026-03-10T12:00:00.000Z';
const minus = (min: number) => new Date(Date.parse(now) - min * 60_000).toISOString();

describe('punch rules', () => {
  it('believes device times a little fast, refuses the future and anything older than 31 days', () => {
    expect(deviceTimeProblem(minus(-4), now)).toBeNull();
    expect(deviceTimeProblem(minus(-6), now)).toMatch(/future/);
    expect(deviceTimeProblem(minus(60 * 24 * 30), now)).toBeNull();
    expect(deviceTimeProblem(minus(60 * 24 * 32), now)).toMatch(/31 days/);
  });

  it('flags punches that arrive more than 5 minutes after they were made', () => {
    expect(isLateSync(minus(5), now)).toBe(false);
    expect(isLateSync(minus(6), now)).toBe(true);
  });

  it('needs time out strictly after time in', () => {
    expect(timeOutAfterTimeIn(minus(10), now)).toBe(true);
    expect(timeOutAfterTimeIn(now, now)).toBe(false);
    expect(timeOutAfterTimeIn(now, minus(1))).toBe(false);
  });

  it('counts worked time in whole minutes, split into hours and minutes', () => {
    expect(workedTime(minus(125.9), now)).toEqual({ hours: 2, minutes: 5, total_minutes: 125 });
    expect(workedTime(now, minus(5))).toEqual({ hours: 0, minutes: 0, total_minutes: 0 });
    expect(elapsedSince(minus(2), now)).toEqual({ seconds: 120, minutes: 2 });
  });

  it('puts a punch on the day of the account time zone, across daylight saving', () => {
    expect(localDay(new Date('2026-03-10T03:30:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(localDay(new Date('2026-03-10T03:30:00Z'), 'Europe/Berlin')).toBe('2026-03-10');
    expect(zonedToUtc('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedToUtc('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });

  it('rounds to the nearest step and reports hours from rounded times', () => {
    expect(roundingStep('5 Minutes')).toBe(5);
    expect(roundingStep('10 Minutes')).toBe(10);
    expect(roundingStep(null)).toBeNull();
    expect(roundToStep('2026-01-05T09:02:29.000Z', 5)).toBe('2026-01-05T09:00:00.000Z');
    expect(roundToStep('2026-01-05T09:02:30.000Z', 5)).toBe('2026-01-05T09:05:00.000Z');
    expect(roundToStep('2026-01-05T09:04:59.000Z', 10)).toBe('2026-01-05T09:00:00.000Z');
    expect(roundToStep('2026-01-05T09:04:59.000Z', null)).toBe('2026-01-05T09:04:59.000Z');
    expect(reportedHours('2026-01-05T09:04:00Z', '2026-01-05T17:26:00Z', 10, false)).toBe(8.5);
    expect(reportedHours('2026-01-05T09:04:00Z', '2026-01-05T17:26:00Z', null, false)).toBe(8.37);
    expect(reportedHours('2026-01-05T09:04:00Z', null, 10, false)).toBeNull();
    expect(reportedHours('2026-01-05T09:04:00Z', '2026-01-05T17:26:00Z', 10, true)).toBeNull();
  });
});
