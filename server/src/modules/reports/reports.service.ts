import {
  ACCOUNT_WIDE_REPORTS,
  type GetDataBody,
  messages,
  REPORT_PAGE_SIZE,
  type ReportFormat,
  type ReportParam,
} from '@punchclock/contract';
import {
  type Caller,
  may,
  reachOf,
  requireAccess,
  requireReportAccess,
  requireWholeAccount,
} from '../../auth/access';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { localDay } from '../../lib/time';
import type { SettingsRepository } from '../settings/settings.repository';
import { type TimeRules, timeRulesOf } from '../time/time-rules';
import { renderExport } from './renderers';
import {
  eachRow,
  pageBounds,
  type ReportEntry,
  type ReportRows,
  type Row,
  rowList,
  withoutCells,
} from './report-types';
import { reportNamed } from './reports.registry';
import type { ReportScope, ReportsRepository } from './reports.repository';

/** Reports over the whole account (administrators, stations): not for an administrator of chosen departments. */
const isAccountWide = (name: string) =>
  ACCOUNT_WIDE_REPORTS.some((n) => n.toLowerCase() === name.toLowerCase());

const LABELS: Record<ReportParam, string> = {
  employee_id: 'Employee',
  department_id: 'Department',
  start_date: 'Start date',
  end_date: 'End date',
  show_deleted_employees: 'Show deleted employees',
};

/** A report's whole result before paging (exports render all of it). */
export interface ReportRun {
  entry: ReportEntry;
  rules: TimeRules;
  params: GetDataBody & { start_date: string; end_date: string };
  rows: ReportRows;
  totals: Row | null;
  companyName: string;
  /** An approved period's stored figures: when they were stored, the time its files carry (byte for byte). */
  asOf?: string;
}

export function reportsService(deps: {
  repo: ReportsRepository;
  settings: Pick<SettingsRepository, 'read'>;
}) {
  const { repo, settings } = deps;

  /** Required parameters present, and ids that belong to the caller's account (another account's: 404). */
  async function checkParams(caller: Caller, entry: ReportEntry, body: GetDataBody) {
    for (const p of entry.definition.required) {
      if (body[p] === undefined || body[p] === '' || body[p] === null)
        throw badRequest(messages.reports.paramRequired(LABELS[p]), {
          [p]: [messages.reports.paramRequired(LABELS[p])],
        });
    }
    const scope = { departments: reachOf(caller) };
    if (body.employee_id && !(await repo.employeeExists(caller.accountId, body.employee_id, scope)))
      throw notFound(messages.employees.notFound);
    if (body.department_id && !(await repo.departmentExists(caller.accountId, body.department_id, scope)))
      throw notFound(messages.people.departmentNotFound);
  }

  return {
    /**
     * POST /getdata: runs one report of the registry for the caller's account. Rows are paged on the server;
     * totals cover the whole result. A period without dates runs over today (in the account's zone).
     */
    async run(caller: Caller, body: GetDataBody): Promise<ReportRun> {
      requireAccess(caller, 'reports:run');
      const entry = reportNamed(body.reportname);
      if (!entry)
        throw badRequest(messages.reports.unknownReport, { reportname: [messages.reports.unknownReport] });
      if (isAccountWide(entry.definition.name))
        requireWholeAccount(caller, { message: messages.reports.accountWide });
      // An employee runs their own reports only, over themself and their own department (auth/access.ts).
      const own = requireReportAccess(caller, entry.definition.name, { employeeRef: body.employee_id });
      let scope: ReportScope = { departments: reachOf(caller) };
      if (own !== null) {
        const [me] = await repo.employees(caller.accountId, scope, {
          employeeId: own,
          includeDeleted: false,
          excludeFromReports: false,
        });
        if (!me) throw forbidden();
        scope = { departments: [me.department_id] };
        body = { ...body, employee_id: own, department_id: undefined };
      }
      await checkParams(caller, entry, body);
      const account = await settings.read(caller.accountId);
      const rules = timeRulesOf(account);
      const today = localDay(new Date(), rules.zone);
      const params = {
        ...body,
        start_date: body.start_date ?? today,
        end_date: body.end_date ?? body.start_date ?? today,
      };
      const result = await entry.run({
        accountId: caller.accountId,
        scope,
        rules,
        params,
        repo,
        page: body.format ? undefined : { page: body.page ?? 1, size: body.page_size ?? REPORT_PAGE_SIZE },
      });
      // An employee without View Pay Information runs their reports without the money columns (rates, earnings),
      // on screen and in every export, as the Earnings dialog refuses them.
      const pay = own === null || may(caller, 'earnings:read');
      const money = new Set(entry.columns.filter((c) => c.kind === 'money').map((c) => c.key));
      const { rows, totals } = pay
        ? result
        : {
            rows: withoutCells(result.rows, money),
            totals:
              result.totals &&
              Object.fromEntries(Object.entries(result.totals).filter(([k]) => !money.has(k))),
          };
      const shown = pay ? entry : { ...entry, columns: entry.columns.filter((c) => !money.has(c.key)) };
      const { asOf } = result;
      return { entry: shown, rules, params, rows, totals, companyName: account.account_company_name, asOf };
    },

    /** The whole run as a file (CSV, XLSX or PDF), streamed: the same rows as the screen. */
    exportOf(result: ReportRun, format: ReportFormat) {
      const { entry, rules, params } = result;
      // A report without a period (the lists) prints none and is named without one: it holds no days.
      const dated = entry.definition.params.includes('start_date');
      return renderExport(format, {
        meta: {
          reportTitle: entry.definition.title,
          reportName: entry.definition.name,
          companyName: result.companyName,
          start: dated ? params.start_date : null,
          end: dated ? params.end_date : null,
          generatedAt: result.asOf ?? new Date().toISOString(),
          zone: rules.zone,
          dateFormat: rules.dateFormat,
          timeFormat: rules.timeFormat,
          currency: rules.currency,
        },
        columns: [...entry.columns],
        rows: eachRow(result.rows),
        totals: result.totals,
      });
    },

    /** One page of a run, as the API answers it. */
    page(result: ReportRun, body: GetDataBody) {
      const rows = rowList(result.rows);
      const { page, lastPage, size } = pageBounds(
        rows.length,
        body.page ?? 1,
        body.page_size ?? REPORT_PAGE_SIZE,
      );
      return {
        report: result.entry.definition.name,
        title: result.entry.definition.title,
        columns: [...result.entry.columns],
        data: Array.from(
          { length: Math.max(0, Math.min(size, rows.length - (page - 1) * size)) },
          (_, i) => rows.at((page - 1) * size + i) as Row,
        ),
        totals: result.totals,
        page,
        last_page: lastPage,
        total: rows.length,
      };
    },
  };
}
