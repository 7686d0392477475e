import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { shiftLength } from '../../../src/modules/punches/rules/shift-length';
import { candidate, facts, minus } from './fixtures';

describe('rule: a clock-out closes 24 hours at most', () => {
  it('passes a clock-out of exactly 24 hours, and whole punches and clock-ins of any kind', () => {
    expect(
      shiftLength(candidate({ kind: 'out', timeIn: minus(24 * 60), timeOut: minus(0) }), facts()),
    ).toBeNull();
    // Whole punches keep the form's wall-clock limit (a DST night's next-day Time Out can be 25 real hours).
    expect(
      shiftLength(candidate({ kind: 'interval', timeIn: minus(25 * 60), timeOut: minus(0) }), facts()),
    ).toBeNull();
    expect(shiftLength(candidate({ kind: 'in', timeIn: minus(0), timeOut: null }), facts())).toBeNull();
  });

  it('refuses a clock-out one minute past 24 hours after its clock-in', () => {
    expect(
      shiftLength(candidate({ kind: 'out', timeIn: minus(24 * 60 + 1), timeOut: minus(0) }), facts()),
    ).toEqual({ code: 'punch.shift_too_long', message: messages.clock.shiftTooLong, status: 409 });
  });
});
