import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { fullReports, offeredTo, type ReportDefinition, simpleReports } from '../../api/reports';

const option = (r: ReportDefinition) => ({ value: r.name, label: r.title });

/**
 * The named reports, then (when the registry has them) the spec's simple names in their own group; a simple
 * name that only aliases a named report is left out there, so no report is offered twice.
 */
function pickerData(scoped: boolean) {
  const simple = offeredTo(scoped, simpleReports()).filter((r) => !(r as { aliasOf?: string }).aliasOf);
  const full = offeredTo(scoped, fullReports()).map(option);
  return simple.length
    ? [
        { group: 'Reports', items: full },
        { group: 'Quick reports', items: simple.map(option) },
      ]
    : full;
}
import { AppPage } from '../../components/AppPage';

/** Reports (spec §2.4 Reports (simple)): pick a report, then Run Report opens it on /RunReport. */
const pickerCount = (scoped: boolean) =>
  pickerData(scoped).reduce((n, o) => n + ('items' in o ? o.items.length : 1), 0);

export default function ReportSelector() {
  const navigate = useNavigate();
  const scoped = useScopedAdministrator();
  const [name, setName] = useState<string | null>(null);
  const [notChosen, setNotChosen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name) {
      setNotChosen(true);
      return;
    }
    void navigate(`/RunReport?${new URLSearchParams({ report: name }).toString()}`);
  };
  return (
    <AppPage title="Reports" description="Choose a report to run over your employees' time and your account.">
      <Paper withBorder p="md" maw={560} component="form" onSubmit={submit} aria-label="Choose a report">
        <Stack gap="md">
          <Select
            label="Report"
            placeholder="Select a report"
            data={pickerData(scoped)}
            value={name}
            onChange={(v) => {
              setName(v);
              setNotChosen(false);
            }}
            searchable
          />
          {notChosen && (
            <Alert color="yellow" role="alert" py="xs">
              {messages.reports.selectReport}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {pickerCount(scoped)} reports available
            </Text>
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />}>
              Run Report
            </Button>
          </Group>
        </Stack>
      </Paper>
    </AppPage>
  );
}
