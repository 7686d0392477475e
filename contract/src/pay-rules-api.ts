import { z } from 'zod';
import { isoDate } from './fields';
import { messages } from './messages';
import { checkPeriod } from './period';
import { checkRuleSet, type PayPresetName, payRulesBody, payRuleVersion, payTotals } from './pay-rules';

/**
 * The pay-rules API around the rule sets of pay-rules.ts (docs/RULES.md#pay-rules): what GET /api/pay-rules
 * answers, PUT's answer, the preview of a change over a period, and the day "why" routes' parameters.
 */

/** A preset as screens and the activity log name it. */
export const PAY_PRESET_LABELS: Readonly<Record<PayPresetName, string>> = {
  none: 'None',
  us_flsa: 'FLSA',
  us_california: 'California',
  de_arbzg: 'ArbZG',
};

/** A stored version with when and by whom it was saved (GET /api/pay-rules). */
export const storedPayRuleVersion = payRuleVersion.extend({
  created_at: z.string(),
  /** The administrator who saved it; null once their login is deleted. */
  created_by: z.string().nullable(),
});
export type StoredPayRuleVersion = z.infer<typeof storedPayRuleVersion>;

/**
 * GET /api/pay-rules: the version in force today in the account's zone (null: none yet, every paid minute
 * regular), and every version, newest effective day first (one in the future included).
 */
export const payRulesAnswer = z.object({
  current: storedPayRuleVersion.nullable(),
  history: z.array(storedPayRuleVersion),
});
export type PayRulesAnswer = z.infer<typeof payRulesAnswer>;

/** PUT /api/pay-rules: what was saved, and the rules as they now are. */
export const payRulesSaved = z.object({ message: z.string(), data: payRulesAnswer });
export type PayRulesSaved = z.infer<typeof payRulesSaved>;

/**
 * POST /api/pay-rules/preview: a version as PUT takes it, and the period (days in the account zone, checked as
 * every report period is: contract checkPeriod) whose pay it shows before and after.
 */
export const payRulesPreviewBody = z
  .strictObject(
    { ...payRulesBody.shape, start_date: isoDate, end_date: isoDate },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? messages.payRulesApi.previewUnknownFields(issue.keys)
          : messages.payRulesApi.previewShape,
    },
  )
  .superRefine((b, ctx) => {
    checkRuleSet(b, ctx);
    checkPeriod(b, ctx);
  });
export type PayRulesPreviewBody = z.output<typeof payRulesPreviewBody>;

/** One employee's pay over the period under the rules as they are (before) and with the version added (after). */
export const payPreviewRow = z.object({
  /** The employee's record id. */
  id: z.number(),
  /** The Employee ID. */
  employee_id: z.string(),
  name: z.string(),
  before: payTotals,
  after: payTotals,
});
export type PayPreviewRow = z.infer<typeof payPreviewRow>;

export const payRulesPreviewAnswer = z.object({
  start_date: z.string(),
  end_date: z.string(),
  employees: z.array(payPreviewRow),
  /** The employees' rows summed. */
  totals: z.object({ before: payTotals, after: payTotals }),
});
export type PayRulesPreviewAnswer = z.infer<typeof payRulesPreviewAnswer>;

/** GET /api/employees/:id/days/:date: the employee's record id and a local day of the account. */
export const employeeDayParams = z.object({
  id: z.coerce.number({ error: 'id must be a number.' }).int().positive().max(2_147_483_647),
  date: isoDate,
});
/** GET /api/me/days/:date: a local day of the account. */
export const ownDayParams = z.object({ date: isoDate });
