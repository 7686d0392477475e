import type { z } from 'zod';
import { messages } from './messages';

/** The longest period a report or earnings query covers, in days. */
export const MAX_REPORT_DAYS = 366;

const days = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/**
 * What is wrong with a period of ISO days (start after end, or longer than `maxDays`, MAX_REPORT_DAYS unless
 * told); undefined if fine, or while either day is missing.
 */
export function periodProblem(start?: string, end?: string, maxDays = MAX_REPORT_DAYS): string | undefined {
  if (!start || !end) return undefined;
  if (start > end) return messages.reports.startAfterEnd;
  if (days(start, end) > maxDays) return messages.reports.rangeTooLong(maxDays);
  return undefined;
}

type Period = { start_date?: string; end_date?: string };

/**
 * The period check as a zod refinement, reported on `end_date`: `.superRefine(periodCheck())` for a report's
 * period (at most MAX_REPORT_DAYS), `periodCheck(Infinity)` where only the order counts (the activity log's
 * filter, the integration API's pages of punches). One check and one message for every period of the API.
 */
export const periodCheck =
  (maxDays = MAX_REPORT_DAYS) =>
  (b: Period, ctx: z.RefinementCtx): void => {
    const message = periodProblem(b.start_date, b.end_date, maxDays);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['end_date'] });
  };

/** The period check of reports and earnings (`.superRefine(checkPeriod)`). */
export const checkPeriod = periodCheck();
