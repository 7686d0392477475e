import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  DATE_FORMATS,
  EARNINGS_PERIODS,
  messages,
  moneyFromCents as money,
  hoursText as hours,
  periodProblem,
} from '@punchclock/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconCoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authKeys, getUser } from '../api/auth';
import { type Earnings, type EarningsPeriod, useEarnings } from '../api/earnings';
import { ApiError } from '../api/client';
import { formatDate } from '../pages/punches/display-format';
import { ownEmployeeCode } from '../pages/punches/punch-values';
import { presetPeriod, todayIn } from '../pages/reports/periods';

type Tab = (typeof EARNINGS_PERIODS)[number];
const TAB_LABELS: Record<Tab, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const KEY_LABELS: Record<Tab, string> = { daily: 'Date', weekly: 'Week of', monthly: 'Month' };

const PRESETS = [
  { value: 'this_week', label: 'This week' },
  { value: 'last_week', label: 'Last week' },
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'this_year', label: 'This year' },
] as const;
type Preset = (typeof PRESETS)[number]['value'] | 'custom';

/** A period key as people read it: a day or a week's first day (its weekday and the account's Date Format), or a month. */
function keyLabel(tab: Tab, key: string, dateFormat: string): string {
  if (tab === 'monthly') {
    const [y, m] = key.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  }
  const weekday = new Date(`${key}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${formatDate(key, dateFormat)}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A preset's days; weeks start on the account's week start (the answer names it; Monday until it came). */
function periodOf(preset: Exclude<Preset, 'custom'>, today: string, weekStart: number): EarningsPeriod {
  if (preset === 'this_year') return { start_date: `${today.slice(0, 4)}-01-01`, end_date: today };
  return presetPeriod(preset, today, weekStart) as EarningsPeriod;
}

function Totals({ data }: { data: Earnings }) {
  const t = data.totals;
  const items = [
    { label: 'Earnings', value: money(t.earnings), testId: 'earnings-total' },
    { label: 'Paid hours', value: hours(t.paid_minutes), testId: 'earnings-paid-hours' },
    { label: 'Deductions', value: money(t.deduction_amount), testId: 'earnings-deductions' },
    { label: 'Hourly rate', value: money(data.rate_cents), testId: 'earnings-rate' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {items.map((i) => (
        <Paper key={i.label} withBorder radius="md" p="sm">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {i.label}
          </Text>
          <Text fw={700} fz="lg" data-testid={i.testId}>
            {i.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function PeriodTab({ data, tab, dateFormat }: { data: Earnings; tab: Tab; dateFormat: string }) {
  const earnings = Object.entries(data.earnings[tab]);
  const deductions = data.deductions[tab];
  if (earnings.length === 0)
    return (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconCoin size={26} />
        </ThemeIcon>
        <Text fw={500}>No earnings in this period.</Text>
        <Text size="sm" c="dimmed" ta="center">
          Earnings are counted from closed shifts: choose another period above.
        </Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder data-testid={`earnings-${tab}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{KEY_LABELS[tab]}</Table.Th>
              <Table.Th ta="right">Earnings</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {earnings.map(([key, cents]) => (
              <Table.Tr key={key} data-testid={`earnings-${tab}-${key}`}>
                <Table.Td>{keyLabel(tab, key, dateFormat)}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {money(cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <div>
        <Title order={3} fz="md" mb="xs">
          Deductions
        </Title>
        {deductions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No Lunch or Break deductions in this period.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table
              striped
              withTableBorder
              fz="sm"
              data-testid={`deductions-${tab}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{KEY_LABELS[tab]}</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th ta="right">Deduction %</Table.Th>
                  <Table.Th ta="right">Original</Table.Th>
                  <Table.Th ta="right">Deduction</Table.Th>
                  <Table.Th ta="right">After deduction</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deductions.map((d) => (
                  <Table.Tr key={`${d.date_or_key}-${d.deduction_type}`}>
                    <Table.Td>{keyLabel(tab, d.date_or_key, dateFormat)}</Table.Td>
                    <Table.Td>
                      <Text
                        span
                        fz="sm"
                        fw={600}
                        c={d.deduction_type === 'Auto' ? 'orange.8' : 'dimmed'}
                        title={
                          d.deduction_type === 'Auto'
                            ? 'Taken off the paid time'
                            : 'Recorded only: nothing is taken off'
                        }
                      >
                        {d.deduction_type}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{hours(d.minutes)}</Table.Td>
                    <Table.Td ta="right">{d.deduction_percentage.toFixed(2)}%</Table.Td>
                    <Table.Td ta="right">{money(d.original_earnings)}</Table.Td>
                    <Table.Td ta="right">{money(d.deduction_amount)}</Table.Td>
                    <Table.Td ta="right">{money(d.earnings_after_deduction)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Stack>
  );
}

/**
 * Earnings and deductions (docs/RULES.md#earnings-rounding): the signed-in employee's pay by day, week and
 * month over a period they pick, with totals, from POST /api/with-deductions (the time engine's figures).
 * Only offered to employees allowed to view pay information; the server refuses the others.
 */
export function EarningsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const employeeId = ownEmployeeCode();
  // Periods are days on the account's clock (as the server counts them), not the browser's: the signed-in
  // user the layout has loaded carries the account's zone (read from the cache here, never fetched again).
  const user = useQuery({ queryKey: authKeys.user, queryFn: getUser, enabled: false }).data;
  const zone = user?.time_zone;
  const dateFormat = user?.date_format ?? DATE_FORMATS[0];
  const today = todayIn(zone);
  const [preset, setPreset] = useState<Preset>('this_month');
  const [period, setPeriod] = useState<EarningsPeriod>(() => periodOf('this_month', today, 1));
  const [draft, setDraft] = useState<EarningsPeriod>(period);
  const [tab, setTab] = useState<Tab>('daily');
  const earnings = useEarnings(employeeId, period, opened);
  // On a phone the dialog takes the whole screen: its tables have room to scroll.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const weekStart = Math.max(0, WEEKDAYS.indexOf(earnings.data?.week_start ?? 'Monday'));
  const pick = (p: Exclude<Preset, 'custom'>) => {
    const next = periodOf(p, todayIn(zone), weekStart);
    setPreset(p);
    setPeriod(next);
    setDraft(next);
  };
  // The zone arriving after the dialog was set up moves a preset period onto the account's today.
  useEffect(() => {
    if (preset === 'custom') return;
    const next = periodOf(preset, today, weekStart);
    setPeriod((old) => (old.start_date === next.start_date && old.end_date === next.end_date ? old : next));
    setDraft((old) => (old.start_date === next.start_date && old.end_date === next.end_date ? old : next));
  }, [today, preset, weekStart]);
  const customValid = !!draft.start_date && !!draft.end_date && draft.start_date <= draft.end_date;
  const failure =
    earnings.error instanceof ApiError && earnings.error.status === 400 && earnings.error.message
      ? earnings.error.message
      : messages.deductions.fetchFailed;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Earnings and Deductions"
      size="xl"
      centered
      fullScreen={phone}
    >
      {employeeId === '' ? (
        <Alert color="red" role="alert">
          {messages.deductions.noEmployeeId}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap={6} role="group" aria-label="Period">
            {PRESETS.map((p) => (
              <Button
                key={p.value}
                size="xs"
                variant={preset === p.value ? 'filled' : 'default'}
                aria-pressed={preset === p.value}
                onClick={() => pick(p.value)}
              >
                {p.label}
              </Button>
            ))}
          </Group>
          <Group
            align="flex-end"
            gap="xs"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!customValid) return;
              setPreset('custom');
              setPeriod(draft);
            }}
          >
            <TextInput
              type="date"
              label="From"
              size="xs"
              value={draft.start_date}
              onChange={(e) => setDraft((d) => ({ ...d, start_date: e.currentTarget.value }))}
            />
            <TextInput
              type="date"
              label="To"
              size="xs"
              value={draft.end_date}
              onChange={(e) => setDraft((d) => ({ ...d, end_date: e.currentTarget.value }))}
              error={periodProblem(draft.start_date, draft.end_date)}
            />
            <Button type="submit" size="xs" variant="light" disabled={!customValid}>
              Show
            </Button>
          </Group>

          {earnings.isPending ? (
            <Group justify="center" py="xl" gap="xs">
              <Loader size="sm" aria-label="Loading earnings" />
              <Text c="dimmed">Loading...</Text>
            </Group>
          ) : earnings.isError ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {keyLabel('daily', earnings.data.start_date, dateFormat)} –{' '}
                {keyLabel('daily', earnings.data.end_date, dateFormat)}
              </Text>
              <Totals data={earnings.data} />
              <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)}>
                <Tabs.List grow>
                  {EARNINGS_PERIODS.map((p) => (
                    <Tabs.Tab key={p} value={p}>
                      {TAB_LABELS[p]}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {EARNINGS_PERIODS.map((p) => (
                  <Tabs.Panel key={p} value={p} pt="md">
                    <PeriodTab data={earnings.data} tab={p} dateFormat={dateFormat} />
                  </Tabs.Panel>
                ))}
              </Tabs>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
