import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DATE_FORMATS, messages } from '@punchclock/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type EmployeeView, useDepartments, useReportEmployees } from '../../api/people';
import { useScopedAdministrator } from '../../api/auth';
import { findReport, type ReportDefinition, fullReports, offeredTo, type ReportRun } from '../../api/reports';
import { useAccountInstant, useSettings } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { formatDate } from '../punches/display-format';
import { type CellFormats } from './cells';
import { type PeriodPreset, PERIOD_PRESETS, presetPeriod, todayIn, weekStartIndex } from './periods';
import { ExportButtons, ReportOutcome, useReportRunner } from './report-runner';
import { foldedFilter } from '../../components/folded-filter';

interface FormValues {
  employee_id: string | null;
  department_id: string | null;
  start_date: string;
  end_date: string;
  show_deleted_employees: boolean;
}
const BLANK: FormValues = {
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
const labelOf = (param: string) => PARAM_LABELS[param] ?? param;

/** The body of a run: the report and the parameters it reads that hold a value. */
function runOf(report: ReportDefinition, v: FormValues): ReportRun {
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
function runInUrl(report: ReportDefinition | undefined, url: URLSearchParams): FormValues | null {
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
function missingOf(report: ReportDefinition, v: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of report.required) {
    const value = (v as unknown as Record<string, unknown>)[p];
    if (value === null || value === '' || value === undefined)
      out[p] = messages.reports.paramRequired(labelOf(p));
  }
  return out;
}

function ParamForm({
  report,
  values,
  onChange,
  preset,
  onPreset,
  errors,
}: {
  report: ReportDefinition;
  values: FormValues;
  onChange: (v: Partial<FormValues>) => void;
  preset: PeriodPreset;
  onPreset: (p: PeriodPreset) => void;
  errors: Record<string, string>;
}) {
  const has = (p: string) => report.params.some((q) => q === p);
  const required = (p: string) => report.required.some((q) => q === p);
  const employees = useReportEmployees();
  const departments = useDepartments();
  // Deleted employees stay pickable, marked, after the current ones: their past weeks still report.
  const employeeOptions = useMemo(() => {
    const option = (e: EmployeeView) => ({
      value: String(e.id),
      label: `${e.name} (${e.employee_id})${e.deleted_at ? ' (deleted)' : ''}`,
    });
    const all = employees.data ?? [];
    return [...all.filter((e) => !e.deleted_at), ...all.filter((e) => e.deleted_at)].map(option);
  }, [employees.data]);
  const departmentOptions = useMemo(
    () => (departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name })),
    [departments.data],
  );
  if (report.params.length === 0)
    return (
      <Text c="dimmed" size="sm">
        This report has no parameters.
      </Text>
    );
  return (
    <Stack gap="sm">
      {has('start_date') && has('end_date') && (
        <Group gap={6} role="group" aria-label="Period">
          {PERIOD_PRESETS.map((p) => (
            <Button
              key={p.value}
              size="xs"
              variant={preset === p.value ? 'filled' : 'default'}
              aria-pressed={preset === p.value}
              onClick={() => onPreset(p.value)}
            >
              {p.label}
            </Button>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {has('employee_id') && (
          <Select
            label={labelOf('employee_id')}
            placeholder="All employees"
            data={employeeOptions}
            filter={foldedFilter}
            value={values.employee_id}
            onChange={(v) => onChange({ employee_id: v })}
            searchable
            clearable
            withAsterisk={required('employee_id')}
            error={errors.employee_id}
            nothingFoundMessage="No employees"
          />
        )}
        {has('department_id') && (
          <Select
            label={labelOf('department_id')}
            placeholder="All departments"
            data={departmentOptions}
            filter={foldedFilter}
            value={values.department_id}
            onChange={(v) => onChange({ department_id: v })}
            searchable
            clearable
            withAsterisk={required('department_id')}
            error={errors.department_id}
            nothingFoundMessage="No departments"
          />
        )}
        {has('start_date') && (
          <TextInput
            type="date"
            label={labelOf('start_date')}
            value={values.start_date}
            onChange={(e) => onChange({ start_date: e.currentTarget.value })}
            withAsterisk={required('start_date')}
            error={errors.start_date}
          />
        )}
        {has('end_date') && (
          <TextInput
            type="date"
            label={labelOf('end_date')}
            value={values.end_date}
            onChange={(e) => onChange({ end_date: e.currentTarget.value })}
            withAsterisk={required('end_date')}
            error={errors.end_date}
          />
        )}
      </SimpleGrid>
      {has('show_deleted_employees') && (
        <Checkbox
          label={labelOf('show_deleted_employees')}
          checked={values.show_deleted_employees}
          onChange={(e) => onChange({ show_deleted_employees: e.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}

/**
 * Run Report (docs/ARCHITECTURE.md, "How to add a report"): pick a report, fill the parameters it reads
 * (generated from the contract's registry), run it, read the results page by page, export the
 * whole run as CSV, Excel or PDF. /attendance opens it on Daily Summary.
 */
export function ReportRunner({
  initialReport,
  title = 'Run Report',
}: {
  initialReport?: string;
  title?: string;
}) {
  const [params, setParams] = useSearchParams();
  const settingsQ = useSettings();
  const settings = settingsQ.data;
  const { when } = useAccountInstant();
  const formats: CellFormats = {
    date: (d) => formatDate(d, settings?.date_format ?? DATE_FORMATS[0]),
    when: (iso) => when(iso),
  };
  const weekStart = weekStartIndex(settings);
  const today = () => todayIn(settings?.time_zone);

  const defaultsFor = (r: ReportDefinition | undefined): FormValues => {
    const period = r?.params.some((p) => p === 'start_date')
      ? presetPeriod('this_week', today(), weekStart)
      : null;
    return { ...BLANK, ...(period ?? {}) };
  };

  const [reportName, setReportName] = useState<string | null>(
    () => findReport(params.get('report') ?? initialReport)?.name ?? null,
  );
  const report = findReport(reportName);
  // A run in the address (the last one run here, before a reload or Back) is set up and run again.
  const [fromUrl] = useState(() => runInUrl(report, params));
  const [values, setValues] = useState<FormValues>(() => fromUrl ?? defaultsFor(report));
  const [preset, setPreset] = useState<PeriodPreset>(fromUrl ? 'custom' : 'this_week');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notChosen, setNotChosen] = useState(false);
  const runner = useReportRunner();
  const scoped = useScopedAdministrator();

  const choose = (name: string | null) => {
    const r = findReport(name);
    setReportName(r?.name ?? null);
    setValues(defaultsFor(r));
    setPreset('this_week');
    setErrors({});
    setNotChosen(false);
    runner.clear();
    setParams(r ? { report: r.name } : {}, { replace: true });
  };

  // The settings (the account's zone and Week Starts On) may arrive after the form was set up, on a fresh load
  // of the page: a preset period still chosen is moved onto the account's calendar, not left on the browser's
  // day and a Monday week.
  const todayNow = today();
  useEffect(() => {
    if (preset === 'custom' || !report?.params.some((p) => p === 'start_date')) return;
    const period = presetPeriod(preset, todayNow, weekStart);
    if (!period) return;
    setValues((old) =>
      old.start_date === period.start_date && old.end_date === period.end_date ? old : { ...old, ...period },
    );
  }, [preset, todayNow, weekStart, report]);

  const change = (v: Partial<FormValues>) => {
    setValues((old) => ({ ...old, ...v }));
    if ('start_date' in v || 'end_date' in v) setPreset('custom');
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(v)) delete next[k];
      return next;
    });
  };
  const pickPreset = (p: PeriodPreset) => {
    setPreset(p);
    const period = presetPeriod(p, today(), weekStart);
    if (period) {
      setValues((old) => ({ ...old, ...period }));
      setErrors((e) => ({ ...e, start_date: '', end_date: '' }));
    }
  };

  const current = report ? runOf(report, values) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!report) {
      setNotChosen(true);
      return;
    }
    const missing = missingOf(report, values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const run = runOf(report, values);
    runner.start(run);
    // The run goes into the address, so a reload, Back or Forward shows it again.
    setParams(
      Object.fromEntries(
        Object.entries({ ...run, report: report.name, reportname: undefined })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );
  };
  useEffect(() => {
    if (report && fromUrl && Object.keys(missingOf(report, fromUrl)).length === 0)
      runner.start(runOf(report, fromUrl));
    // Once, for the run the page was opened with.
  }, []);

  return (
    <AppPage
      title={title}
      description="Choose a report, set its parameters and run it; export the result as CSV, Excel or PDF."
      size="xl"
      actions={<ExportButtons runner={runner} current={current} />}
    >
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-label="Report parameters">
        <Stack gap="md">
          <Select
            label="Report"
            placeholder="Select a report"
            data={offeredTo(scoped, fullReports(report)).map((r) => ({ value: r.name, label: r.title }))}
            value={reportName}
            onChange={choose}
            searchable
            w={{ base: '100%', sm: 360 }}
            error={notChosen ? messages.reports.selectReport : undefined}
          />
          {report && (
            <ParamForm
              report={report}
              values={values}
              onChange={change}
              preset={preset}
              onPreset={pickPreset}
              errors={errors}
            />
          )}
          <Group>
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={runner.result.isFetching}
            >
              Run
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ReportOutcome runner={runner} formats={formats} current={current} />
    </AppPage>
  );
}

export default function RunReport() {
  return <ReportRunner />;
}
