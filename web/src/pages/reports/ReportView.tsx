import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import type { ReportRun } from '../../api/reports';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';
import type { CellFormats } from './cells';
import { useLockedDays } from './locked-days';
import { ExportButtons, ReportOutcome, type ReportRunner } from './report-runner';

/** The Report picker: the reports offered, the one chosen, and whether Run was pressed with none chosen. */
export interface ReportPicker {
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (name: string | null) => void;
  searchable?: boolean;
  notChosen: boolean;
}

/**
 * A report page as the manager's Run Report and the employee's Reports both show it: the export buttons, the
 * parameter form (the Report picker, the report's fields given as children, Run), and the outcome below.
 */
export function ReportView({
  title,
  description,
  runner,
  current,
  formats,
  picker,
  onSubmit,
  runDisabled,
  children,
}: {
  title: string;
  description: string;
  runner: ReportRunner;
  /** The run the form would ask for now. */
  current: ReportRun | null;
  formats: CellFormats;
  picker: ReportPicker;
  onSubmit: (e: FormEvent) => void;
  runDisabled?: boolean;
  children: ReactNode;
}) {
  const { notChosen, ...select } = picker;
  // Days of approved pay periods carry the lock, for managers and employees alike.
  const locked = useLockedDays(runner.run, !!useSession().user);
  return (
    <AppPage
      title={title}
      description={description}
      size="xl"
      actions={<ExportButtons runner={runner} current={current} />}
    >
      <Paper withBorder p="md" mb="md" component="form" onSubmit={onSubmit} aria-label="Report parameters">
        <Stack gap="md">
          <Select
            label="Report"
            placeholder="Select a report"
            {...select}
            w={{ base: '100%', sm: 360 }}
            error={notChosen ? messages.reports.selectReport : undefined}
          />
          {children}
          <Group>
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={runner.result.isFetching}
              disabled={runDisabled}
            >
              Run
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ReportOutcome runner={runner} formats={locked ? { ...formats, locked } : formats} current={current} />
    </AppPage>
  );
}
