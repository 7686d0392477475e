import { z } from 'zod';
import { DATE_FORMATS, DEDUCTIONS, PUNCH_SOURCES, PUNCH_TYPES, TIME_FORMATS } from './constants';
import { isoDate, safeString } from './fields';
import { messages } from './messages';
import { wallClockOutProblem } from './punch-rules';

/** A wall-clock time 'HH:MM' (24 hours), as punch forms send it. */
export const hhmm = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:30.`);

/** POST/PUT /api/manual-punches: times are wall-clock times on `date` in the account's time zone. */
export const manualPunchBody = z
  .object({
    employee_id: z
      .union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/, 'employee_id must be a number.')])
      .transform(Number)
      // A record id, at most PostgreSQL's integer: a larger one is refused here, not by the database (a 500).
      .pipe(z.number().max(2_147_483_647, 'employee_id is too large.')),
    date: isoDate.optional(),
    time_in: hhmm('Time In'),
    /** null: the shift is still open (only when editing an open punch: the employee has not clocked out yet). */
    time_out: hhmm('Time Out').nullable(),
    /** Time Out is on the day after `date` (a night shift, 24 hours at most). */
    out_next_day: z.boolean({ error: 'out_next_day must be true or false.' }).default(false),
    deduction: z.enum(DEDUCTIONS).default('Auto'),
    type: z.enum(PUNCH_TYPES).default('None'),
    notes: safeString('Notes').trim().max(1000, 'Notes must be at most 1000 characters.').nullish(),
  })
  .superRefine((b, ctx) => {
    const problem = b.time_out === null ? null : wallClockOutProblem(b.time_in, b.time_out, b.out_next_day);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['time_out'],
        message:
          problem === 'out_before_in' ? messages.punches.timeOutAfterIn : messages.punches.nextDayTooLong,
      });
  });
export type ManualPunchBody = z.output<typeof manualPunchBody>;

export const punchRow = z.object({
  id: z.number(),
  employee_id: z.number(),
  date: z.string(),
  time_in: z.string(),
  time_out: z.string().nullable(),
  /** How many local days after `date` the clock-out falls: 1 for a night shift, 0 for most punches and open ones. */
  out_days_later: z.number().int(),
  hours: z.number().nullable(),
  deduction: z.enum(DEDUCTIONS),
  type: z.enum(PUNCH_TYPES),
  notes: z.string().nullable(),
  source: z.enum(PUNCH_SOURCES),
  late_sync: z.boolean(),
  /**
   * Seconds added to a synced punch's device times because its station's clock was off (docs/RULES.md#station-clock),
   * null for a punch not corrected; screens mark a corrected punch.
   */
  clock_correction: z
    .object({ time_in: z.number().nullable(), time_out: z.number().nullable() })
    .nullable()
    .optional(),
  conflict: z.string().nullable(),
  /**
   * In an approved pay period (docs/RULES.md#pay-periods): no edit or delete is taken (423), screens show a lock
   * instead of the actions. Answered by the punch lists; false on a punch just written.
   */
  locked: z.boolean().optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** In and out rounded by the account's Time Rounding; screens show them when `display_rounded` is on. time_in/time_out stay raw. */
  rounded_time_in: z.string(),
  rounded_time_out: z.string().nullable(),
  display_rounded: z.boolean(),
  /** The account's Date Format and Time Format (Settings): how screens show `date` and the times. The fields above stay YYYY-MM-DD and 24-hour HH:MM. */
  date_format: z.enum(DATE_FORMATS),
  time_format: z.enum(TIME_FORMATS),
});
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** One page of an employee's punches, newest first (contract/src/paging.ts). */
export const punchListAnswer = z.object({
  data: z.array(punchRow),
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export const punchAnswer = z.object({ message: z.string(), data: punchRow });
export type PunchRow = z.infer<typeof punchRow>;
export type PunchListAnswer = z.infer<typeof punchListAnswer>;
export type PunchAnswer = z.infer<typeof punchAnswer>;

/**
 * The deduction a punch carries where it means something: a Lunch or Break punch's (Auto takes its minutes off
 * the paid time, Manual keeps them paid). A work punch stores one too (the form's default) but nothing is
 * deducted from work, so every list and report shows none for it.
 */
export const shownDeduction = (p: { type: string; deduction: string }): string | null =>
  p.type === 'None' ? null : p.deduction;
export const employeeRefParams = z.object({
  employeeId: z.coerce.number({ error: 'employeeId must be a number.' }).int().positive().max(2_147_483_647),
});
