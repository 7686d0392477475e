import { z } from 'zod';
import { isoDate } from './fields';
import { hhmm } from './punches';

/**
 * POST /api/punch-conflicts/:id/accept: a manager applies a refused synced punch, at its own time or a corrected
 * one. Times are taken as manual punches take them: a wall-clock `date` and `time` in the account's time zone.
 * Each left out keeps the refused punch's own (its device time's day and time there).
 */
export const acceptPunchIssueBody = z.strictObject(
  {
    date: isoDate.optional(),
    time: hhmm('Time').optional(),
  },
  // Strict: a misspelt field would otherwise be dropped and the punch applied at its device time unasked.
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only date and time are taken, not ${issue.keys.join(', ')}.`
        : 'The body must be an object with an optional date and time.',
  },
);
export type AcceptPunchIssueBody = z.output<typeof acceptPunchIssueBody>;

export const acceptPunchIssueAnswer = z.object({
  message: z.string(),
  /** The punch written (a clock-in's new open shift) or closed (a clock-out's shift). */
  punch: z.object({
    id: z.number(),
    employee_ref: z.number(),
    time_in: z.string(),
    time_out: z.string().nullable(),
  }),
  /** The instant the punch was applied at, and whether it differs from the refused punch's device time. */
  time: z.string(),
  time_changed: z.boolean(),
});
export type AcceptPunchIssueAnswer = z.infer<typeof acceptPunchIssueAnswer>;
