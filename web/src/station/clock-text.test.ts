import { describe, expect, it } from 'vitest';
import { elapsedHoursText, elapsedText } from '@punchclock/contract';
import { wallClockText } from './clock-text';

describe('station wall clock', () => {
  // 06:04:31 UTC is 01:04:31 in New York (EST, UTC−5), whatever zone the tablet is set to.
  const at = new Date('2026-11-26T06:04:31Z');
  it("shows the account's zone and Time Format, not the tablet's", () => {
    expect(wallClockText(at, 'America/New_York', '24 Hours')).toBe('01:04:31');
    expect(wallClockText(at, 'America/New_York', '12 Hours (AM/PM)')).toBe('1:04:31 AM');
    expect(wallClockText(at, 'Asia/Kolkata', '24 Hours')).toBe('11:34:31');
  });
  it("falls back to the tablet's zone for a zone it does not know", () => {
    expect(wallClockText(at, 'Not/AZone', '24 Hours')).toMatch(/^\d{2}:04:31$/);
  });
});

describe('elapsed time (contract display module)', () => {
  const since = '2026-11-26T06:00:00Z';
  const at = (iso: string) => Date.parse(iso);
  it("counts a clock's open shift or break in minutes and seconds, never below zero", () => {
    expect(elapsedText(since, at('2026-11-26T06:03:07Z'))).toBe('3 min 7 sec');
    expect(elapsedText(since, at('2026-11-26T07:05:00Z'))).toBe('65 min 0 sec');
    expect(elapsedText(since, at('2026-11-26T05:59:00Z'))).toBe('0 min 0 sec');
  });
  it("says how long someone has been in as the manager's home does", () => {
    expect(elapsedHoursText(since, at('2026-11-26T06:12:59Z'))).toBe('12 min');
    expect(elapsedHoursText(since, at('2026-11-26T09:05:30Z'))).toBe('3 h 05 min');
    expect(elapsedHoursText(since, at('2026-11-26T05:00:00Z'))).toBe('0 min');
  });
});
