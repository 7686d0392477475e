import { AppError } from '../../../lib/errors';
import type { PeriodLocks } from '../../pay-periods/period-locks.repository';
import { attendanceOnly } from './attendance-only';
import { deviceTimeLimits } from './device-time';
import { noOverlap } from './no-overlap';
import { notInLockedPeriod } from './not-in-locked-period';
import { notInFuture } from './not-in-future';
import { oneOpenShift } from './one-open-shift';
import { outAfterIn } from './out-after-in';
import { shiftLength } from './shift-length';
import type { PunchCandidate, PunchFacts, Refusal } from './types';

/** What the runner asks the repository, bound to the caller's account and transaction. */
export interface PunchLookups {
  openShift(employeeRef: number): Promise<{ id: number; time_in: string } | undefined>;
  /** Another current punch of the employee, of the same kind, over [from, to) (to null: one containing `from`). */
  overlapping(
    employeeRef: number,
    span: { from: string; to: string | null; isBreak: boolean },
    exceptId?: number,
  ): Promise<boolean>;
}

/** Rules that need only the candidate and the clock run before any query. */
const CHEAP = [deviceTimeLimits, notInFuture, attendanceOnly];

/**
 * The one save-path check (see docs/RULES.md#one-save-path): clock-in, clock-out, offline sync and manual
 * create/edit all run it inside the transaction that writes the punch. Answers the first refusal, or the
 * candidate completed (a clock-out gets its open shift's id and time in).
 */
export async function validatePunch(
  candidate: PunchCandidate,
  ctx: { now: string; attendanceOnly: boolean; lookups: PunchLookups; locks: PeriodLocks },
): Promise<{ ok: true; punch: PunchCandidate } | { ok: false; refusal: Refusal }> {
  const base: PunchFacts = {
    now: ctx.now,
    attendanceOnly: ctx.attendanceOnly,
    openShift: null,
    overlaps: false,
  };
  for (const rule of CHEAP) {
    const refusal = rule(candidate, base);
    if (refusal) return { ok: false, refusal };
  }
  const openShift =
    candidate.kind === 'interval' ? null : ((await ctx.lookups.openShift(candidate.employeeRef)) ?? null);
  const c: PunchCandidate =
    candidate.kind === 'out' && openShift
      ? { ...candidate, timeIn: openShift.time_in, punchId: openShift.id }
      : candidate;
  // An approved period is locked whatever else is wrong with the punch: its refusal names the period.
  const locked = await lockedPeriodOf(c, ctx);
  if (locked) return { ok: false, refusal: locked };
  const shiftFacts = { ...base, openShift };
  for (const rule of [oneOpenShift, outAfterIn, shiftLength]) {
    const refusal = rule(c, shiftFacts);
    if (refusal) return { ok: false, refusal };
  }
  // A clock-in is a point (does it fall inside another punch?); an out or a whole punch is its interval, and an
  // open shift edited by hand runs until now.
  const overlaps = await ctx.lookups.overlapping(
    c.employeeRef,
    { from: c.timeIn, to: c.kind === 'in' ? null : (c.timeOut ?? ctx.now), isBreak: c.type !== 'None' },
    c.punchId,
  );
  const refusal = noOverlap(c, { ...shiftFacts, overlaps });
  return refusal ? { ok: false, refusal } : { ok: true, punch: c };
}

/**
 * The locked-period rule's facts and verdict (docs/RULES.md#pay-periods): the approved period any of the
 * candidate's times (and an edit's former ones) lie in. Only a period that has ended is approved, so times at or
 * after now (a live clock-in) never lie in one and ask nothing.
 */
async function lockedPeriodOf(c: PunchCandidate, ctx: { now: string; locks: PeriodLocks }) {
  const times = [c.timeIn, c.timeOut, ...(c.was ?? [])].filter((t): t is string => !!t);
  if (times.every((t) => Date.parse(t) >= Date.parse(ctx.now))) return null;
  const locked = (await ctx.locks.lockedAt(times)) ?? null;
  return notInLockedPeriod(c, {
    now: ctx.now,
    attendanceOnly: false,
    openShift: null,
    overlaps: false,
    locked,
  });
}

/** A delete (no candidate to save): refused as a write of the punch's times would be. */
export async function refuseIfLocked(locks: PeriodLocks, times: readonly (string | null)[], now: string) {
  const refusal = await lockedPeriodOf(
    { kind: 'interval', employeeRef: 0, timeIn: times[0] ?? now, timeOut: null, type: 'None', was: times },
    { now, locks },
  );
  if (refusal) throw refusalError(refusal);
}

export const refusalError = (r: Refusal) => new AppError(r.status, r.message, undefined, r.code);

/** How offline sync answers a refusal: a clock the server cannot believe is 'rejected'; a contradiction of the
 * employee's punches is a 'conflict' for a manager. */
export const syncStatusOf = (r: Refusal): 'conflict' | 'rejected' =>
  r.code === 'punch.device_time' || r.code === 'punch.in_future' || r.code === 'punch.attendance_only'
    ? 'rejected'
    : 'conflict';
