import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DATE_FORMATS,
  messages,
  OWN_REPORTS,
  REPORTS,
  type ReportFormat,
  TIME_FORMATS,
} from '@punchclock/contract';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf, IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useCurrentUser, useOwnPermissions } from '../../api/auth';
import { ApiError } from '../../api/client';
import { usePunches } from '../../api/punches';
import { exportReport, type ReportRun, useReport } from '../../api/reports';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate, formatInstant } from '../punches/display-format';
import { ownEmployeeRef } from '../punches/punch-values';
import type { CellFormats } from '../reports/cells';
import { type PeriodPreset, PERIOD_PRESETS, presetPeriod, todayIn } from '../reports/periods';
import { ResultsTable } from '../reports/RunReport';

const OPTIONS = OWN_REPORTS.map((name) => ({
  value: name,
  label: REPORTS.find((r) => r.name === name)?.title ?? name,
}));

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

/**
 * The employee's reports (spec §2.2 /UserReport, §9): Activity, Daily Summary, Department Summary and Shift
 * Details over a period, through the same registry and POST /getdata as the manager's; the server limits every
 * run to the signed-in employee. Shown with Run Reports only (the server refuses the others).
 */
export default function UserReport() {
  const permissions = useOwnPermissions();
  const user = useCurrentUser();
  // Punch rows carry the account's Date Format and Time Format; the profile its time zone.
  const sample = usePunches(ownEmployeeRef()).data?.[0];
  const display = {
    date_format: sample?.date_format ?? DATE_FORMATS[0],
    time_format: sample?.time_format ?? TIME_FORMATS[0],
  };
  const zone = user.data?.time_zone;
  const formats: CellFormats = {
    date: (d) => formatDate(d, display.date_format),
    when: (iso) => formatInstant(iso, display, zone),
  };

  const [reportName, setReportName] = useState<string | null>(OWN_REPORTS[1]);
  const [preset, setPreset] = useState<PeriodPreset>('this_week');
  const [period, setPeriod] = useState(() => presetPeriod('this_week', todayIn(zone), 1)!);
  const [notChosen, setNotChosen] = useState(false);
  const [run, setRun] = useState<ReportRun | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  const result = useReport(run, page);

  if (user.data && !permissions.run_reports)
    return (
      <AppPage title="Reports">
        <Alert color="yellow">
          Your account does not run reports. Ask your manager to allow Run Reports.
        </Alert>
      </AppPage>
    );

  const pickPreset = (p: PeriodPreset) => {
    setPreset(p);
    const next = presetPeriod(p, todayIn(zone), 1);
    if (next) setPeriod(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reportName) {
      setNotChosen(true);
      return;
    }
    const next: ReportRun = { reportname: reportName, ...period };
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
  const periodError =
    period.start_date && period.end_date && period.start_date > period.end_date
      ? messages.reports.startAfterEnd
      : undefined;
  const answer = result.data;
  const failure = result.isError
    ? result.error instanceof ApiError && result.error.status < 500 && result.error.message
      ? result.error.message
      : messages.reports.fetchError
    : null;
  const lastPage = answer?.last_page ?? 1;

  return (
    <AppPage
      title="Reports"
      description="Your own time over a period; export it as CSV, Excel or PDF."
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
            data={OPTIONS}
            value={reportName}
            onChange={(v) => {
              setReportName(v);
              setNotChosen(false);
              setRun(null);
            }}
            w={{ base: '100%', sm: 360 }}
            error={notChosen ? messages.reports.selectReport : undefined}
          />
          <Group gap={6} role="group" aria-label="Period">
            {PERIOD_PRESETS.map((p) => (
              <Button
                key={p.value}
                size="xs"
                variant={preset === p.value ? 'filled' : 'default'}
                aria-pressed={preset === p.value}
                onClick={() => pickPreset(p.value)}
              >
                {p.label}
              </Button>
            ))}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <TextInput
              type="date"
              label="Start Date"
              withAsterisk
              value={period.start_date}
              onChange={(e) => {
                const start_date = e.currentTarget.value;
                setPreset('custom');
                setPeriod((p) => ({ ...p, start_date }));
              }}
            />
            <TextInput
              type="date"
              label="End Date"
              withAsterisk
              value={period.end_date}
              error={periodError}
              onChange={(e) => {
                const end_date = e.currentTarget.value;
                setPreset('custom');
                setPeriod((p) => ({ ...p, end_date }));
              }}
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={result.isFetching}
              disabled={!period.start_date || !period.end_date || !!periodError}
            >
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
          {answer.total > 0 && lastPage > 1 && (
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                Page {Math.min(page, lastPage)} of {lastPage}
              </Text>
              <Group gap="xs">
                <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <Button variant="default" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
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
