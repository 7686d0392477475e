import { z } from 'zod';
import { isoDate, requiredText } from './fields';
import { positiveId } from './people';
import { periodCheck } from './period';

/**
 * Adjustments (docs/RULES.md#adjustments): a correction of a day of an approved (locked) pay period. The day's
 * punches are never edited; the adjustment is paid in the pay period that is open when it is recorded (on the
 * day it is recorded, `paid_on`), labelled with the day it corrects (`date`).
 */

/** The longest adjustment, either way: a day. */
export const MAX_ADJUSTMENT_MINUTES = 1440;

/** How the adjustment's minutes are paid: at the regular rate, or at the overtime or double-time multiplier. */
export const ADJUSTMENT_PAY = ['regular', 'overtime', 'double_time'] as const;
export type AdjustmentPay = (typeof ADJUSTMENT_PAY)[number];

/** The adjustments' words on screens and in answers. */
export const adjustmentMessages = {
  created: 'Adjustment recorded. It is paid in the current pay period.',
  deleted: 'Adjustment deleted.',
  notLocked: (date: string) =>
    `${date} is not in an approved pay period: correct its punches instead of adding an adjustment.`,
  paidLocked: (start: string, end: string) =>
    `This adjustment was paid in the approved pay period ${start} to ${end}: it can no longer be deleted.`,
  notFound: 'Adjustment not found.',
  zero: 'Minutes must not be 0.',
  tooLong: `An adjustment is at most ${MAX_ADJUSTMENT_MINUTES} minutes (24 hours) either way.`,
  wholeMinutes: 'Minutes must be a whole number.',
  managersOnly: 'Only a manager records adjustments.',
  label: (date: string) => `Adjustment for ${date}`,
  title: 'Adjustments',
  addButton: 'Add adjustment',
  empty: 'No adjustments recorded in these pay periods.',
  deleteConfirm: 'Delete this adjustment? It will no longer be paid.',
  payLabels: { regular: 'Regular', overtime: 'Overtime', double_time: 'Double time' } as Record<
    AdjustmentPay,
    string
  >,
} as const;

const minutes = z
  .number({ error: 'Minutes must be a number.' })
  .int(adjustmentMessages.wholeMinutes)
  .refine((m) => m !== 0, adjustmentMessages.zero)
  .refine((m) => Math.abs(m) <= MAX_ADJUSTMENT_MINUTES, adjustmentMessages.tooLong);

/** POST /api/adjustments. `minutes` may be negative (minutes paid that were not worked). */
export const adjustmentBody = z.strictObject({
  // A record id, at most PostgreSQL's integer: a larger one is refused here, not by the database (a 500).
  employee_id: positiveId('employee_id'),
  date: isoDate,
  minutes,
  pay: z
    .enum(ADJUSTMENT_PAY, { error: `pay must be one of ${ADJUSTMENT_PAY.join(', ')}.` })
    .default('regular'),
  note: requiredText('Note', 500),
});
export type AdjustmentBody = z.output<typeof adjustmentBody>;

export const adjustment = z.object({
  id: z.number().int(),
  employee_ref: z.number().int(),
  employee_id: z.string(),
  employee_name: z.string(),
  /** The day it corrects, in an approved pay period. */
  date: isoDate,
  /** The day it is paid on: the day it was recorded, in the pay period open then. */
  paid_on: isoDate,
  minutes: z.number().int(),
  pay: z.enum(ADJUSTMENT_PAY),
  /** The employee's rate on the day it corrects, and the multiplier of `pay` under that day's pay rules. */
  rate_cents: z.number().int(),
  multiplier: z.number(),
  /** What it pays: the minutes as hours × the rate × the multiplier, rounded once (negative takes pay back). */
  cents: z.number().int(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Adjustment = z.infer<typeof adjustment>;

/** GET /api/adjustments?start_date&end_date: those correcting or paid on a day of the span. */
export const adjustmentsQuery = z
  .strictObject({ start_date: isoDate, end_date: isoDate })
  .superRefine(periodCheck());
export type AdjustmentsQuery = z.infer<typeof adjustmentsQuery>;
export const adjustmentsAnswer = z.object({ data: z.array(adjustment) });
export const adjustmentSaved = z.object({ message: z.string(), data: adjustment });
