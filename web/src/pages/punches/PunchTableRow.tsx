import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { clockOffsetText, messages, shownDeduction } from '@punchclock/contract';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { PunchRow } from '../../api/punches';
import { formatDate, formatTime } from './display-format';
import { LockedMark } from './LockedMark';

export const COLUMNS = [
  'Date',
  'Time In',
  'Time Out',
  'Hours',
  'Deduction',
  'Type',
  'Notes',
  'Location',
  'Source',
];

function Location({ p }: { p: PunchRow }) {
  if (p.latitude === null || p.longitude === null)
    return (
      <Text c="dimmed" size="sm">
        -
      </Text>
    );
  const [lat, lon] = [p.latitude.toFixed(5), p.longitude.toFixed(5)];
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace">
        {lat}, {lon}
      </Text>
      <Anchor
        size="sm"
        href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Map
      </Anchor>
    </Group>
  );
}

/** Where a punch came from: a station, the employee's own login, a manager's clock, or typed in by hand. */
const SOURCE_LABELS: Record<string, string> = {
  station: 'Station',
  web: 'Web',
  manager: 'Manager',
  manual: 'Manual',
};

function Source({ p }: { p: PunchRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={p.source === 'station' ? 'blue' : 'gray'}>
        {SOURCE_LABELS[p.source] ?? p.source}
      </Badge>
      {p.conflict && (
        <Tooltip label={p.conflict} multiline w={260}>
          <Badge color="red">Conflict</Badge>
        </Tooltip>
      )}
      {p.late_sync && (
        <Badge color="yellow" variant="light">
          Late sync
        </Badge>
      )}
      {p.clock_correction && <ClockCorrected correction={p.clock_correction} />}
    </Group>
  );
}

/** A synced punch whose station clock was off (docs/RULES.md#station-clock): marked, by how much on hover. */
function ClockCorrected({ correction }: { correction: { time_in: number | null; time_out: number | null } }) {
  const by = correction.time_in ?? correction.time_out ?? 0;
  return (
    <Tooltip label={messages.clock.clockCorrected(clockOffsetText(by))} multiline w={260}>
      <Badge color="grape" variant="light">
        Clock corrected
      </Badge>
    </Tooltip>
  );
}

/**
 * A punch's time in or out as the account wants it shown: in its Time Format, rounded when 'display round in/out
 * times' is on, the raw time on hover.
 */
function TimeCell({ p, end }: { p: PunchRow; end: 'in' | 'out' }) {
  const [raw, rounded] = end === 'in' ? [p.time_in, p.rounded_time_in] : [p.time_out, p.rounded_time_out];
  const [showRounded, format] = [p.display_rounded, p.time_format];
  if (raw === null) return <>-</>;
  if (!showRounded || rounded === null || rounded === raw) return <>{formatTime(raw, format)}</>;
  return (
    <Tooltip label={`Punched at ${formatTime(raw, format)}`}>
      <Text span size="sm">
        {formatTime(rounded, format)}
      </Text>
    </Tooltip>
  );
}

interface RowProps {
  p: PunchRow;
  canEdit: boolean;
  onEdit: (p: PunchRow) => void;
  onDelete: (p: PunchRow) => void;
}

/** One punch as a row of the table, with Edit and Delete when the caller may change it. */
export function PunchTableRow({ p, canEdit, onEdit, onDelete }: RowProps) {
  const date = formatDate(p.date, p.date_format);
  return (
    <Table.Tr data-testid={`punch-${p.id}`}>
      <Table.Td>
        {p.locked ? (
          <Group gap={4} wrap="nowrap">
            {date}
            <LockedMark />
          </Group>
        ) : (
          date
        )}
      </Table.Td>
      <Table.Td>
        <TimeCell p={p} end="in" />
      </Table.Td>
      <Table.Td>
        <TimeCell p={p} end="out" />
        {p.out_days_later > 0 && (
          <Text span size="xs" c="dimmed" ml={4} title="Clocked out on a later day than the Date">
            +{p.out_days_later} {p.out_days_later === 1 ? 'day' : 'days'}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{p.hours === null ? '-' : p.hours.toFixed(2)}</Table.Td>
      <Table.Td>{shownDeduction(p) ?? '-'}</Table.Td>
      <Table.Td>{p.type}</Table.Td>
      <Table.Td maw={240}>
        <Text size="sm" lineClamp={2}>
          {p.notes}
        </Text>
      </Table.Td>
      <Table.Td>
        <Location p={p} />
      </Table.Td>
      <Table.Td>
        <Source p={p} />
      </Table.Td>
      {canEdit && p.locked && (
        <Table.Td>
          {/* Payroll was approved for its day: an edit or delete would be refused (docs/RULES.md#pay-periods). */}
          <Tooltip label={messages.punches.lockedHint}>
            <Group
              gap={4}
              wrap="nowrap"
              c="dimmed"
              aria-label={`Punch ${date}: ${messages.punches.lockedHint}`}
            >
              <IconLock size={18} aria-hidden />
              <Text size="xs">Locked</Text>
            </Group>
          </Tooltip>
        </Table.Td>
      )}
      {canEdit && !p.locked && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Edit punch ${date}`} onClick={() => onEdit(p)}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete punch ${date}`}
              onClick={() => onDelete(p)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
