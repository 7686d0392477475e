import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_PAGE_SIZE,
  type ActivityLogRow,
  type ActivityRefs,
  messages,
} from '@punchclock/contract';
import { IconFilter } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import {
  type ActivityFilters,
  exportActivityCsv,
  useActivityCount,
  useActivityLogs,
} from '../../api/activity';
import { messageOf } from '../../api/client';
import { useAccountInstant, useSettings } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { DownloadButton } from '../../components/DownloadButton';
import { PeriodInputs } from '../../components/PeriodInputs';
import { Clamped } from '../../components/Clamped';
import { notifyError, notifyInfo, notifySuccess } from '../../components/notify';
import { type DisplayFormats } from '../punches/display-format';
import { AuditLedger } from './AuditLedger';
import { detailPairs } from './log-details';
import { useSearchParams } from 'react-router';

const NO_FILTERS: ActivityFilters = { action: '', start_date: '', end_date: '' };
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(ACTIVITY_ACTIONS).map(([value, label]) => ({ value, label })),
];
const COLUMNS = ['Date', 'Action', 'By', 'Employee', 'Details'];
/** A created record lists all its fields; the row shows the first few until asked for the rest. */
const DETAIL_LINES_SHOWN = 3;
/** Each detail line's height (px): the cut falls between lines, never through one. */
const LINE_HEIGHT = 20;

function FilterBar({
  applied,
  onApply,
  busy,
}: {
  applied: ActivityFilters;
  onApply: (f: ActivityFilters) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState(applied);
  const set = (k: keyof ActivityFilters) => (v: string | null) => setDraft((d) => ({ ...d, [k]: v ?? '' }));
  const backwards = !!draft.start_date && !!draft.end_date && draft.end_date < draft.start_date;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!backwards) onApply(draft);
  };
  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-label="Activity log filters">
      <Group align="flex-end" gap="sm">
        <Select
          label="Action"
          data={ACTION_OPTIONS}
          value={draft.action}
          onChange={set('action')}
          searchable
          allowDeselect={false}
          w={{ base: '100%', sm: 260 }}
        />
        <PeriodInputs
          labels={['Start Date', 'End Date']}
          value={draft}
          onChange={(end, date) => set(end)(date)}
          errors={{ end_date: backwards ? 'End date must be on or after the start date.' : undefined }}
          w={{ base: '100%', sm: 170 }}
        />
        <Button type="submit" leftSection={<IconFilter size={16} />} loading={busy}>
          Apply Filters
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </Group>
    </Paper>
  );
}

function LogRow({
  row,
  when,
  refs,
  formats,
}: {
  row: ActivityLogRow;
  when: (iso: string) => string;
  refs: ActivityRefs;
  formats?: DisplayFormats;
}) {
  const pairs = detailPairs(row.details, when, refs, formats);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.created_at)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={row.action.startsWith('punch.') ? 'blue' : 'gray'} tt="none">
          {ACTIVITY_ACTIONS[row.action] ?? row.action}
        </Badge>
      </Table.Td>
      <Table.Td>{row.user_name ?? (row.user_id === null ? 'Station or system' : '—')}</Table.Td>
      <Table.Td>{row.employee_name ? `${row.employee_name} (${row.employee_code})` : '—'}</Table.Td>
      <Table.Td maw={420}>
        <Clamped maxHeight={DETAIL_LINES_SHOWN * LINE_HEIGHT}>
          <Stack gap={0}>
            {pairs.map(([label, text], i) => (
              <Text key={i} size="sm" lh={`${LINE_HEIGHT}px`} style={{ wordBreak: 'break-word' }}>
                {label && (
                  <Text span size="sm" c="dimmed">
                    {label}:{' '}
                  </Text>
                )}
                {text}
              </Text>
            ))}
          </Stack>
        </Clamped>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Everything the account did, newest first (docs/RULES.md#activity-log): filter by action and by days
 * in the account's time zone, page with Previous and Next, export what the filters select as CSV.
 */
export default function ActivityLogs() {
  // The filters and the page's position (a cursor the server gave: next_cursor / prev_cursor, none for the first
  // page) live in the address, so Back, Forward and Reload keep the reader's place.
  const [params, setParams] = useSearchParams();
  const filters: ActivityFilters = {
    action: params.get('action') ?? '',
    start_date: params.get('start_date') ?? '',
    end_date: params.get('end_date') ?? '',
  };
  const cursor = params.get('cursor');
  const go = (f: ActivityFilters, at: string | null) =>
    setParams(Object.fromEntries(Object.entries({ ...f, cursor: at ?? '' }).filter(([, v]) => v !== '')));
  const setCursor = (at: string | null) => go(filters, at);
  const [exporting, setExporting] = useState(false);
  const logs = useActivityLogs(filters, cursor);
  const count = useActivityCount(filters);
  // On the account's clock and in its formats, so the log reads like the punches it records.
  const { when } = useAccountInstant();
  const formats = useSettings().data;
  const data = logs.data;
  const total = count.data?.total;
  const page = data?.current_page ?? 1;
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

  // Spec §8: an empty result is also told by a toast, once per search (not on every render).
  const emptyResult = !count.isPlaceholderData && total === 0;
  const search = JSON.stringify(filters);
  useEffect(() => {
    if (emptyResult) notifyInfo(messages.general.noLogs);
  }, [emptyResult, search]);

  const apply = (f: ActivityFilters) => go(f, null);
  const exportCsv = () => {
    setExporting(true);
    exportActivityCsv(filters)
      .then(() => notifySuccess(messages.export.csvDone))
      .catch((e: unknown) => notifyError(messageOf(e, messages.export.logsFailed)))
      .finally(() => setExporting(false));
  };

  return (
    <AppPage
      title="Activity Logs"
      description="Every change made in your account: punches, employees, departments, stations and settings."
      actions={
        <DownloadButton variant="light" onClick={exportCsv} loading={exporting}>
          Export CSV
        </DownloadButton>
      }
    >
      <AuditLedger when={when} />
      <FilterBar key={search} applied={filters} onApply={apply} busy={logs.isFetching && !logs.isLoading} />
      {logs.isError && (
        <Alert color="red" mb="md">
          <Group justify="space-between">
            <Text size="sm">{messageOf(logs.error, messages.general.serverError)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void logs.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {logs.isLoading ? (
        <Loader aria-label="Loading activity logs" />
      ) : logs.isError && !data ? null /* nothing loaded: no table that says there are no logs */ : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={820}>
            <Table
              striped
              highlightOnHover
              data-testid="activity-logs"
              aria-busy={logs.isPlaceholderData}
              style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.data.length ? (
                  data.data.map((r) => (
                    <LogRow key={r.id} row={r} when={when} refs={data.refs ?? {}} formats={formats} />
                  ))
                ) : (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length}>
                      <Text c="dimmed" ta="center" py="md">
                        {messages.general.noLogsRow}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {/* The rows of the last search stay (dimmed) while the new ones load: no page number that they are not. */}
          {logs.isPlaceholderData
            ? 'Loading...'
            : data
              ? lastPage === undefined
                ? `Page ${page}`
                : `Page ${Math.min(page, lastPage)} of ${lastPage} · ${total} entries`
              : ' '}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!data?.prev_cursor || logs.isPlaceholderData}
            onClick={() => setCursor(data?.prev_cursor ?? null)}
          >
            Previous
          </Button>
          <Button
            variant="default"
            disabled={!data?.next_cursor || logs.isPlaceholderData}
            onClick={() => setCursor(data?.next_cursor ?? null)}
          >
            Next
          </Button>
        </Group>
      </Group>
    </AppPage>
  );
}
