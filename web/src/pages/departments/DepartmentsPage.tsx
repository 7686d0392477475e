import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { foldText, messages } from '@punchclock/contract';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { messageOf } from '../../api/client';
import { type DepartmentView, useDepartments, usePeopleMutations } from '../../api/people';
import { useAccountInstant } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { confirmDepartmentDelete } from './deleteDepartment';
import { EditDepartmentModal } from './EditDepartmentModal';
import { openConfirm } from '../../components/confirm';
import { LONG_TEXT } from '../../components/cells';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const HEADERS = [
  'Department Name',
  'Type',
  'Exclude from Reports',
  'Company Settings',
  'Assign to All',
  'Employees',
  'Created At',
  'Updated At',
  'Edit/Delete',
];
// Clicks on the row's own controls must not also open the department.
const stop = (e: MouseEvent) => e.stopPropagation();

interface RowProps {
  d: DepartmentView;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** A department-scoped administrator reads departments but cannot change them. */
  readOnly: boolean;
}

/** Timestamps stay on one line: the account's clock and formats, e.g. 11/24/26 9:05 AM. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

function DepartmentRow({ d, selected, onSelect, onEdit, onDelete, readOnly }: RowProps) {
  const navigate = useNavigate();
  const { when } = useAccountInstant();
  return (
    <Table.Tr
      onClick={() => navigate(`/Departments/${d.id}`)}
      style={{ cursor: 'pointer' }}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Table.Td onClick={stop}>
        {!readOnly && (
          <Checkbox
            aria-label={`Select ${d.dp_name}`}
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        )}
      </Table.Td>
      <Table.Td fw={500} style={LONG_TEXT}>
        {d.dp_name}
      </Table.Td>
      <Table.Td>{d.dp_type}</Table.Td>
      <Table.Td>{yesNo(d.exclude_from_reports)}</Table.Td>
      <Table.Td>{yesNo(d.use_company_settings)}</Table.Td>
      <Table.Td>{yesNo(d.assign_to_all_employees)}</Table.Td>
      <Table.Td>{d.employee_count}</Table.Td>
      <Table.Td style={ONE_LINE}>{when(d.created_at)}</Table.Td>
      <Table.Td style={ONE_LINE}>{when(d.updated_at)}</Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap" display={readOnly ? 'none' : undefined}>
          <ActionIcon variant="subtle" aria-label={`Edit ${d.dp_name}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${d.dp_name}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Selection of rows; ids no longer listed (deleted elsewhere) drop out of it. */
function useSelection(rows: DepartmentView[]) {
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const ids = rows.map((r) => r.id).filter((id) => picked.has(id));
  const toggle = (id: number, on: boolean) =>
    setPicked((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const all = (on: boolean) => setPicked(new Set(on ? rows.map((r) => r.id) : []));
  return { ids, has: (id: number) => picked.has(id), toggle, all, clear: () => setPicked(new Set()) };
}

function useDepartmentActions(rows: DepartmentView[], clear: () => void) {
  const { deleteDepartment, deleteDepartments } = usePeopleMutations();
  const fail = (e: unknown) =>
    notifyError(messages.departments.error(messageOf(e, messages.general.genericError)));
  const remove = (d: DepartmentView) =>
    confirmDepartmentDelete(d, rows, (moveTo) =>
      deleteDepartment.mutate(
        { id: d.id, moveTo },
        { onSuccess: () => notifySuccess(messages.departments.deleted), onError: fail },
      ),
    );
  const removeMany = (ids: number[]) =>
    openConfirm({
      title: 'Delete Selected Departments',
      children: (
        <Text size="sm">
          {messages.departments.confirmBulkDelete} ({ids.length} selected)
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteDepartments.mutate(ids, {
          onSuccess: () => {
            clear();
            notifySuccess(messages.departments.bulkDeleted);
          },
          onError: fail,
        }),
    });
  return { remove, removeMany };
}

function DepartmentTable({ rows, readOnly }: { rows: DepartmentView[]; readOnly: boolean }) {
  const sel = useSelection(rows);
  const { remove, removeMany } = useDepartmentActions(rows, sel.clear);
  const [editing, setEditing] = useState<DepartmentView | null>(null);
  const allOn = sel.ids.length === rows.length;
  return (
    <>
      <Group justify="flex-end" mb="sm" display={readOnly ? 'none' : undefined}>
        <Button
          color="red"
          variant="light"
          disabled={sel.ids.length === 0}
          onClick={() => removeMany(sel.ids)}
        >
          Delete Selected Departments
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  display={readOnly ? 'none' : undefined}
                  aria-label="Select all departments"
                  checked={allOn}
                  indeterminate={sel.ids.length > 0 && !allOn}
                  onChange={(e) => sel.all(e.currentTarget.checked)}
                />
              </Table.Th>
              {HEADERS.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <DepartmentRow
                key={d.id}
                d={d}
                selected={sel.has(d.id)}
                onSelect={(on) => sel.toggle(d.id, on)}
                onEdit={() => setEditing(d)}
                onDelete={() => remove(d)}
                readOnly={readOnly}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <EditDepartmentModal dept={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** Any letter case or accent, as every search here ("cafe" finds "Café"). */
const matches = (d: DepartmentView, q: string) =>
  !q || foldText(d.dp_name).includes(q) || foldText(d.dp_type).includes(q);

/**
 * /Departments, /DepartmentsDetail and /CustomFieldDetail (the old client's "Custom Filed" list of departments):
 * the account's departments — search, select, edit, delete (moving members), open one.
 */
export default function DepartmentsPage() {
  const departments = useDepartments();
  const navigate = useNavigate();
  const scoped = useScopedAdministrator();
  const [query, setQuery] = useState('');
  const q = foldText(query.trim());
  const rows = (departments.data ?? []).filter((d) => matches(d, q));
  return (
    <AppPage
      title="Departments"
      actions={
        scoped ? undefined : <Button onClick={() => navigate('/CreateDepartment')}>Create Department</Button>
      }
      size="xl"
    >
      {departments.isLoading && <Loader />}
      {departments.isError && (
        <Alert color="red">
          {messages.departments.error(messageOf(departments.error, messages.general.genericError))}
        </Alert>
      )}
      {!!departments.data?.length && (
        <TextInput
          mb="md"
          placeholder="Search by Department Name, Type"
          aria-label="Search by Department Name, Type"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={360}
          maw="100%"
        />
      )}
      {departments.data && rows.length === 0 && (
        <Text ta="center" py="xl" c="dimmed">
          {departments.data.length ? 'No departments found' : messages.departments.empty}
        </Text>
      )}
      {rows.length > 0 && <DepartmentTable rows={rows} readOnly={scoped} />}
    </AppPage>
  );
}
