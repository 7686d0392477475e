import { z } from 'zod';
import { isoDate, userIdField } from './fields';
import { messages } from './messages';
import { checkPeriod } from './period';
import { flag, positiveId } from './people';

/**
 * Reports (POST /getdata; docs/ARCHITECTURE.md, "How to add a report"). The registry's public half: each
 * report's name, title and parameters, which drive the API's validation, its OpenAPI document and the web's
 * parameter form. The server's half (server/src/modules/reports/) holds each report's query and columns.
 */
export const REPORT_PARAMS = [
  'employee_id',
  'department_id',
  'start_date',
  'end_date',
  'show_deleted_employees',
] as const;
export type ReportParam = (typeof REPORT_PARAMS)[number];

/** How the Reports screen groups its reports, in this order: what a manager comes looking for. */
export const REPORT_GROUPS = ['Time', 'Pay', 'Attendance', 'Lists'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportDefinition {
  name: string;
  title: string;
  /**
   * The question it answers, in one line, and its group: the Reports screen's card. A simple name that aliases
   * a named report has none of its own (the screen offers the named one).
   */
  description?: string;
  group?: ReportGroup;
  /** Parameters the report reads, and those it cannot run without. */
  params: readonly ReportParam[];
  required: readonly ReportParam[];
  /**
   * Which Reports screen offers it: the full one (named reports), the simple one (the old client's nine
   * names) or only the employee's (/UserReport, with the full ones of OWN_REPORTS).
   */
  list: 'full' | 'simple' | 'employee';
  /** A simple name that runs a named report (the same query, columns and parameters). */
  aliasOf?: string;
}

const period = ['employee_id', 'department_id', 'start_date', 'end_date'] as const;
const dates = ['start_date', 'end_date'] as const;
const department = ['department_id'] as const;

/** Every report the API runs: the web forms are generated from this list, and the server serves exactly it. */
export const REPORTS = [
  {
    name: 'Daily Summary',
    title: 'Daily Summary',
    description: "Each employee's day: first in, last out, worked, deducted and paid hours, earnings.",
    group: 'Time',
    params: period,
    required: dates,
    list: 'full',
  },
  {
    name: 'Payroll Summary',
    title: 'Payroll Summary',
    description: 'What to pay each employee: worked and paid hours, rate, gross pay, deductions, net pay.',
    group: 'Pay',
    params: period,
    required: dates,
    list: 'full',
  },
  {
    name: 'Payroll Export',
    title: 'Payroll Export',
    description:
      'One row per employee and pay period for your payroll software: regular, overtime, double time, premiums, adjustments, gross.',
    group: 'Pay',
    params: ['department_id', 'start_date', 'end_date'],
    required: dates,
    list: 'full',
  },
  {
    name: 'Timesheet',
    title: 'Timesheet',
    description: "Every punch of each employee in time order, with each day's paid total.",
    group: 'Time',
    params: period,
    required: dates,
    list: 'full',
  },
  {
    name: 'Employee List',
    title: 'Employee List',
    description: 'Your employees with title, email, department, hourly rate and status.',
    group: 'Lists',
    params: ['department_id', 'show_deleted_employees'],
    required: [],
    list: 'full',
  },
  {
    name: 'Department List',
    title: 'Department List',
    description: 'Your departments and how many active, inactive and deleted employees each has.',
    group: 'Lists',
    params: [],
    required: [],
    list: 'full',
  },
  {
    name: 'Administrator List',
    title: 'Administrator List',
    description: 'Who manages the account, with their permissions and departments.',
    group: 'Lists',
    params: [],
    required: [],
    list: 'full',
  },
  {
    name: 'Department Members',
    title: 'Department Members',
    description: 'The current employees of one department.',
    group: 'Lists',
    params: department,
    required: department,
    list: 'full',
  },
  {
    name: 'Department Summary',
    title: 'Department Summary',
    description: "Each department's employees, worked and paid hours and earnings over the period.",
    group: 'Pay',
    params: dates,
    required: dates,
    list: 'full',
  },
  {
    name: 'Employee Details',
    title: 'Employee Details',
    description: "One employee's days over the period, with hours and earnings.",
    group: 'Time',
    params: period,
    required: ['employee_id', 'start_date', 'end_date'],
    list: 'full',
  },
  {
    name: 'Weekly Summary',
    title: 'Weekly Summary',
    description: "Each employee's days worked, hours and earnings, week by week.",
    group: 'Time',
    params: period,
    required: dates,
    list: 'full',
  },
  {
    name: 'Weekday Summary',
    title: 'Weekday Summary',
    description: "Each employee's days, paid hours and earnings by day of the week.",
    group: 'Pay',
    params: period,
    required: dates,
    list: 'full',
  },
  // The employee's own reports (docs/RULES.md#employee-reports) beside Daily Summary and Department Summary:
  // every punch of the period, and each shift (Timesheet's rows under the employee side's name).
  {
    name: 'Activity',
    title: 'Activity',
    description: 'Every punch of the period, work, lunch and breaks, with its deduction and length.',
    group: 'Time',
    params: period,
    required: dates,
    list: 'employee',
  },
  {
    name: 'Shift Details',
    title: 'Shift Details',
    description: "Each shift with its times and the day's paid total.",
    group: 'Time',
    params: period,
    required: dates,
    list: 'employee',
    aliasOf: 'Timesheet',
  },
  {
    name: 'Rounding Effect',
    title: 'Rounding Effect',
    description:
      "Each employee's minutes Time Rounding added and took over the period, and the net: is rounding neutral?",
    group: 'Pay',
    params: period,
    required: dates,
    list: 'full',
  },
  {
    name: 'Late and Absent',
    title: 'Late and Absent',
    description:
      "Each scheduled day: the schedule's start and end, first in, last out, minutes late, minutes early, absent.",
    group: 'Attendance',
    params: period,
    required: dates,
    list: 'full',
  },
  // The simple Reports screen, in its order; four of them are the named reports under another name.
  {
    name: 'admin-list',
    title: 'Administrator List',
    params: [],
    required: [],
    list: 'simple',
    aliasOf: 'Administrator List',
  },
  {
    name: 'attendance-counter',
    title: 'Attendance Counter',
    description: 'How many days each employee clocked in over the period.',
    group: 'Attendance',
    params: period,
    required: dates,
    list: 'simple',
  },
  {
    name: 'attendance-only',
    title: 'Attendance Only',
    description: 'Who came in on each day, and when they arrived and left (no hours).',
    group: 'Attendance',
    params: period,
    required: dates,
    list: 'simple',
  },
  {
    name: 'device-status',
    title: 'Device Status',
    description: 'Your time stations: when each was last seen and synced, and whether it was revoked.',
    group: 'Lists',
    params: [],
    required: [],
    list: 'simple',
  },
  {
    name: 'employee-status',
    title: 'Employee Status',
    description: 'Who is clocked in right now, and since when.',
    group: 'Attendance',
    params: department,
    required: [],
    list: 'simple',
  },
  {
    name: 'daily-attendance',
    title: 'Daily Attendance',
    description: 'Today: who is present and who is absent, with their first clock-in.',
    group: 'Attendance',
    params: department,
    required: [],
    list: 'simple',
  },
  {
    name: 'department-list',
    title: 'Department List',
    params: [],
    required: [],
    list: 'simple',
    aliasOf: 'Department List',
  },
  {
    name: 'department-members',
    title: 'Department Members',
    params: department,
    required: department,
    list: 'simple',
    aliasOf: 'Department Members',
  },
  {
    name: 'department-summary',
    title: 'Department Summary',
    params: dates,
    required: dates,
    list: 'simple',
    aliasOf: 'Department Summary',
  },
] as const satisfies readonly ReportDefinition[];

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The longest period one run may cover. */
export const REPORT_PAGE_SIZE = 100;
export const MAX_REPORT_PAGE_SIZE = 1000;

/** An empty select in the old client sends ''. */
const optionalId = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveId(label).optional());

