import { REPORTS } from '@punchclock/contract';
import { departmentList, employeeList } from './list-reports';
import type { ReportEntry } from './report-types';
import { dailySummary, payrollSummary, timesheet } from './time-reports';

/** Every report the API runs, by name: the contract's REPORTS with their queries and columns. */
const ENTRIES: readonly ReportEntry[] = [
  dailySummary,
  payrollSummary,
  timesheet,
  employeeList,
  departmentList,
];

export const REGISTRY = new Map(ENTRIES.map((e) => [e.definition.name.toLowerCase(), e]));

// Every report the contract names has its query here, and nothing else is served.
if (REGISTRY.size !== REPORTS.length || REPORTS.some((r) => !REGISTRY.has(r.name.toLowerCase())))
  throw new Error('The report registry and the contract list different reports.');

/** A report by the name the client sends (any letter case). */
export const reportNamed = (name: string): ReportEntry | undefined => REGISTRY.get(name.trim().toLowerCase());
