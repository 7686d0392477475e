import { describe, expect, it } from 'vitest';
import { localDay, zonedToUtc } from '../../src/lib/time';
import { roundingStep, roundToStep } from '../../src/modules/time/rounding';
import { timeRulesOf } from '../../src/modules/time/time-rules';
import {
  elapsedSince,
  hoursFromMinutes,
  payableMinutes,
  splitMinutes,
  workedMinutes,
} from '../../src/modules/time/worked';

const utc = { zone: 'UTC', step: null, attendanceOnly: false };

describe('time rules', () => {
  it('reads the account settings row into rules in one place', () => {
    const rules = timeRulesOf({
      time_zone: 'America/New_York',
      time_rounding: '10 Minutes',
      display_round_in_out_times: 1,
      attendance_mode: 'Attendance Only',
      date_format: 'DD/MM/YY',
      time_format: 'bogus',
    });
    expect(rules).toEqual({
      zone: 'America/New_York',
      step: 10,
      displayRounded: true,
      attendanceOnly: true,
      dateFormat: 'DD/MM/YY',
      timeFormat: '12 Hours (AM/PM)',
      weekStart: 'Monday',
      currency: 'USD',
    });
  });

  it('rounds to the nearest step on the local wall clock, also where the offset is not a whole hour', () => {
    expect(roundingStep('5 Minutes')).toBe(5);
    expect(roundingStep(null)).toBeNull();
    expect(roundToStep('2026-01-05T09:02:29.000Z', 5, 'UTC')).toBe('2026-01-05T09:00:00.000Z');
    expect(roundToStep('2026-01-05T09:02:30.000Z', 5, 'UTC')).toBe('2026-01-05T09:05:00.000Z');
    // Kathmandu is UTC+05:45: 09:02 local (03:17Z) rounds to 09:00 local (03:15Z), not to 03:20Z.
    expect(roundToStep('2026-01-05T03:17:00.000Z', 10, 'Asia/Kathmandu')).toBe('2026-01-05T03:15:00.000Z');
    expect(roundToStep('2026-01-05T09:04:59.000Z', null, 'UTC')).toBe('2026-01-05T09:04:59.000Z');
  });

  it('has one definition of worked minutes: rounded in and out, whole minutes, never negative', () => {
    const p = { timeIn: '2026-01-05T09:04:00Z', timeOut: '2026-01-05T17:26:00Z' };
    expect(workedMinutes(p, utc)).toBe(502);
    expect(workedMinutes(p, { ...utc, step: 10 })).toBe(510);
    expect(workedMinutes({ timeIn: '2026-01-05T09:00:00Z', timeOut: '2026-01-05T11:05:59Z' }, utc)).toBe(125);
    expect(workedMinutes({ timeIn: p.timeOut, timeOut: p.timeIn }, utc)).toBe(0);
    expect(workedMinutes({ timeIn: p.timeIn, timeOut: null }, utc)).toBe(0);
    expect(splitMinutes(125)).toEqual({ hours: 2, minutes: 5, total_minutes: 125 });
    expect(hoursFromMinutes(502)).toBe(8.37);
    expect(elapsedSince('2026-01-05T09:00:00Z', '2026-01-05T09:02:00Z')).toEqual({
      seconds: 120,
      minutes: 2,
    });
  });

  it('pays worked minutes, but never an open shift and nothing in Attendance Only', () => {
    const p = { timeIn: '2026-01-05T09:04:00Z', timeOut: '2026-01-05T17:26:00Z' };
    expect(payableMinutes(p, { ...utc, step: 10 })).toBe(510);
    expect(payableMinutes({ ...p, timeOut: null }, utc)).toBe(0);
    expect(payableMinutes(p, { ...utc, attendanceOnly: true })).toBe(0);
  });

  it('puts a punch on the day of the account zone, across daylight saving', () => {
    expect(localDay(new Date('2026-03-10T03:30:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(localDay(new Date('2026-03-10T03:30:00Z'), 'Europe/Berlin')).toBe('2026-03-10');
    expect(zonedToUtc('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedToUtc('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });

  it('reads a skipped wall time forward by the gap and a repeated one as its first occurrence, in every zone', () => {
    const at = (date: string, time: string, zone: string) => zonedToUtc(date, time, zone).toISOString();
    // New York skips 02:00–03:00 on 2026-03-08: 02:30 is 03:30 EDT (07:30Z), not 01:30 EST; 01:59 is still EST.
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(at('2026-03-08', '03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // Santiago skips midnight (00:00 → 01:00, UTC−4 → UTC−3) on 2026-09-06: 00:30 is 01:30 the same day.
    expect(at('2026-09-06', '00:30', 'America/Santiago')).toBe('2026-09-06T04:30:00.000Z');
    expect(localDay(new Date(at('2026-09-06', '00:30', 'America/Santiago')), 'America/Santiago')).toBe(
      '2026-09-06',
    );
    // London skips 01:00–02:00 on 2026-03-29: 01:30 is 02:30 BST (01:30Z). Lord Howe skips 30 minutes at 02:00
    // on 2026-10-04 (UTC+10:30 → +11): 02:10 is 02:40 (15:40Z the day before).
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-10-04', '02:10', 'Australia/Lord_Howe')).toBe('2026-10-03T15:40:00.000Z');
    // Repeated hours: the first time round (still summer time).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-04-05', '01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z');
    // A whole-quarter-hour zone with no daylight saving.
    expect(at('2026-06-01', '12:00', 'Asia/Kathmandu')).toBe('2026-06-01T06:15:00.000Z');
  });
});
