import { ActionIcon, Anchor, Avatar, Badge, Group, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/client';
import { type EmployeeView, usePeopleMutations } from '../../api/people';
import { openConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';

/** Badges never shrink (a cut "APP AC…" says nothing): the column is as wide as its badges. */
const WHOLE = {
  root: { flexShrink: 0, overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function Permissions({ e }: { e: EmployeeView }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
      {e.permission_app && (
        <Badge variant="light" styles={WHOLE}>
          App Access
        </Badge>
      )}
      {e.permission_site && (
        <Badge variant="light" color="grape" styles={WHOLE}>
          Site Access
        </Badge>
      )}
    </Group>
  );
}

/**
 * The avatar, the name linking to the employee's page, and "Deleted" for a leaver. `nameStyle` lets a card give
 * the name the line's width, so it wraps between words and splits a word only when one word is wider than that.
 */
export function EmployeeName({ e, nameStyle }: { e: EmployeeView; nameStyle?: CSSProperties }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar size="sm" radius="xl" color="blue">
        {e.name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Anchor component={Link} to={`/Employee/${e.id}`} style={nameStyle} data-testid="employee-name">
        {e.name}
      </Anchor>
      {e.deleted_at && (
        <Badge color="gray" variant="outline" size="sm" style={{ flexShrink: 0 }}>
          Deleted
        </Badge>
      )}
    </Group>
  );
}

/** Edit and Delete of one employee; a deleted employee has neither. */
export function EmployeeActions({ e, onEdit }: { e: EmployeeView; onEdit: () => void }) {
  const { deleteEmployee } = usePeopleMutations();
  const askDelete = () =>
    openConfirm({
      title: 'Delete employee',
      children: <Text size="sm">{messages.employees.confirmDelete}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteEmployee.mutate(e.id, {
          onSuccess: () => notifySuccess(messages.employees.deleted),
          onError: (err) => notifyError(messageOf(err, messages.employees.deleteFailed)),
        }),
    });
  return (
    <Group gap={4} wrap="nowrap" display={e.deleted_at ? 'none' : undefined}>
      <ActionIcon variant="subtle" aria-label={`Edit ${e.name}`} onClick={onEdit}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${e.name}`}
        onClick={askDelete}
        loading={deleteEmployee.isPending}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
