import { messages } from '@punchclock/contract';
import type { ReportDefinition, ReportRun } from '../../api/reports';

/** The Run Report form's values: every parameter a report may read, as the fields hold them. */
export interface FormValues {
  employee_id: string | null;
  department_id: string | null;
  start_date: string;
  end_date: string;
  show_deleted_employees: boolean;
}
export const BLANK: FormValues = {
  employee_id: null,
  department_id: null,
  start_date: '',
  end_date: '',
  show_deleted_employees: false,
};

const PARAM_LABELS: Record<string, string> = {
  employee_id: 'Employee',
  department_id: 'Department',
  start_date: 'Start Date',
  end_date: 'End Date',
  show_deleted_employees: 'Show deleted employees',
};
export const labelOf = (param: string) => PARAM_LABELS[param] ?? param;

/** The body of a run: the report and the parameters it reads that hold a value. */
export function runOf(report: ReportDefinition, v: FormValues): ReportRun {
  const run: ReportRun = { reportname: report.name };
  const has = (p: string) => report.params.some((q) => q === p);
  if (has('employee_id') && v.employee_id) run.employee_id = Number(v.employee_id);
  if (has('department_id') && v.department_id) run.department_id = Number(v.department_id);
  if (has('start_date') && v.start_date) run.start_date = v.start_date;
  if (has('end_date') && v.end_date) run.end_date = v.end_date;
  if (has('show_deleted_employees') && v.show_deleted_employees) run.show_deleted_employees = true;
  return run;
}

/**
 * The run an address holds (a reload, Back or Forward, a shared link): the report's parameters that the URL sets,
 * or null when it sets none (then the form starts from its defaults and nothing runs by itself).
 */
export function runInUrl(report: ReportDefinition | undefined, url: URLSearchParams): FormValues | null {
  if (!report) return null;
  const has = (p: string) => report.params.some((q) => q === p) && url.has(p);
  if (
    !(['employee_id', 'department_id', 'start_date', 'end_date', 'show_deleted_employees'] as const).some(has)
  )
    return null;
  return {
    employee_id: has('employee_id') ? url.get('employee_id') : null,
    department_id: has('department_id') ? url.get('department_id') : null,
    start_date: has('start_date') ? (url.get('start_date') ?? '') : '',
    end_date: has('end_date') ? (url.get('end_date') ?? '') : '',
    show_deleted_employees: has('show_deleted_employees') && url.get('show_deleted_employees') === 'true',
  };
}

/** Required parameters left empty, as field errors. */
export function missingOf(report: ReportDefinition, v: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of report.required) {
    const value = (v as unknown as Record<string, unknown>)[p];
    if (value === null || value === '' || value === undefined)
      out[p] = messages.reports.paramRequired(labelOf(p));
  }
  return out;
}
