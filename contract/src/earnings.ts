import { z } from 'zod';
import { DEDUCTIONS } from './constants';
import { isoDate, userIdField } from './fields';
import { messages } from './messages';
import { checkPeriod } from './period';

/**
 * Earnings and deductions (POST /api/with-deductions; docs/RULES.md#earnings-rounding). Every figure comes
 * from the time engine's day figures (the same as the reports'): money is integer cents, minutes are whole
 * minutes.
 *
 * `employee_id` is the Employee ID the login stored (the login answer's `employee_id`), or the employee
 * record id (`emp_id`) as a number; an employee may only name themself (anyone else: 404). The period is days
 * in the account's time zone, at most 366; without dates it is the current month.
 */

export const withDeductionsBody = z
  .object({
    employee_id: z.union([
      z.number().int().positive().max(2_147_483_647),
      z
        .string({ error: messages.deductions.noEmployeeId })
        .trim()
        .min(1, messages.deductions.noEmployeeId)
        .max(50, 'employee_id must be at most 50 characters.'),
    ]),
    user_id: userIdField,
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .superRefine(checkPeriod);
export type WithDeductionsBody = z.output<typeof withDeductionsBody>;

/**
 * One deduction of a period (a day, a week by its first day, a month as YYYY-MM): the Lunch and Break minutes
 * of one kind. Auto minutes are taken off the paid time, so their pay is deducted; Manual ones are recorded
 * and paid (deduction_amount 0).
 */
export const deductionRow = z.object({
  date_or_key: z.string(),
  deduction_type: z.enum(DEDUCTIONS),
  /** Lunch and Break minutes of this kind inside the period's work. */
  minutes: z.number(),
  /** deduction_amount / original_earnings × 100, 2 decimals (0 when nothing was earned). */
  deduction_percentage: z.number(),
  /** Cents: the pay of the worked minutes. */
  original_earnings: z.number(),
  /** Cents taken off. */
  deduction_amount: z.number(),
  /** Cents: what is paid. */
  earnings_after_deduction: z.number(),
});
export type DeductionRow = z.infer<typeof deductionRow>;

const byPeriod = <T extends z.ZodType>(item: T) => z.object({ daily: item, weekly: item, monthly: item });

/**
 * The pay pipeline's figures (docs/RULES.md#pay-lines) beside the engine's: the paid minutes split into regular,
 * overtime and double time under the account's pay rules, the premiums and the gross in cents. A day's money is
 * its share of the period's pay lines (each rounded once), so the days add up to the period's exactly.
 */
const payFields = {
  regular_minutes: z.number(),
  overtime_minutes: z.number(),
  double_time_minutes: z.number(),
  premium_cents: z.number(),
  gross_cents: z.number(),
};

export const earningsTotals = z.object({
  worked_minutes: z.number(),
  deducted_minutes: z.number(),
  manual_break_minutes: z.number(),
  paid_minutes: z.number(),
  original_earnings: z.number(),
  deduction_amount: z.number(),
  earnings: z.number(),
});

export const withDeductionsAnswer = z.object({
  message: z.string(),
  data: z.object({
    employee: z.object({ id: z.number(), employee_id: z.string(), name: z.string() }),
    start_date: z.string(),
    end_date: z.string(),
    /** The employee's current hourly rate in cents (each day of `days` is paid at its own day's rate: employee_rates). */
    rate_cents: z.number(),
    /** The account's week start (weekly keys are the first day of each week). */
    week_start: z.string(),
    /** Earnings (cents, after deductions) per day (YYYY-MM-DD), week (its first day) and month (YYYY-MM). */
    earnings: byPeriod(z.record(z.string(), z.number())),
    deductions: byPeriod(z.array(deductionRow)),
    /** Per day: the engine's minutes, for screens that show hours beside the money. */
    days: z.array(
      z.object({
        date: z.string(),
        worked_minutes: z.number(),
        deducted_minutes: z.number(),
        paid_minutes: z.number(),
        earnings: z.number(),
        ...payFields,
      }),
    ),
    totals: earningsTotals.extend(payFields).extend({
      /** The adjustments' cents (below): Payroll Summary's Gross Pay is gross_cents + adjustments_cents. */
      adjustments_cents: z.number().default(0),
    }),
    /**
     * Adjustments paid on a day of the period (docs/RULES.md#adjustments): corrections of days of approved pay
     * periods, each labelled with the day it corrects (`date`), paid on `paid_on`.
     */
    adjustments: z
      .array(
        z.object({
          id: z.number(),
          date: z.string(),
          paid_on: z.string(),
          minutes: z.number(),
          cents: z.number(),
        }),
      )
      .default([]),
  }),
});
export type WithDeductionsAnswer = z.infer<typeof withDeductionsAnswer>;

/** GET /api/employee-hours: one employee's week (employees: their own; managers name `employee_id`, the record id). */
export const employeeHoursQuery = z.object({
  employee_id: z.coerce
    .number({ error: 'employee_id must be a number.' })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
  /** Any day of the week wanted (default: today in the account's zone). */
  start_date: isoDate.optional(),
});
export const employeeHoursAnswer = z.object({
  employee: z.object({ id: z.number(), employee_id: z.string(), name: z.string() }),
  start_date: z.string(),
  end_date: z.string(),
  week_start: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      worked_minutes: z.number(),
      paid_minutes: z.number(),
      open_shifts: z.number(),
    }),
  ),
  totals: z.object({ worked_minutes: z.number(), paid_minutes: z.number() }),
});
export type EmployeeHoursAnswer = z.infer<typeof employeeHoursAnswer>;
