import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { periodLocksRepository } from '../pay-periods/period-locks.repository';
import { punchBook } from './punch-book';
import { type PunchRow, punchesRepository } from './punches.repository';
import type { PunchCandidate, Refusal } from './rules/types';
import { validatePunch } from './rules/validate-punch';

/** The repositories every punch write uses: the punch and the activity entry that records it. */
export const punchRepositories = (db: Kysely<DB>) => ({
  punches: punchesRepository(db),
  activity: activityRepository(db),
  periodLocks: periodLocksRepository(db),
});
export type PunchRepos = ReturnType<typeof punchRepositories>;

/** Who writes: the account, and the user or station acting (either may be null). */
export interface PunchActor {
  accountId: number;
  userId: number | null;
}

export interface SaveRequest {
  candidate: PunchCandidate;
  /** The server's receipt time. */
  now: string;
  attendanceOnly: boolean;
  /** The write itself, given the validated punch (a clock-out knows its open shift by then). */
  write: (punch: PunchCandidate) => Promise<PunchRow | undefined>;
  /** The activity entry for the written row, or null for writes the log does not keep. */
  activity: (row: PunchRow, punch: PunchCandidate) => { action: string; details: unknown } | null;
}

export type SaveResult =
  | { ok: true; row: PunchRow }
  | { ok: false; refusal: Refusal; unwritten?: false }
  /** Validation passed but the database refused the row (a unique index: a raced retry or open shift). */
  | { ok: false; refusal: null; unwritten: true };

/**
 * The one save path of every punch (see docs/RULES.md#one-save-path): clock-in, clock-out, offline sync,
 * manual create and edit. It must run inside the caller's unit of work: the employee's punches are locked,
 * every rule runs against the same transaction the write happens in (so two concurrent writers cannot both
 * pass the overlap check), and the activity entry commits with the change.
 */
export async function savePunch(r: PunchRepos, actor: PunchActor, req: SaveRequest): Promise<SaveResult> {
  await r.punches.lockEmployee(actor.accountId, req.candidate.employeeRef);
  const { candidate } = req;
  // A live clock-in or -out reads what its rules ask in one query (the same predicates, in memory); a manual
  // punch asks the repository rule by rule.
  const at = candidate.kind === 'out' ? (candidate.timeOut ?? candidate.timeIn) : candidate.timeIn;
  const lookups =
    candidate.kind === 'interval'
      ? r.punches.lookups(actor.accountId)
      : punchBook(await r.punches.clockBook(actor.accountId, candidate.employeeRef, at)).lookups;
  const checked = await validatePunch(candidate, {
    now: req.now,
    attendanceOnly: req.attendanceOnly,
    lookups,
    locks: r.periodLocks.of(actor.accountId),
  });
  if (!checked.ok) return { ok: false, refusal: checked.refusal };
  const row = await req.write(checked.punch);
  if (!row) return { ok: false, refusal: null, unwritten: true };
  const entry = req.activity(row, checked.punch);
  if (entry) {
    await r.activity.record(actor.accountId, {
      userId: actor.userId,
      employeeId: row.employee_ref,
      ...entry,
    });
  }
  return { ok: true, row };
}
