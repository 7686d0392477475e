import { ActionIcon, Alert, Button, Loader, Modal, Table, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { type CustomFieldView, useCustomFields, usePeopleMutations } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { CustomFieldForm } from './CustomFieldForm';
import { openConfirm } from '../../components/confirm';
import { ScrollTable } from '../../components/ScrollTable';

/** `null` closed, `'new'` creating, a field editing it. */
type Editing = CustomFieldView | 'new' | null;

function useDeleteField() {
  const { deleteField } = usePeopleMutations();
  return (f: CustomFieldView) =>
    openConfirm({
      title: `Delete ${f.field_name}`,
      children: (
        <Text size="sm">
          {messages.customFields.confirmDelete} Its values on employees are removed too
          {f.value_count ? ` (${f.value_count} value${f.value_count === 1 ? '' : 's'})` : ''}.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteField.mutate(f.id, {
          onSuccess: (a) => notifySuccess(a?.message || 'Field deleted successfully'),
          onError: (e) =>
            notifyError(messages.customFields.deleteError(messageOf(e, messages.general.genericError))),
        }),
    });
}

function FieldTable({ rows, onEdit }: { rows: CustomFieldView[]; onEdit: (f: CustomFieldView) => void }) {
  const remove = useDeleteField();
  return (
    <ScrollTable
      minWidth={640}
      striped
      highlightOnHover
      columns={['Edit', 'Field Name', 'Type', 'Allow Duplicates', 'Values', 'Delete']}
    >
      {rows.map((f) => (
        <Table.Tr key={f.id}>
          <Table.Td>
            <ActionIcon variant="subtle" aria-label={`Edit ${f.field_name}`} onClick={() => onEdit(f)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Table.Td>
          <Table.Td fw={500}>{f.field_name}</Table.Td>
          <Table.Td>{f.field_type}</Table.Td>
          <Table.Td>{f.allow_duplicates ? 'Yes' : 'No'}</Table.Td>
          <Table.Td>{f.value_count}</Table.Td>
          <Table.Td>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${f.field_name}`}
              onClick={() => remove(f)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/** /CustomFields: the account's custom employee fields — create and edit in a modal, delete with their values. */
export default function CustomFieldsPage() {
  const fields = useCustomFields();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const field = editing === 'new' || editing === null ? undefined : editing;
  return (
    <AppPage
      title="Custom Fields"
      actions={<Button onClick={() => setEditing('new')}>Create Custom Field</Button>}
    >
      {fields.isLoading && <Loader />}
      {fields.isError && (
        <Alert color="red">
          {messages.customFields.fetchFailed(messageOf(fields.error, messages.general.genericError))}
        </Alert>
      )}
      {fields.data?.length === 0 && (
        <Text ta="center" py="xl" c="dimmed">
          {messages.customFields.empty}
        </Text>
      )}
      {!!fields.data?.length && <FieldTable rows={fields.data} onEdit={setEditing} />}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={field ? 'Edit Custom Field' : 'Create Custom Field'}
        centered
      >
        {editing !== null && (
          <CustomFieldForm key={field?.id ?? 'new'} field={field} onDone={close} onClose={close} />
        )}
      </Modal>
    </AppPage>
  );
}
