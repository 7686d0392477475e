import { describe, expect, it } from 'vitest';
import { dayAttendance, graceByDay, schedulePlan, shiftOn } from '../../src/modules/schedules/attendance';

/** Late, early and absent, worked out by hand (docs/RULES.md#schedules). */
const now = new Date('2026-06-30T00:00:00Z');
const nine = { start: 9 * 60, end: 17 * 60 };
const base = { day: '2026-03-09', shift: nine, open: false, zone: 'UTC', grace: { late: 5, early: 10 }, now };

describe('dayAttendance', () => {
  it('counts late from the scheduled start, only once past the grace', () => {
    const at = (firstIn: string) =>
      dayAttendance({ ...base, firstIn: `2026-03-09T${firstIn}Z`, lastOut: '2026-03-09T17:00:00Z' })!;
    expect(at('09:05:00').minutesLate).toBe(0); // exactly start + grace: on time
    expect(at('09:05:30').minutesLate).toBe(5); // after the grace: late by the whole minutes since 09:00
    expect(at('09:12:00').minutesLate).toBe(12);
    expect(at('08:30:00').minutesLate).toBe(0);
  });

  it('counts early departures before end − grace, none while a shift is open', () => {
    const at = (lastOut: string, open = false) =>
      dayAttendance({ ...base, firstIn: '2026-03-09T09:00:00Z', lastOut: `2026-03-09T${lastOut}Z`, open })!;
    expect(at('16:50:00').minutesEarly).toBe(0); // exactly end − grace
    expect(at('16:45:00').minutesEarly).toBe(15);
    expect(at('16:45:00', true).minutesEarly).toBe(0);
  });

  it('is absent on a scheduled day with no clock-in once the start and grace have passed, not before', () => {
    expect(dayAttendance({ ...base, firstIn: null, lastOut: null })!.absent).toBe(true);
    const morning = new Date('2026-03-09T09:04:00Z');
    expect(dayAttendance({ ...base, firstIn: null, lastOut: null, now: morning })!.absent).toBe(false);
    expect(dayAttendance({ ...base, shift: null, firstIn: null, lastOut: null })).toBeNull();
  });

  it('reads the schedule on the wall clock of the zone, across a daylight-saving change', () => {
    // New York: 09:00 on 2026-03-06 is 14:00Z (EST), on 2026-03-09 13:00Z (EDT, clocks went forward on the 8th).
    const ny = { ...base, zone: 'America/New_York', firstIn: null, lastOut: null };
    expect(dayAttendance({ ...ny, day: '2026-03-06' })!.scheduledStart).toBe('2026-03-06T14:00:00.000Z');
    expect(dayAttendance({ ...ny, day: '2026-03-09' })!.scheduledStart).toBe('2026-03-09T13:00:00.000Z');
    const late = dayAttendance({ ...ny, day: '2026-03-09', firstIn: '2026-03-09T13:20:00Z' })!;
    expect(late.minutesLate).toBe(20);
  });
});

describe('schedulePlan and graceByDay', () => {
  const row = (
    owner: { department_id?: number; employee_id?: number },
    weekday: number,
    s: number | null,
  ) => ({
    department_id: owner.department_id ?? null,
    employee_id: owner.employee_id ?? null,
    weekday,
    start_minute: s,
    end_minute: s === null ? null : s + 480,
  });
  it("takes an employee's own week over their department's, and no week without either", () => {
    const plan = schedulePlan([row({ department_id: 1 }, 1, 540), row({ employee_id: 7 }, 1, null)]);
    // 2026-03-09 is a Monday.
    expect(shiftOn(plan.weekOf(5, 1), '2026-03-09')).toEqual({ start: 540, end: 1020 });
    expect(shiftOn(plan.weekOf(7, 1), '2026-03-09')).toBeNull();
    expect(plan.weekOf(5, 2)).toBeNull();
  });
  it('reads the grace of the rule version in force on the day, none before the first', () => {
    const grace = graceByDay([
      { effective_from: '2026-02-01', preset: 'none', overrides: '{"late_grace_minutes":5}' },
      { effective_from: '2026-03-01', preset: 'us_flsa', overrides: '{"early_grace_minutes":3}' },
    ]);
    expect(grace('2026-01-31')).toEqual({ late: 0, early: 0 });
    expect(grace('2026-02-15')).toEqual({ late: 5, early: 0 });
    expect(grace('2026-03-01')).toEqual({ late: 0, early: 3 });
  });
});
