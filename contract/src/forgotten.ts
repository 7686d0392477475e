import { z } from 'zod';
import { isoDate } from './fields';
import { hhmm } from './punches';
import { employeeIdentity } from './timeclock';

/**
 * Forgotten clock-outs (docs/RULES.md#forgotten-clock-outs): the station asks an employee whose shift is open
 * longer than forgotten_after_minutes when they left, and records the answer for a manager to accept.
 */

/** POST /api/forgotten-clock-outs/question: who is punching, as /api/check-employee takes it. */
export const forgottenQuestionBody = employeeIdentity;

export const forgottenQuestionAnswer = z.object({
  /** Null: nothing to ask (no forgotten shift, or it was answered already). */
  question: z
    .object({
      shift_id: z.number(),
      time_in: z.string(),
      /** The clock-in's local day (YYYY-MM-DD) and weekday in the account's zone. */
      date: z.string(),
      weekday: z.string(),
      /** "You did not clock out on Tuesday. When did you leave?" */
      text: z.string(),
      /** The answer must lie after `time_in` and no later than `latest` (ISO instants). */
      latest: z.string(),
    })
    .nullable(),
});

/**
 * POST /api/forgotten-clock-outs/answer: the employee's answer: a wall-clock `time` (HH:MM) in the account's zone on
 * `date` (default: the clock-in's day, or the day after when the time is not after the clock-in on that day).
 */
export const forgottenAnswerBody = z.intersection(
  employeeIdentity,
  z.object({
    /** The forgotten shift asked about; left out (a station's answer queued offline): the employee's one. */
    shift_id: z
      .number({ error: 'shift_id must be the id of the open shift.' })
      .int('shift_id must be the id of the open shift.')
      .positive('shift_id must be the id of the open shift.')
      .optional(),
    date: isoDate.optional(),
    /** Null: the employee skipped the question. */
    time: hhmm('Time').nullable(),
  }),
);

export const forgottenAnswerSaved = z.object({ message: z.string(), left_at: z.string().nullable() });

/** GET /api/forgotten-clock-outs: the answers waiting for a manager, oldest first. */
export const forgottenAnswersList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      punch_id: z.number(),
      employee_ref: z.number(),
      employee_id: z.string(),
      employee_name: z.string(),
      time_in: z.string(),
      /** Null: the employee skipped the question; a manager fixes the shift by hand. */
      left_at: z.string().nullable(),
      answered_at: z.string(),
      station_id: z.number().nullable(),
    }),
  ),
});

export const forgottenDecision = z.object({ message: z.string() });

export type ForgottenQuestionAnswer = z.infer<typeof forgottenQuestionAnswer>;
export type ForgottenAnswerBody = z.output<typeof forgottenAnswerBody>;
export type ForgottenAnswersList = z.infer<typeof forgottenAnswersList>;
