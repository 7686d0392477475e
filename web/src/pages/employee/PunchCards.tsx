import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { Link } from 'react-router';
import { type PunchRow, usePunchPage } from '../../api/punches';
import { formatDate, formatTime } from '../punches/display-format';
import { LockedMark } from '../punches/LockedMark';
import { CursorPager } from '../../components/CursorPager';
import { useState } from 'react';

/** In and out as the account shows them (rounded when it displays rounded times). */
export function shownTimes(p: PunchRow) {
  const time = (raw: string | null, rounded: string | null) =>
    raw === null ? '-' : formatTime(p.display_rounded && rounded ? rounded : raw, p.time_format);
  return { in: time(p.time_in, p.rounded_time_in), out: time(p.time_out, p.rounded_time_out) };
}

/** One punch as a card: what a narrow screen shows instead of a table row, with a link to its details. */
export function PunchCard({ p }: { p: PunchRow }) {
  const t = shownTimes(p);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`punch-card-${p.id}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Text fw={600}>{formatDate(p.date, p.date_format)}</Text>
          {p.locked && <LockedMark />}
        </Group>
        <Group gap={4}>
          <Badge variant="light" color={p.type === 'None' ? 'blue' : 'orange'}>
            {p.type === 'None' ? 'Work' : p.type}
          </Badge>
          {p.time_out === null && (
            <Badge variant="light" color="green">
              Open
            </Badge>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="xs" mt={6}>
        {(
          [
            ['Time In', t.in],
            ['Time Out', t.out],
            ['Hours', p.hours === null ? '-' : p.hours.toFixed(2)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <Text fz="xs" c="dimmed">
              {label}
            </Text>
            <Text fz="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      {p.type !== 'None' && (
        <Text fz="xs" c="dimmed" mt={4}>
          Deduction: {p.deduction}
        </Text>
      )}
      {p.notes && (
        <Text fz="sm" mt={4} lineClamp={2}>
          {p.notes}
        </Text>
      )}
      <Anchor component={Link} to={`/ActivityDetail?id=${p.id}`} state={{ punch: p }} fz="sm" mt={4}>
        Details
      </Anchor>
    </Paper>
  );
}

/** An employee's punches as cards, newest first, a page at a time (Previous / Next by the server's cursors). */
export function PunchCardList({ employeeId, limit = 25 }: { employeeId: number; limit?: number }) {
  const [cursor, setCursor] = useState<string | null>(null);
  const punches = usePunchPage(employeeId, cursor, limit);
  const page = punches.data;
  if (punches.isPending) return <Loader size="sm" aria-label="Loading punches" />;
  if (punches.isError)
    return (
      <Text c="red" fz="sm">
        {messages.punches.fetchFailed}
      </Text>
    );
  if (!page || page.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {messages.punches.noActivity}
      </Text>
    );
  return (
    <Stack gap="xs">
      {page.data.map((p) => (
        <PunchCard key={p.id} p={p} />
      ))}
      {(page.next_cursor || page.prev_cursor) && (
        <CursorPager
          prev={page.prev_cursor}
          next={page.next_cursor}
          waiting={punches.isPlaceholderData}
          onPage={setCursor}
        />
      )}
    </Stack>
  );
}
