import type { ErrorCode, PunchType } from '@punchclock/contract';

/**
 * A punch about to be saved, on any save path: a clock-in ('in', open-ended), a clock-out ('out', closing the
 * open shift) or a whole punch written at once ('interval': manual create and edit).
 */
export interface PunchCandidate {
  kind: 'in' | 'out' | 'interval';
  employeeRef: number;
  /** For 'out': filled from the open shift it closes. */
  timeIn: string;
  /** Null for 'in'. */
  timeOut: string | null;
  type: PunchType;
  /** Synced punches: the device's own time, checked against the device-time limits. */
  deviceTime?: string | null;
  /** The punch being edited or closed: it does not overlap itself. */
  punchId?: number;
  /** An edit: the punch's times before it, which an approved period locks as much as the new ones. */
  was?: readonly (string | null)[];
}

/** What the rules know besides the candidate; the runner (validate-punch.ts) gathers it from the repository. */
export interface PunchFacts {
  /** The server's receipt time. */
  now: string;
  attendanceOnly: boolean;
  /** The employee's open shift, if any. */
  openShift: { id: number; time_in: string } | null;
  /** Whether another current punch of the employee overlaps the candidate. */
  overlaps: boolean;
  /** The approved pay period the candidate's times lie in, if any. */
  locked?: { start_date: string; end_date: string } | null;
}

/** Why a punch is refused: a stable code, a message for people, and the HTTP status of a live refusal. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  status: 409 | 422 | 423;
}

/** A named rule: pure, no I/O; null when the candidate passes. */
export type PunchRule = (candidate: PunchCandidate, facts: PunchFacts) => Refusal | null;
