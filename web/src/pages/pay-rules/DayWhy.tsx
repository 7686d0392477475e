import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DATE_FORMATS, hoursText, type PayStep, TIME_FORMATS } from '@punchclock/contract';
import { useCurrentUser } from '../../api/auth';
import { messageOf } from '../../api/client';
import { useMoney } from '../../api/currency';
import { type DayWhyAnswer, useDayWhy } from '../../api/pay-rules';
import { formatInstant } from '../punches/display-format';

/** Each pay step as people read it (the order is the pipeline's: docs/ARCHITECTURE.md, "How to add a pay rule"). */
export const STEP_LABELS: Record<PayStep, string> = {
  rounding: 'Rounding',
  breaks: 'Breaks',
  auto_breaks: 'Automatic breaks',
  daily_overtime: 'Daily overtime',
  weekly_overtime: 'Weekly overtime',
  seventh_day: 'Seventh day',
  meal_premium: 'Meal premium',
  money: 'Money',
};

const minutesText = (m: number) => `${m} min (${hoursText(m)} h)`;

/** The day's figures: minutes as hours, money through the one money formatter in the account's currency. */
function Totals({ totals }: { totals: DayWhyAnswer['totals'] }) {
  const money = useMoney();
  const items: [string, string, string][] = [
    ['Worked', hoursText(totals.worked), 'worked'],
    ['Paid', hoursText(totals.paid), 'paid'],
    ['Regular', hoursText(totals.regular), 'regular'],
    ['Overtime', hoursText(totals.overtime), 'overtime'],
    ['Double time', hoursText(totals.double_time), 'double_time'],
    ['Premium', money(totals.premium_cents), 'premium'],
    ['Gross', money(totals.gross_cents), 'gross'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" component="dl" m={0}>
      {items.map(([label, value, key]) => (
        <Stack key={key} gap={0} data-testid={`why-total-${key}`}>
          <Text component="dt" fz="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} ff="monospace">
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** What a day's why shows once it has loaded: the raw punches, each step in order, the limits broken, the totals. */
export function DayWhyView({ why }: { why: DayWhyAnswer }) {
  const user = useCurrentUser().data;
  const formats = {
    date_format: user?.date_format ?? DATE_FORMATS[0],
    time_format: user?.time_format ?? TIME_FORMATS[0],
  };
  const at = (iso: string | null) => (iso ? formatInstant(iso, formats, user?.time_zone) : 'Open');
  return (
    <Stack gap="sm" data-testid="day-why">
      <div>
        <Title order={4} fz="sm" mb={4}>
          Raw punches
        </Title>
        {why.punches.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No punches on this day.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table fz="sm" withTableBorder data-testid="why-punches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>In</Table.Th>
                  <Table.Th>Out</Table.Th>
                  <Table.Th>Type</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {why.punches.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{at(p.time_in)}</Table.Td>
                    <Table.Td>{at(p.time_out)}</Table.Td>
                    <Table.Td>{p.type === 'None' ? 'Work' : `${p.type} (${p.deduction})`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      <div>
        <Title order={4} fz="sm" mb={4}>
          Steps
        </Title>
        {why.steps.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No rule changed this day: every paid minute is regular.
          </Text>
        ) : (
          <Stack component="ol" gap={6} m={0} pl="md" data-testid="why-steps">
            {why.steps.map((s, i) => (
              <li key={`${s.step}-${i}`} data-step={s.step}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} fz="sm">
                    {STEP_LABELS[s.step]}
                  </Text>
                  {s.minutes > 0 && (
                    <Badge variant="light" size="sm" tt="none" data-testid="why-step-minutes">
                      {minutesText(s.minutes)}
                    </Badge>
                  )}
                </Group>
                <Text fz="sm">{s.rule}</Text>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.detail}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </div>
      {why.flags.length > 0 && (
        <Alert color="orange" title="Limits" data-testid="why-flags">
          <Stack gap={4}>
            {why.flags.map((f) => (
              <Text key={f.flag} fz="sm">
                {f.rule}: {f.detail}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <div>
        <Title order={4} fz="sm" mb={4}>
          Totals
        </Title>
        <Totals totals={why.totals} />
      </div>
    </Stack>
  );
}

/**
 * The why of a day (docs/RULES.md#pay-rules): an employee's for a manager (`employee`: their record id), or the
 * signed-in employee's own ('me'; the server asks for View Pay Information). Loads when shown.
 */
export function DayWhy({ employee, date }: { employee: number | 'me'; date: string }) {
  const why = useDayWhy(employee, date);
  if (why.isPending)
    return (
      <Group gap="xs" py="sm">
        <Loader size="xs" aria-label="Loading the day" />
        <Text fz="sm" c="dimmed">
          Loading...
        </Text>
      </Group>
    );
  if (why.isError)
    return (
      <Alert color="red" role="alert">
        {messageOf(why.error, 'Failed to load the day.')}
      </Alert>
    );
  return <DayWhyView why={why.data} />;
}
