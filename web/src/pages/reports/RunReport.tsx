import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DATE_FORMATS, messages, type ReportColumnView } from '@punchclock/contract';
import {
  IconChevronDown,
  IconChevronUp,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconPlayerPlay,
  IconSelector,
} from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useDepartments, useEmployees } from '../../api/people';
import {
  exportReport,
  findReport,
  type GetDataAnswer,
  type ReportDefinition,
  type ReportFormat,
  fullReports,
  type ReportRun,
  useReport,
} from '../../api/reports';
import { useAccountInstant, useSettings } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate } from '../punches/display-format';
import { type Cell, type CellFormats, compareCells, formatCell, isNumeric } from './cells';
import { type PeriodPreset, PERIOD_PRESETS, presetPeriod, todayIn, weekStartIndex } from './periods';

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

const EXPORTS: { format: ReportFormat; label: string; icon: typeof IconFileTypeCsv }[] = [
  { format: 'csv', label: 'CSV', icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Excel', icon: IconFileSpreadsheet },
  { format: 'pdf', label: 'PDF', icon: IconFileTypePdf },
];
const EXPORT_TEXTS: Record<ReportFormat, { done: string; failed: string }> = {
  csv: { done: messages.export.csvDone, failed: messages.export.csvFailed },
  xlsx: { done: messages.export.excelDone, failed: messages.export.excelFailed },
  pdf: { done: messages.export.pdfDone, failed: messages.export.pdfFailed },
};

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
  const employees = useEmployees();
  const departments = useDepartments();
  const employeeOptions = useMemo(
    () => (employees.data ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.employee_id})` })),
    [employees.data],
  );
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

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return dir === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}

export function ResultsTable({
  answer,
  formats,
  dimmed,
}: {
  answer: GetDataAnswer;
  formats: CellFormats;
  dimmed: boolean;
}) {
  const [sort, setSort] = useState<Sort>(null);
  const rows = useMemo(() => {
    if (!sort) return answer.data;
    return [...answer.data].sort((a, b) => compareCells(a[sort.key], b[sort.key], sort.dir));
  }, [answer.data, sort]);
  const toggle = (key: string) =>
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  const align = (c: ReportColumnView) => (isNumeric(c.kind) ? 'right' : 'left');
  const totals = answer.totals;
  const totalCell = (c: ReportColumnView) => {
    const v: Cell = totals?.[c.key];
    if (v === null || v === undefined) return '';
    return typeof v === 'number' ? formatCell(v, c.kind, formats) : v;
  };

  return (
    <Table.ScrollContainer minWidth={Math.max(560, answer.columns.length * 95)}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        horizontalSpacing={8}
        data-testid="report-results"
        style={{ opacity: dimmed ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((c) => {
              const active = sort?.key === c.key;
              return (
                <Table.Th
                  key={c.key}
                  ta={align(c)}
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => toggle(c.key)} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap" justify={align(c) === 'right' ? 'flex-end' : 'flex-start'}>
                      {c.label}
                      <SortIcon active={active} dir={sort?.dir} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {messages.reports.noRecords}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {answer.columns.map((c) => (
                  <Table.Td key={c.key} ta={align(c)} style={{ whiteSpace: 'nowrap' }}>
                    {formatCell(r[c.key], c.kind, formats)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {totals && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals" fw={700}>
              {answer.columns.map((c) => (
                <Table.Td key={c.key} ta={align(c)} fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {totalCell(c)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Run Report (spec §2.4 Reports (full), §4, §5): pick a report, fill the parameters it reads
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
  const [values, setValues] = useState<FormValues>(() => defaultsFor(report));
  const [preset, setPreset] = useState<PeriodPreset>('this_week');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notChosen, setNotChosen] = useState(false);
  const [run, setRun] = useState<ReportRun | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  const result = useReport(run, page);

  const choose = (name: string | null) => {
    const r = findReport(name);
    setReportName(r?.name ?? null);
    setValues(defaultsFor(r));
    setPreset('this_week');
    setErrors({});
    setNotChosen(false);
    setRun(null);
    setPage(1);
    setParams(r ? { report: r.name } : {}, { replace: true });
  };

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!report) {
      setNotChosen(true);
      return;
    }
    const missing = missingOf(report, values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const next = runOf(report, values);
    setPage(1);
    if (JSON.stringify(next) === JSON.stringify(run)) void result.refetch();
    else setRun(next);
  };

  const exportAs = (format: ReportFormat) => {
    if (!run) return;
    setExporting(format);
    exportReport(run, format)
      .then(() => notifySuccess(EXPORT_TEXTS[format].done))
      .catch(() => notifyError(EXPORT_TEXTS[format].failed))
      .finally(() => setExporting(null));
  };

  const answer = result.data;
  const failure = result.isError
    ? result.error instanceof ApiError && result.error.status === 400 && result.error.message
      ? result.error.message
      : messages.reports.fetchError
    : null;
  const lastPage = answer?.last_page ?? 1;

  return (
    <AppPage
      title={title}
      description="Choose a report, set its parameters and run it; export the result as CSV, Excel or PDF."
      size="xl"
      actions={
        <Group gap="xs" aria-label="Export">
          {EXPORTS.map(({ format, label, icon: Icon }) => (
            <Button
              key={format}
              variant="light"
              leftSection={<Icon size={16} />}
              onClick={() => exportAs(format)}
              loading={exporting === format}
              disabled={!run || (exporting !== null && exporting !== format)}
              title={run ? `Export the report as ${label}` : 'Run the report first'}
            >
              {label}
            </Button>
          ))}
        </Group>
      }
    >
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-label="Report parameters">
        <Stack gap="md">
          <Select
            label="Report"
            placeholder="Select a report"
            data={fullReports(report).map((r) => ({ value: r.name, label: r.title }))}
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
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={result.isFetching}>
              Run
            </Button>
          </Group>
        </Stack>
      </Paper>

      {exporting && (
        <Group gap="xs" mb="sm" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Building the {EXPORTS.find((x) => x.format === exporting)?.label} file…
          </Text>
        </Group>
      )}

      {failure && (
        <Alert color="red" mb="md" role="alert">
          {failure}
        </Alert>
      )}

      {run && result.isLoading && (
        <Group gap="xs" my="xl" justify="center">
          <Loader aria-label="Loading report" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      )}

      {answer && run && !failure && (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
          <Group justify="space-between" mb="sm" gap="xs">
            <Title order={2} fz="lg">
              {answer.title}
            </Title>
            <Text size="sm" c="dimmed">
              {answer.total} {answer.total === 1 ? 'row' : 'rows'}
            </Text>
          </Group>
          <ResultsTable
            key={`${JSON.stringify(run)}:${page}`}
            answer={answer}
            formats={formats}
            dimmed={result.isPlaceholderData}
          />
          {answer.total > 0 && (
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                Page {Math.min(page, lastPage)} of {lastPage}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, Math.min(p, lastPage) - 1))}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  disabled={page >= lastPage || result.isPlaceholderData}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          )}
        </Paper>
      )}
    </AppPage>
  );
}

export default function RunReport() {
  return <ReportRunner />;
}
