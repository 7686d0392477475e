import { describe, expect, it } from 'vitest';
import { computeDays } from '../../src/modules/time/engine';
import { timeRules as rules, work } from './pay-fixtures';

/** Every figure below is worked out by hand in the comment beside it. */
const rate = [{ id: 1, rateCents: 1875 }]; // $18.75 an hour

describe('time engine', () => {
  const shift = work('2026-01-05T08:57:40Z', '2026-01-05T17:02:10Z');

  it('pays unrounded shifts to the minute: 8h 04m 30s → 484 min → $151.25', () => {
    // 484 × 18.75 / 60 = 151.25
    expect(computeDays([shift], rate, rules())).toEqual([
      expect.objectContaining({
        day: '2026-01-05',
        firstIn: '2026-01-05T08:57:40Z',
        lastOut: '2026-01-05T17:02:10Z',
        workedMinutes: 484,
        paidMinutes: 484,
        earningsCents: 15125,
      }),
    ]);
  });

  it('rounds in and out to 5 and to 10 minutes: 09:00–17:00 → 480 min → $150.00', () => {
    for (const step of [5, 10]) {
      const [d] = computeDays([shift], rate, rules({ step }));
      expect([d.firstIn, d.lastOut]).toEqual(['2026-01-05T09:00:00.000Z', '2026-01-05T17:00:00.000Z']);
      expect([d.workedMinutes, d.earningsCents]).toEqual([480, 15000]);
    }
  });

  it('rounds on the local wall clock where the offset is not a whole hour (Kathmandu, UTC+05:45)', () => {
    // 09:02 → 09:00 and 17:58 → 18:00 local: 540 min; unrounded 536 min.
    const p = work('2026-01-05T03:17:00Z', '2026-01-05T12:13:00Z');
    expect(computeDays([p], rate, rules({ zone: 'Asia/Kathmandu', step: 5 }))[0].workedMinutes).toBe(540);
    expect(computeDays([p], rate, rules({ zone: 'Asia/Kathmandu' }))[0].workedMinutes).toBe(536);
  });

  it('keeps a shift across midnight on the day it started', () => {
    // 22:00 on Mar 2 to 06:30 on Mar 3 in New York (EST, UTC−5): 510 min, all on Mar 2 → 510 × 18.75 / 60 = 159.375 → $159.38
    const [d, ...rest] = computeDays(
      [work('2026-03-03T03:00:00Z', '2026-03-03T11:30:00Z')],
      rate,
      rules({ zone: 'America/New_York' }),
    );
    expect(rest).toEqual([]);
    expect([d.day, d.workedMinutes, d.earningsCents]).toEqual(['2026-03-02', 510, 15938]);
  });

  it('counts real minutes across daylight saving in New York, both ways', () => {
    const ny = rules({ zone: 'America/New_York' });
    // Spring forward, Mar 8 2026: 01:00 EST (06:00Z) to 05:00 EDT (09:00Z) reads 4 hours on the wall but is 180 min.
    expect(computeDays([work('2026-03-08T06:00:00Z', '2026-03-08T09:00:00Z')], rate, ny)[0]).toMatchObject({
      day: '2026-03-08',
      workedMinutes: 180,
    });
    // Fall back, Nov 1 2026: 00:30 EDT (04:30Z) to 03:30 EST (08:30Z) reads 3 hours but is 240 min.
    expect(computeDays([work('2026-11-01T04:30:00Z', '2026-11-01T08:30:00Z')], rate, ny)[0]).toMatchObject({
      day: '2026-11-01',
      workedMinutes: 240,
    });
  });

  it('takes an Auto lunch off the paid minutes and records a Manual one without taking it off', () => {
    const day = [work('2026-01-05T09:00:00Z', '2026-01-05T17:00:00Z')];
    const lunch = (deduction: 'Auto' | 'Manual') =>
      work('2026-01-05T12:00:00Z', '2026-01-05T12:30:00Z', { type: 'Lunch', deduction });
    // 480 worked − 30 lunch = 450 paid → 450 × 18.75 / 60 = $140.63 (140.625 rounded half up)
    expect(computeDays([...day, lunch('Auto')], rate, rules())[0]).toMatchObject({
      workedMinutes: 480,
      deductedMinutes: 30,
      paidMinutes: 450,
      earningsCents: 14063,
    });
    expect(computeDays([...day, lunch('Manual')], rate, rules())[0]).toMatchObject({
      workedMinutes: 480,
      deductedMinutes: 0,
      manualBreakMinutes: 30,
      paidMinutes: 480,
      earningsCents: 15000,
    });
  });

  it('never pays an open shift, and counts it', () => {
    const [d] = computeDays(
      [
        work('2026-01-05T09:00:00Z', '2026-01-05T12:00:00Z'),
        work('2026-01-05T13:00:00Z', null, { late_sync: 1 }),
      ],
      rate,
      rules(),
    );
    expect(d).toMatchObject({
      firstIn: '2026-01-05T09:00:00Z',
      lastOut: '2026-01-05T12:00:00Z',
      workedMinutes: 180,
      openShifts: 1,
      lateSyncs: 1,
      punches: 2,
      earningsCents: 5625, // 180 × 18.75 / 60
    });
  });

  it('has no hours and no pay in Attendance Only, but keeps presence', () => {
    const [d] = computeDays([shift], rate, rules({ attendanceOnly: true }));
    expect(d).toMatchObject({
      firstIn: shift.time_in,
      workedMinutes: 0,
      paidMinutes: 0,
      earningsCents: 0,
      punches: 1,
    });
  });

  it('counts only the part of a break inside the work shifts', () => {
    // Work 09:00–12:00 and 13:00–17:00 (420 min); an Auto lunch 11:45–13:15 lies 15 + 15 min inside them.
    const day = [
      work('2026-01-05T09:00:00Z', '2026-01-05T12:00:00Z'),
      work('2026-01-05T13:00:00Z', '2026-01-05T17:00:00Z'),
      work('2026-01-05T11:45:00Z', '2026-01-05T13:15:00Z', { type: 'Break', deduction: 'Auto' }),
    ];
    expect(computeDays(day, rate, rules())[0]).toMatchObject({
      workedMinutes: 420,
      deductedMinutes: 30,
      paidMinutes: 390,
    });
    // A break on a day with no work takes nothing off, and makes no day of its own.
    const alone = [
      work('2026-01-06T12:00:00Z', '2026-01-06T12:30:00Z', { type: 'Lunch', deduction: 'Auto' }),
    ];
    expect(computeDays(alone, rate, rules())).toEqual([]);
  });

  it('leaves out punches of employees it is not given (an excluded department), one row per employee and day', () => {
    const other = work('2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z', { employee_ref: 2 });
    const next = work('2026-01-06T09:00:00Z', '2026-01-06T10:00:00Z');
    const rows = computeDays([next, other, shift], rate, rules());
    expect(rows.map((r) => [r.employeeRef, r.day])).toEqual([
      [1, '2026-01-05'],
      [1, '2026-01-06'],
    ]);
  });
});
