import { describe, expect, it } from 'vitest';
import { type PunchLookups, validatePunch } from '../../../src/modules/punches/rules/validate-punch';
import type { PeriodLocks } from '../../../src/modules/pay-periods/period-locks.repository';
import { candidate, minus, now } from './fixtures';

/** An in-memory stand-in for the repository's two look-ups (the real ones are tested on both databases). */
function lookups(open: { id: number; time_in: string } | null, overlapping = false) {
  const asked: string[] = [];
  const l: PunchLookups = {
    openShift: async () => (asked.push('openShift'), open ?? undefined),
    overlapping: async (_ref, span, except) => (
      asked.push(`overlap ${span.from} ${span.to} ${span.isBreak} ${except}`),
      overlapping
    ),
  };
  return { l, asked };
}

/** No approved period anywhere. */
const unlocked: PeriodLocks = { lockedAt: async () => undefined, approvedFrom: async () => undefined };

describe('validatePunch runs every rule on one candidate', () => {
  it('completes a clock-out with its open shift and checks that interval for overlaps', async () => {
    const { l, asked } = lookups({ id: 9, time_in: minus(90) });
    const r = await validatePunch(candidate({ kind: 'out', timeIn: minus(0), timeOut: minus(0) }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks: unlocked,
    });
    expect(r).toEqual({ ok: true, punch: expect.objectContaining({ timeIn: minus(90), punchId: 9 }) });
    expect(asked).toEqual(['openShift', `overlap ${minus(90)} ${minus(0)} false 9`]);
  });

  it('asks whether a clock-in lands inside another punch (a point, not an interval)', async () => {
    const { l, asked } = lookups(null, true);
    const r = await validatePunch(candidate({ kind: 'in', timeOut: null }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks: unlocked,
    });
    expect(r).toMatchObject({ ok: false, refusal: { code: 'punch.overlap' } });
    expect(asked[1]).toBe(`overlap ${minus(120)} null false undefined`);
  });

  it('answers cheap refusals before asking the database anything', async () => {
    const { l, asked } = lookups(null);
    const r = await validatePunch(candidate({ timeOut: minus(-600) }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks: unlocked,
    });
    expect(r).toMatchObject({ ok: false, refusal: { code: 'punch.in_future' } });
    expect(asked).toEqual([]);
  });

  it('refuses out before in on a whole punch without looking for an open shift', async () => {
    const { l, asked } = lookups({ id: 1, time_in: minus(500) });
    const r = await validatePunch(candidate({ timeIn: minus(10), timeOut: minus(20) }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks: unlocked,
    });
    expect(r).toMatchObject({ ok: false, refusal: { code: 'punch.out_before_in' } });
    expect(asked).toEqual([]);
  });

  it('refuses a punch whose times lie in an approved period (423, the period named), an edit by its former times too', async () => {
    const asked: (readonly (string | null | undefined)[])[] = [];
    const locks: PeriodLocks = {
      lockedAt: async (times) => (asked.push(times), { start_date: '2026-11-02', end_date: '2026-11-08' }),
      approvedFrom: async () => undefined,
    };
    const { l } = lookups(null);
    const r = await validatePunch(candidate({ was: [minus(600), minus(540)] }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks,
    });
    expect(r).toMatchObject({
      ok: false,
      refusal: {
        code: 'period.locked',
        status: 423,
        message: expect.stringContaining('2026-11-02 to 2026-11-08'),
      },
    });
    expect(asked[0]).toEqual(expect.arrayContaining([minus(600), minus(540)]));
  });

  it('does not ask for a live clock-in at now: only an ended period is approved', async () => {
    let asked = 0;
    const locks: PeriodLocks = {
      lockedAt: async () => (asked++, undefined),
      approvedFrom: async () => undefined,
    };
    const { l } = lookups(null);
    const r = await validatePunch(candidate({ kind: 'in', timeIn: now, timeOut: null }), {
      now,
      attendanceOnly: false,
      lookups: l,
      locks,
    });
    expect(r.ok).toBe(true);
    expect(asked).toBe(0);
  });
});
