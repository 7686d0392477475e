import { describe, expect, it } from 'vitest';
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
