import { Alert, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { exportReport, type ReportFormat, type ReportRun, useReport } from '../../api/reports';
import { notifyError, notifySuccess } from '../../components/notify';
import type { CellFormats } from './cells';
import { ResultsTable } from './ResultsTable';

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
 * What running a report holds, for the manager's Run Report and the employee's Reports alike: the run asked
 * for, its page on the server, the export being built, and the server's answer or refusal.
 */
export function useReportRunner() {
  const [run, setRun] = useState<ReportRun | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  const result = useReport(run, page);
  const answer = result.data;
  return {
    run,
    page,
    setPage,
    exporting,
    result,
    answer,
    lastPage: answer?.last_page ?? 1,
    /** The server's own words for a refused run (4xx); a generic message for anything else. */
    failure: result.isError
      ? result.error instanceof ApiError && result.error.status < 500 && result.error.message
        ? result.error.message
        : messages.reports.fetchError
      : null,
    /** Runs `next` from its first page (the same run again is fetched anew). */
    start(next: ReportRun) {
      setPage(1);
      if (JSON.stringify(next) === JSON.stringify(run)) void result.refetch();
      else setRun(next);
    },
    /** Forgets the run (another report was chosen). */
    clear() {
      setRun(null);
      setPage(1);
    },
    exportAs(format: ReportFormat) {
      if (!run) return;
      setExporting(format);
      exportReport(run, format)
        .then(() => notifySuccess(EXPORT_TEXTS[format].done))
        .catch(() => notifyError(EXPORT_TEXTS[format].failed))
        .finally(() => setExporting(null));
    },
  };
}
export type ReportRunner = ReturnType<typeof useReportRunner>;

/**
 * Whether the form now asks for another run than the one shown: its results and its exports are still those of
 * the run, so exporting is held back until it is run again (a file of last week named as this week's is a
 * payroll error waiting to happen).
 */
const changedSince = (run: ReportRun | null, current: ReportRun | null | undefined) =>
  run !== null && current != null && JSON.stringify(current) !== JSON.stringify(run);

/**
 * CSV, Excel and PDF of the run on screen (disabled until a run exists, and while another file is built).
 * `current`: the run the form would ask for now.
 */
export function ExportButtons({ runner, current }: { runner: ReportRunner; current?: ReportRun | null }) {
  const { run, exporting } = runner;
  const stale = changedSince(run, current);
  return (
    <Group gap="xs" aria-label="Export">
      {EXPORTS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          variant="light"
          leftSection={<Icon size={16} />}
          onClick={() => runner.exportAs(format)}
          loading={exporting === format}
          disabled={!run || stale || (exporting !== null && exporting !== format)}
          title={!run ? 'Run the report first' : stale ? STALE_TEXT : `Export the report as ${label}`}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

const STALE_TEXT = 'The parameters have changed since this run: run the report again to see and export them.';

/**
 * Below the form: export progress, the refusal, loading, then the result's page with its pager. `current`: the
 * run the form would ask for now (a note says when it is not the run shown).
 */
export function ReportOutcome({
  runner,
  formats,
  current,
}: {
  runner: ReportRunner;
  formats: CellFormats;
  current?: ReportRun | null;
}) {
  const { run, answer, failure, exporting, result, page, lastPage, setPage } = runner;
  return (
    <>
      {answer && !failure && changedSince(run, current) && (
        <Alert color="yellow" mb="md" role="status">
          {STALE_TEXT}
        </Alert>
      )}
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
    </>
  );
}
