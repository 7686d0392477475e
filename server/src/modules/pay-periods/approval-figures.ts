import { buffer } from 'node:stream/consumers';
import { answerFromLines, periodLinesOf } from '../reports/approved-period-reports';
import type { ReportContext } from '../reports/report-types';
import type { ReportsRepository } from '../reports/reports.repository';
import { reportsService } from '../reports/reports.service';
import { payrollSummary, timesheet } from '../reports/time-reports';
import type { SettingsRepository } from '../settings/settings.repository';
import { timeRulesOf } from '../time/time-rules';
import type { StoredLine } from './period-figures.repository';

/**
 * What approving [start, end] stores (docs/RULES.md#stored-figures-of-an-approved-period): the period's Payroll
 * Summary and Timesheet lines over the whole account, computed live by the reports' own code, and the Payroll
 * Summary CSV rendered from those lines (the bytes POST /api/getdata answers for the period afterwards), whose
 * SHA-256 the list shows. Runs over the approval's transaction (`repo`, `settings` bound to it).
 */
export async function approvalFigures(
  deps: { repo: ReportsRepository; settings: Pick<SettingsRepository, 'read'> },
  accountId: number,
  period: { start: string; end: string; asOf: string },
): Promise<{ lines: StoredLine[]; csv: Buffer }> {
  const account = await deps.settings.read(accountId);
  const rules = timeRulesOf(account);
  const params = {
    reportname: payrollSummary.definition.name,
    start_date: period.start,
    end_date: period.end,
  };
  const ctx: ReportContext = { accountId, scope: { departments: 'all' }, rules, params, repo: deps.repo };
  const lines = await periodLinesOf(ctx, [payrollSummary, timesheet]);
  const payroll = lines.filter((l) => l.report === payrollSummary.definition.name);
  const run = {
    entry: payrollSummary,
    rules,
    params,
    ...answerFromLines(ctx, payroll),
    companyName: account.account_company_name,
    asOf: period.asOf,
  };
  return { lines, csv: await buffer(reportsService(deps).exportOf(run, 'csv').stream) };
}
