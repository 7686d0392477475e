import { adjustmentMessages } from '@punchclock/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { adjustmentsRepository } from '../adjustments/adjustments.repository';
import type { ReportContext, Row } from './report-types';

/**
 * Adjustments in the pay reports (docs/RULES.md#adjustments): an adjustment is paid on the day it was recorded, so
 * a report over days that hold its `paid_on` pays it, labelled with the day it corrects. Its cents were fixed when
 * it was recorded (the corrected day's rate and multiplier): the reports add them, never compute them again.
 */
export const adjustmentsSource = (db: Kysely<DB>) => ({
  paidAdjustments: adjustmentsRepository(db).paidBetween,
});

export type PaidAdjustment = Awaited<
  ReturnType<ReturnType<typeof adjustmentsSource>['paidAdjustments']>
>[number];

/** The adjustments paid on the report's days, of the covered employees, by employee in paid_on order. */
export async function paidAdjustmentsOf(
  ctx: ReportContext,
  covered: ReadonlyMap<number, unknown>,
): Promise<Map<number, PaidAdjustment[]>> {
  const { start_date: start, end_date: end } = ctx.params;
  const rows = await ctx.repo.paidAdjustments(ctx.accountId, start, end);
  const by = new Map<number, PaidAdjustment[]>();
  for (const a of rows) {
    if (!covered.has(a.employee_ref)) continue;
    const list = by.get(a.employee_ref) ?? [];
    list.push(a);
    by.set(a.employee_ref, list);
  }
  return by;
}

/** An employee's adjustments' cents, summed (0 without any). */
export const adjustmentCentsOf = (list: readonly PaidAdjustment[] | undefined) =>
  (list ?? []).reduce((n, a) => n + a.cents, 0);

/** An adjustment's Timesheet line: on the day it is paid, labelled with the day it corrects, only its money. */
export const adjustmentLine = (a: PaidAdjustment, e: { employee_id: string; name: string }): Row => ({
  date: a.paid_on,
  employee_id: e.employee_id,
  record_id: a.employee_ref,
  name: e.name,
  type: adjustmentMessages.label(a.date),
  time_in: null,
  time_out: null,
  hours: a.minutes,
  day_total: null,
  regular: null,
  overtime: null,
  double_time: null,
  premium: null,
  gross: a.cents,
});
