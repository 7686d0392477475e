import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { messages, shownDeduction } from '@punchclock/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/client';
import { type PunchRow, usePunchMutations, usePunchPage } from '../../api/punches';
import { notifyError, notifySuccess } from '../../components/notify';
import { useSession } from '../../session/session';
import { formatDate, formatTime } from './display-format';
import { PunchForm } from './PunchForm';
import { punchBody, type PunchValues, valuesOf } from './punch-values';
import { openConfirm } from '../../components/confirm';

/** Punches per page: about a month of shifts. */
const PAGE_SIZE = 25;
const COLUMNS = ['Date', 'Time In', 'Time Out', 'Hours', 'Deduction', 'Type', 'Notes', 'Location', 'Source'];

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
    </Group>
  );
}

/**
 * A time as the account wants it shown: in its Time Format, rounded when 'display round in/out
 * times' is on, the raw time on hover.
 */
function TimeCell({
  raw,
  rounded,
  showRounded,
  format,
}: {
  raw: string | null;
  rounded: string | null;
  showRounded: boolean;
  format: string;
}) {
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

function PunchTableRow({ p, canEdit, onEdit, onDelete }: RowProps) {
  const date = formatDate(p.date, p.date_format);
  return (
    <Table.Tr data-testid={`punch-${p.id}`}>
      <Table.Td>{date}</Table.Td>
      <Table.Td>
        <TimeCell
          raw={p.time_in}
          rounded={p.rounded_time_in}
          showRounded={p.display_rounded}
          format={p.time_format}
        />
      </Table.Td>
      <Table.Td>
        <TimeCell
          raw={p.time_out}
          rounded={p.rounded_time_out}
          showRounded={p.display_rounded}
          format={p.time_format}
        />
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
      {canEdit && (
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

function EditPunchModal({ punch, onClose }: { punch: PunchRow | null; onClose: () => void }) {
  const { update } = usePunchMutations();
  const save = (v: PunchValues) => {
    if (!punch) return;
    update.mutate(
      { id: punch.id, ...punchBody(punch.employee_id, v) },
      {
        onSuccess: (a) => {
          notifySuccess(a.message || messages.punches.updated);
          onClose();
        },
      },
    );
  };
  // A refusal belongs to the dialog it was made in: closing it forgets it.
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal opened={!!punch} onClose={close} title="Edit punch" centered>
      {punch && (
        <PunchForm
          key={punch.id}
          initial={valuesOf(punch)}
          open={punch.time_out === null}
          busy={update.isPending}
          error={update.error ? messageOf(update.error, 'Failed to update the punch.') : null}
          onAttempt={() => update.reset()}
          submitLabel="Save"
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/** Lives with the table, not the row: the row is gone once the list reloads, and its callbacks with it. */
function useDeletePunch() {
  const { remove } = usePunchMutations();
  return (p: PunchRow) =>
    openConfirm({
      title: 'Delete punch',
      children: (
        <Text size="sm">
          Are you sure you want to delete the punch of {formatDate(p.date, p.date_format)} (
          {formatTime(p.time_in, p.time_format)} –{' '}
          {p.time_out === null ? '…' : formatTime(p.time_out, p.time_format)})?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: (a) => notifySuccess(a.message || messages.punches.deleted),
          onError: (e) => notifyError(messageOf(e, 'Failed to delete the punch.')),
        }),
    });
}

/**
 * An employee's punches, newest first. Managers may always edit and delete; an employee only
 * when `canEdit` says their account allows it (the server checks again either way). `limit` shows
 * only the newest rows (the dashboard).
 */
export function PunchTable({
  employeeId,
  canEdit = false,
  limit,
  editPunchId,
}: {
  employeeId: number;
  canEdit?: boolean;
  limit?: number;
  /** A punch whose edit dialog opens once it is on the page (the dashboard's Fix of a forgotten clock-out). */
  editPunchId?: number;
}) {
  // The page's position: a cursor the server gave, null for the newest page. With `limit`, only the newest rows.
  const [cursor, setCursor] = useState<string | null>(null);
  const punches = usePunchPage(employeeId, cursor, limit ?? PAGE_SIZE);
  const manager = useSession().user?.user_type === 'user';
  const editable = manager || canEdit;
  const [editing, setEditing] = useState<PunchRow | null>(null);
  const askDelete = useDeletePunch();
  const opened = useRef<number | undefined>(undefined);
  const asked = editable && editPunchId ? punches.data?.data.find((p) => p.id === editPunchId) : undefined;
  useEffect(() => {
    // Once per punch asked for: closing the dialog, or the list reloading after a save, does not open it again.
    if (!asked || opened.current === asked.id) return;
    opened.current = asked.id;
    setEditing(asked);
  }, [asked]);

  if (punches.isLoading) return <Loader size="sm" aria-label="Loading punches" />;
  if (punches.isError)
    return <Alert color="red">{messageOf(punches.error, messages.punches.fetchFailed)}</Alert>;
  const page = punches.data;
  const rows = page?.data ?? [];
  const paged = !limit && (!!page?.next_cursor || !!page?.prev_cursor);
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {messages.punches.noData}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid="punch-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
              {editable && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <PunchTableRow key={p.id} p={p} canEdit={editable} onEdit={setEditing} onDelete={askDelete} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paged && (
        <Group justify="flex-end" gap="xs" mt="sm" aria-label="Punch pages">
          <Button
            variant="default"
            size="xs"
            disabled={!page?.prev_cursor || punches.isPlaceholderData}
            onClick={() => setCursor(page?.prev_cursor ?? null)}
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!page?.next_cursor || punches.isPlaceholderData}
            onClick={() => setCursor(page?.next_cursor ?? null)}
          >
            Next
          </Button>
        </Group>
      )}
      <EditPunchModal punch={editing} onClose={() => setEditing(null)} />
    </>
  );
}
