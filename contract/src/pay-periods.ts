import { z } from 'zod';
import { isoDate, requiredText } from './fields';
import { messages } from './messages';
import { payPeriodConfirmation } from './pay-period-confirmations';

/**
 * Pay periods (docs/RULES.md#pay-periods): the account's period settings, the list of periods with their status,
 * approval, reopening and the department review marks. Days are local days of the account, `YYYY-MM-DD`.
 */

export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** The default of forgotten_after_minutes: a shift open longer than 12 hours is a forgotten clock-out. */
export const FORGOTTEN_AFTER_MINUTES = 720;
/** The longest span GET /api/pay-periods lists at once, in days. */
export const MAX_PERIOD_LIST_DAYS = 800;

const frequency = z.enum(PAY_FREQUENCIES, {
  error: `frequency must be one of ${PAY_FREQUENCIES.join(', ')}.`,
});

/** PUT /api/pay-periods/settings. `anchor_date` is the first day of a weekly or bi-weekly period. */
export const payPeriodSettingsBody = z.strictObject({
  frequency,
  anchor_date: isoDate,
  forgotten_after_minutes: z
    .number({ error: 'forgotten_after_minutes must be a whole number of minutes.' })
    .int('forgotten_after_minutes must be a whole number of minutes.')
    .min(30, 'forgotten_after_minutes must be at least 30.')
    .max(10_080, 'forgotten_after_minutes must be at most 10080 (a week).')
    .optional(),
});
export type PayPeriodSettingsBody = z.infer<typeof payPeriodSettingsBody>;

/** GET /api/pay-periods/settings: the settings in force, and the day they apply from (null: from the start). */
export const payPeriodSettings = z.object({
  frequency,
  anchor_date: isoDate,
  forgotten_after_minutes: z.number().int(),
  applies_from: isoDate.nullable(),
});
export type PayPeriodSettings = z.infer<typeof payPeriodSettings>;
export const payPeriodSettingsSaved = z.object({ message: z.string(), data: payPeriodSettings });

/** GET /api/pay-periods?from&to: the periods that overlap the span (both days required). */
export const payPeriodsQuery = z.strictObject({ from: isoDate, to: isoDate }).superRefine((q, ctx) => {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.reports.startAfterEnd });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > MAX_PERIOD_LIST_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: messages.payPeriods.rangeTooLong(MAX_PERIOD_LIST_DAYS),
    });
});
export type PayPeriodsQuery = z.infer<typeof payPeriodsQuery>;

export const payPeriodReview = z.object({
  department_id: z.number().int(),
  department: z.string(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string(),
});

export const payPeriod = z.object({
  start_date: isoDate,
  end_date: isoDate,
  status: z.enum(['open', 'approved']),
  /** Whether its last day is before today (only an ended period is approved). */
  ended: z.boolean(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** SHA-256 (hex) of its Payroll Summary CSV when it was approved; null while open. */
  checksum: z.string().nullable(),
  reopened_at: z.string().nullable(),
  reopen_reason: z.string().nullable(),
  reviews: z.array(payPeriodReview),
  /** The employees who confirmed their timesheet for it (docs/RULES.md#pay-periods); in GET /api/pay-periods. */
  confirmations: z.array(payPeriodConfirmation).optional(),
  confirmations_count: z.number().int().optional(),
});
export type PayPeriod = z.infer<typeof payPeriod>;
export const payPeriodsAnswer = z.object({ data: z.array(payPeriod) });
export type PayPeriodsAnswer = z.infer<typeof payPeriodsAnswer>;

/**
 * GET /api/pay-periods/locked?from&to: the approved (locked) periods overlapping the span, bounds only: what
 * screens mark with a lock, read by every signed-in member of the account (employees too).
 */
export const lockedPeriodsAnswer = z.object({
  data: z.array(z.object({ start_date: isoDate, end_date: isoDate })),
});
export type LockedPeriodsAnswer = z.infer<typeof lockedPeriodsAnswer>;

export const payPeriodStartBody = z.strictObject({ start_date: isoDate });
export type PayPeriodStartBody = z.infer<typeof payPeriodStartBody>;

export const payPeriodReopenBody = z.strictObject({
  start_date: isoDate,
  reason: requiredText('Reason', 500),
});
export type PayPeriodReopenBody = z.infer<typeof payPeriodReopenBody>;

export const payPeriodSaved = z.object({ message: z.string(), data: payPeriod });
export type PayPeriodSaved = z.infer<typeof payPeriodSaved>;

/** What holds a period's approval back (422 `period.needs_attention`): its open shifts and its punch issues. */
export const payPeriodBlocker = z.object({
  kind: z.enum(['open_shift', 'forgotten_clock_out', 'punch_issue']),
  employee_ref: z.number().int().nullable(),
  employee_name: z.string().nullable(),
  /** The clock-in of an open shift, the device time of a punch issue. */
  time: z.string().nullable(),
  reason: z.string(),
  /** The punch (open shift) or the activity log row (punch issue). */
  id: z.number().int(),
});
export type PayPeriodBlocker = z.infer<typeof payPeriodBlocker>;
export const payPeriodBlocked = z.object({
  message: z.string(),
  code: z.string(),
  blockers: z.array(payPeriodBlocker).optional(),
  /** The same list as lines for people, `blockers: ["Name: why", …]`, in the usual error shape. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
