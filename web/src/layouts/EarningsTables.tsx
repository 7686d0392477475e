import { Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { adjustmentMessages, EARNINGS_PERIODS, hoursText as hours } from '@punchclock/contract';
import { IconCoin } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useMoney } from '../api/currency';
import type { Earnings } from '../api/earnings';
import { DayWhy } from '../pages/pay-rules/DayWhy';
import { WhyButton, WhyRow } from '../pages/pay-rules/WhyRow';
import { formatDate } from '../pages/punches/display-format';

export type Tab = (typeof EARNINGS_PERIODS)[number];
export const TAB_LABELS: Record<Tab, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const KEY_LABELS: Record<Tab, string> = { daily: 'Date', weekly: 'Week of', monthly: 'Month' };

/** A period key as people read it: a day or a week's first day (its weekday and the account's Date Format), or a month. */
export function keyLabel(tab: Tab, key: string, dateFormat: string): string {
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

/** The period's totals: earnings, paid hours, deductions and the hourly rate. */
export function Totals({ data }: { data: Earnings }) {
  const money = useMoney();
  const t = data.totals;
  const items = [
    { label: 'Earnings', value: money(t.earnings), testId: 'earnings-total' },
    { label: 'Paid hours', value: hours(t.paid_minutes), testId: 'earnings-paid-hours' },
    { label: 'Deductions', value: money(t.deduction_amount), testId: 'earnings-deductions' },
    { label: 'Hourly rate', value: money(data.rate_cents), testId: 'earnings-rate' },
    // Corrections of approved days paid in this period (docs/RULES.md#adjustments), only when there are some.
    ...(data.adjustments?.length
      ? data.adjustments.map((a) => ({
          label: adjustmentMessages.label(a.date),
          value: money(a.cents),
          testId: `earnings-adjustment-${a.id}`,
        }))
      : []),
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

/** One tab's earnings by day, week or month, and the Lunch and Break deductions under them. */
export function PeriodTab({ data, tab, dateFormat }: { data: Earnings; tab: Tab; dateFormat: string }) {
  const money = useMoney();
  // A day's row opens its why (GET /api/me/days/:date): the steps that made its pay.
  const [opened, setOpened] = useState<string | null>(null);
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
              <Fragment key={key}>
                <Table.Tr data-testid={`earnings-${tab}-${key}`}>
                  <Table.Td>
                    {keyLabel(tab, key, dateFormat)}
                    {tab === 'daily' && (
                      <WhyButton
                        open={opened === key}
                        controls={`why-${key}`}
                        label={keyLabel(tab, key, dateFormat)}
                        onClick={() => setOpened((o) => (o === key ? null : key))}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {money(cents)}
                  </Table.Td>
                </Table.Tr>
                {tab === 'daily' && opened === key && (
                  <WhyRow id={`why-${key}`} colSpan={2}>
                    <DayWhy employee="me" date={key} />
                  </WhyRow>
                )}
              </Fragment>
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
                        c={d.deduction_type === 'Auto' ? 'var(--mantine-color-orange-light-color)' : 'dimmed'}
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
