import { describe, expect, it } from 'vitest';
import { oneOpenShift } from '../../../src/modules/punches/rules/one-open-shift';
import { candidate, facts, minus } from './fixtures';

const open = { id: 3, time_in: minus(30) };

describe('rule: one open shift', () => {
  it('refuses a clock-in while a shift is open, and passes one when none is', () => {
    expect(oneOpenShift(candidate({ kind: 'in', timeOut: null }), facts({ openShift: open }))).toMatchObject({
      code: 'punch.shift_open',
      message: 'Employee already clocked in without clocking out.',
      status: 409,
    });
    expect(oneOpenShift(candidate({ kind: 'in', timeOut: null }), facts())).toBeNull();
  });

  it('needs an open shift to clock out', () => {
    expect(oneOpenShift(candidate({ kind: 'out' }), facts())?.code).toBe('punch.not_clocked_in');
    expect(oneOpenShift(candidate({ kind: 'out' }), facts({ openShift: open }))).toBeNull();
  });

  it('does not apply to a whole punch written by hand', () => {
    expect(oneOpenShift(candidate(), facts({ openShift: open }))).toBeNull();
  });
});
