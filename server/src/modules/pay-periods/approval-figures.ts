import { buffer } from 'node:stream/consumers';
import { answerFromLines, periodLinesOf } from '../reports/approved-period-reports';
import type { ReportContext } from '../reports/report-types';
import type { ReportsRepository } from '../reports/reports.repository';
import { reportsService } from '../reports/reports.service';
import { payrollSummary, timesheet } from '../reports/time-reports';
import type { SettingsRepository } from '../settings/settings.repository';
import { timeRulesOf } from '../time/time-rules';
import type { StoredLine } from './period-figures.repository';

/** How many lines go to the database at a time. */
const STORE_BATCH = 1000;

/**
 * What approving [start, end] stores (docs/RULES.md#stored-figures-of-an-approved-period): the period's Payroll
 * Summary and Timesheet lines over the whole account, computed live by the reports' own code, handed to `store`
 * a batch at a time as they are made; answers the Payroll Summary CSV rendered from those lines (the bytes POST
 * /api/getdata answers for the period afterwards), whose SHA-256 the list shows. Runs over the approval's
 * transaction (`repo`, `settings` bound to it).
 */
export async function approvalFigures(
  deps: { repo: ReportsRepository; settings: Pick<SettingsRepository, 'read'> },
  accountId: number,
  period: { start: string; end: string; asOf: string },
  store: (lines: StoredLine[]) => Promise<void>,
): Promise<{ csv: Buffer }> {
  const account = await deps.settings.read(accountId);
  const rules = timeRulesOf(account);
  const params = {
    reportname: payrollSummary.definition.name,
    start_date: period.start,
    end_date: period.end,
  };
  const ctx: ReportContext = { accountId, scope: { departments: 'all' }, rules, params, repo: deps.repo };
  const payroll: StoredLine[] = [];
  let batch: StoredLine[] = [];
  for await (const line of periodLinesOf(ctx, [payrollSummary, timesheet])) {
    if (line.report === payrollSummary.definition.name) payroll.push(line);
    batch.push(line);
    if (batch.length === STORE_BATCH) {
      await store(batch);
      batch = [];
    }
  }
  if (batch.length) await store(batch);
  const run = {
    entry: payrollSummary,
    rules,
    params,
    ...answerFromLines(ctx, payroll),
    companyName: account.account_company_name,
    asOf: period.asOf,
  };
  return { csv: await buffer(reportsService(deps).exportOf(run, 'csv').stream) };
}
