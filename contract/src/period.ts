import type { z } from 'zod';
import { messages } from './messages';

/** The longest period a report or earnings query covers, in days. */
export const MAX_REPORT_DAYS = 366;

const days = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/** What is wrong with a period of ISO days (start after end, or longer than MAX_REPORT_DAYS); undefined if fine. */
export function periodProblem(start?: string, end?: string): string | undefined {
  if (!start || !end) return undefined;
  if (start > end) return messages.reports.startAfterEnd;
  if (days(start, end) > MAX_REPORT_DAYS) return messages.reports.rangeTooLong(MAX_REPORT_DAYS);
  return undefined;
}

/** The period check as a zod refinement (`.superRefine(checkPeriod)`), reported on `end_date`. */
export function checkPeriod(b: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  const message = periodProblem(b.start_date, b.end_date);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['end_date'] });
}
