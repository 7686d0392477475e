import { REPORTS } from '@punchclock/contract';
import { attendanceCounter, attendanceOnly, dailyAttendance, employeeStatus } from './attendance-reports';
import { lateAndAbsent } from './late-absent-report';
import {
  administratorList,
  departmentList,
  departmentMembers,
  deviceStatus,
  employeeList,
} from './list-reports';
import { fromApprovedPeriod } from './approved-period-reports';
import { activity } from './own-reports';
import type { ReportEntry } from './report-types';
import { roundingEffectReport } from './rounding-report';
import { departmentSummary, employeeDetails, weekdaySummary, weeklySummary } from './summary-reports';
import { dailySummary, payrollSummary, timesheet } from './time-reports';
import { payrollExport } from './payroll-export';

const payroll = fromApprovedPeriod(payrollSummary);

/** Every report with its own query; the contract's aliases (aliasOf) run one of these under another name. */
const ENTRIES: readonly ReportEntry[] = [
  dailySummary,
  // An approved period's range is answered from its stored figures (docs/RULES.md#stored-figures-of-an-approved-period).
  payroll,
  // Each pay period's Payroll Summary, one row per employee and period (README, "Payroll export").
  payrollExport(payroll),
  fromApprovedPeriod(timesheet),
  employeeList,
  departmentList,
  administratorList,
  departmentMembers,
  departmentSummary,
  employeeDetails,
  weeklySummary,
  weekdaySummary,
  attendanceCounter,
  attendanceOnly,
  deviceStatus,
  employeeStatus,
  dailyAttendance,
  lateAndAbsent,
  roundingEffectReport,
  activity,
];

const byName = new Map(ENTRIES.map((e) => [e.definition.name, e]));

/** Every report the API runs, by lower-case name: the contract's REPORTS with their queries and columns. */
export const REGISTRY = new Map<string, ReportEntry>();
for (const e of ENTRIES) REGISTRY.set(e.definition.name.toLowerCase(), e);
for (const definition of REPORTS) {
  if (!('aliasOf' in definition)) continue;
  const target = byName.get(definition.aliasOf);
  if (!target) throw new Error(`Report ${definition.name} names an unknown report ${definition.aliasOf}.`);
  REGISTRY.set(definition.name.toLowerCase(), { ...target, definition });
}

// Every report the contract names has its query here, and nothing else is served.
if (REGISTRY.size !== REPORTS.length || REPORTS.some((r) => !REGISTRY.has(r.name.toLowerCase())))
  throw new Error('The report registry and the contract list different reports.');

/** A report by the name the client sends (any letter case). */
export const reportNamed = (name: string): ReportEntry | undefined => REGISTRY.get(name.trim().toLowerCase());
