import { buffer } from 'node:stream/consumers';
import { periodFiguresOf, storedPayroll } from '../reports/approved-period-reports';
import type { ReportContext } from '../reports/report-types';
import type { ReportsRepository } from '../reports/reports.repository';
import { reportsService } from '../reports/reports.service';
import { payrollSummary } from '../reports/time-reports';
import type { SettingsRepository } from '../settings/settings.repository';
import { timeRulesOf } from '../time/time-rules';
import type { StoredFigures } from './period-figures.repository';

/**
 * What approving [start, end] stores (docs/RULES.md#stored-figures-of-an-approved-period): the period's figures
 * over the whole account, computed by the reports' own engine reads, and the Payroll Summary CSV rendered from
 * those figures (the bytes POST /api/getdata answers for the period afterwards), whose SHA-256 the list shows.
 * Runs over the approval's transaction (`repo`, `settings` bound to it).
 */
export async function approvalFigures(
  deps: { repo: ReportsRepository; settings: Pick<SettingsRepository, 'read'> },
  accountId: number,
  period: { start: string; end: string; asOf: string },
): Promise<{ figures: StoredFigures; csv: Buffer }> {
  const account = await deps.settings.read(accountId);
  const rules = timeRulesOf(account);
  const params = {
    reportname: payrollSummary.definition.name,
    start_date: period.start,
    end_date: period.end,
  };
  const ctx: ReportContext = { accountId, scope: { departments: 'all' }, rules, params, repo: deps.repo };
  const figures = await periodFiguresOf(ctx);
  const { rows, totals } = storedPayroll(ctx, figures);
  const run = {
    entry: payrollSummary,
    rules,
    params,
    rows,
    totals,
    companyName: account.account_company_name,
    asOf: period.asOf,
  };
  return { figures, csv: await buffer(reportsService(deps).exportOf(run, 'csv').stream) };
}
