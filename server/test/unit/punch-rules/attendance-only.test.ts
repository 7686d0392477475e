import { describe, expect, it } from 'vitest';
import { attendanceOnly } from '../../../src/modules/punches/rules/attendance-only';
import { candidate, facts } from './fixtures';

describe('rule: Attendance Only', () => {
  it('refuses Lunch and Break punches when the account records attendance only', () => {
    expect(attendanceOnly(candidate({ type: 'Lunch' }), facts({ attendanceOnly: true }))?.code).toBe(
      'punch.attendance_only',
    );
    expect(attendanceOnly(candidate({ type: 'Break' }), facts({ attendanceOnly: true }))?.status).toBe(422);
  });

  it('passes plain punches in Attendance Only, and every type with time tracking', () => {
    expect(attendanceOnly(candidate({ type: 'None' }), facts({ attendanceOnly: true }))).toBeNull();
    expect(attendanceOnly(candidate({ type: 'Lunch' }), facts())).toBeNull();
  });
});
