import { z } from 'zod';
import { isoDate } from './fields';

/**
 * Employees confirm their timesheet (docs/RULES.md#pay-periods, "Timesheet confirmations"): an account option,
 * an employee's view of their current and last pay period with its days, their confirmation, and the
 * confirmations the approver sees in the list of periods. Approval never waits for them.
 */

/** PUT /api/pay-periods/confirm-settings (owner and full administrators). */
export const confirmSettingsBody = z.strictObject({
  employees_confirm: z.boolean({ error: 'employees_confirm must be true or false.' }),
});
export type ConfirmSettingsBody = z.infer<typeof confirmSettingsBody>;
export const confirmSettings = z.object({ employees_confirm: z.boolean() });
export type ConfirmSettings = z.infer<typeof confirmSettings>;
export const confirmSettingsSaved = z.object({ message: z.string(), data: confirmSettings });

/** One employee's confirmation of a period, as the approver sees it in GET /api/pay-periods. */
export const payPeriodConfirmation = z.object({
  employee_ref: z.number().int(),
  employee_id: z.string(),
  employee_name: z.string(),
  confirmed_at: z.string(),
});
export type PayPeriodConfirmation = z.infer<typeof payPeriodConfirmation>;

/** One punch of the employee's period (the Activity report's line): instants ISO 8601 UTC, minutes worked. */
export const ownPeriodPunch = z.object({
  date: isoDate,
  type: z.string(),
  time_in: z.string().nullable(),
  time_out: z.string().nullable(),
  /** Its worked minutes; null while it has no time out, or under Attendance Only. */
  minutes: z.number().int().nullable(),
});
export type OwnPeriodPunch = z.infer<typeof ownPeriodPunch>;

export const ownPayPeriod = z.object({
  start_date: isoDate,
  end_date: isoDate,
  status: z.enum(['open', 'approved']),
  ended: z.boolean(),
  /** When the employee confirmed it; null: not (yet). */
  confirmed_at: z.string().nullable(),
  punches: z.array(ownPeriodPunch),
  /** The minutes worked of its work punches (breaks are listed, not counted), as the Activity report totals them. */
  worked_minutes: z.number().int(),
});
export type OwnPayPeriod = z.infer<typeof ownPayPeriod>;

/** GET /api/pay-periods/mine (employees): the account's option and their current then last period. */
export const ownPayPeriodsAnswer = z.object({
  employees_confirm: z.boolean(),
  data: z.array(ownPayPeriod),
});
export type OwnPayPeriodsAnswer = z.infer<typeof ownPayPeriodsAnswer>;

/** POST /api/pay-periods/confirm: the period and when it was (first) confirmed. */
export const payPeriodConfirmed = z.object({
  message: z.string(),
  data: z.object({ start_date: isoDate, end_date: isoDate, confirmed_at: z.string() }),
});
export type PayPeriodConfirmed = z.infer<typeof payPeriodConfirmed>;