/** POST /getdata: `{reportname, …parameters}`; `user_id` is accepted and ignored (the token decides). */
export const getDataBody = z
  .object({
    reportname: z
      .string({ error: messages.reports.selectReport })
      .trim()
      .min(1, messages.reports.selectReport)
      .max(80, messages.reports.unknownReport),
    user_id: userIdField,
    employee_id: optionalId('Employee'),
    department_id: optionalId('Department'),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    show_deleted_employees: flag.optional(),
    format: z.enum(REPORT_FORMATS, { error: "format must be 'csv', 'xlsx' or 'pdf'." }).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    page_size: z.coerce.number().int().min(1).max(MAX_REPORT_PAGE_SIZE).optional(),
  })
  .superRefine(checkPeriod);
export type GetDataBody = z.output<typeof getDataBody>;

export const REPORT_COLUMN_KINDS = ['text', 'integer', 'hours', 'money', 'date', 'datetime'] as const;
export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  /** hours: minutes (integer) shown as hours with 2 decimals; money: integer cents; date: YYYY-MM-DD; datetime: ISO UTC. */
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumnView = z.infer<typeof reportColumn>;
const cell = z.union([z.string(), z.number(), z.null()]);
export const getDataAnswer = z.object({
  report: z.string(),
  title: z.string(),
  columns: z.array(reportColumn),
  data: z.array(z.record(z.string(), cell)),
  /** Sums of the whole result (not only this page) where sums make sense; null otherwise. */
  totals: z.record(z.string(), cell).nullable(),
  page: z.number(),
  last_page: z.number(),
  total: z.number(),
});
export type GetDataAnswer = z.infer<typeof getDataAnswer>;
