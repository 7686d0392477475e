import {
  ACCOUNT_WIDE_REPORTS,
  type GetDataAnswer,
  type GetDataBody,
  REPORT_PAGE_SIZE,
  REPORTS,
  type ReportDefinition,
  type ReportFormat,
  type ReportParam,
} from '@punchclock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from './client';
import { downloadFile } from './download';

export type { GetDataAnswer, ReportDefinition, ReportFormat, ReportParam };

/** Every report the server runs, as the contract lists them (the list grows; nothing here names one). */
export const reportList: readonly ReportDefinition[] = REPORTS;

/**
 * Which Reports screen offers a report: the full one (named reports) or the simple one (the old client's nine
 * names).
 */
const listOf = (r: ReportDefinition) => (r as { list?: string }).list;
const aliasOf = (r: ReportDefinition) => (r as { aliasOf?: string }).aliasOf;

/**
 * The reports the caller is offered: an administrator of chosen departments is not offered the reports over the
 * whole account (administrators, stations), which the server refuses them.
 */
export const offeredTo = (scoped: boolean, list: readonly ReportDefinition[]): readonly ReportDefinition[] =>
  scoped
    ? list.filter((r) => !ACCOUNT_WIDE_REPORTS.some((n) => n.toLowerCase() === r.name.toLowerCase()))
    : list;

export const simpleReports = (): readonly ReportDefinition[] =>
  reportList.filter((r) => listOf(r) === 'simple');

/** The named reports of /RunReport (and `also`, when it is a simple one chosen elsewhere). */
export const fullReports = (also?: ReportDefinition): readonly ReportDefinition[] => {
  const full = reportList.filter((r) => listOf(r) === 'full');
  return also && !full.includes(also) ? [...full, also] : full;
};

/** A report by name (any letter case); a simple name that aliases a named report finds the named one. */
export const findReport = (name: string | null | undefined): ReportDefinition | undefined => {
  if (!name) return undefined;
  const byName = (n: string) => reportList.find((r) => r.name.toLowerCase() === n.toLowerCase());
  const found = byName(name);
  const target = found && aliasOf(found);
  return (target && byName(target)) || found;
};

/** What a run sends besides paging: the report and the parameters it reads (empty ones left out). */
export type ReportRun = Pick<
  GetDataBody,
  'reportname' | 'employee_id' | 'department_id' | 'start_date' | 'end_date' | 'show_deleted_employees'
>;

/** One page of a report run; the previous page stays on screen while the next loads. */
export const useReport = (run: ReportRun | null, page: number) =>
  useQuery({
    queryKey: ['reports', run, page],
    queryFn: () =>
      request<GetDataAnswer>('/getdata', { body: { ...run, page, page_size: REPORT_PAGE_SIZE } }),
    enabled: run !== null,
    placeholderData: keepPreviousData,
    // A 400 (a missing parameter, a bad period) will answer the same again.
    retry: false,
  });

/** The whole run as a file; the server names it ({report}-{start}-{end}.{ext}). */
export const exportReport = (run: ReportRun, format: ReportFormat) =>
  downloadFile('/getdata', `${run.reportname.replace(/\W+/g, '_')}.${format}`, { ...run, format });
