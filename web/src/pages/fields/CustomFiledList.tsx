import { ActionIcon, Alert, Button, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { foldText, messages } from '@punchclock/contract';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/client';
import { type DepartmentView, useDepartments } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { EditDepartmentModal } from '../departments/EditDepartmentModal';

/** Any letter case or accent, as every search here ("cafe" finds "Café"). */
const matches = (d: DepartmentView, q: string) =>
  !q || foldText(d.dp_name).includes(q) || foldText(d.dp_type).includes(q);

function Rows({ rows, onEdit }: { rows: DepartmentView[]; onEdit: (d: DepartmentView) => void }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Edit</Table.Th>
            <Table.Th>Department Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Employees</Table.Th>
            <Table.Th>Primary</Table.Th>
            <Table.Th>In</Table.Th>
            <Table.Th>Out</Table.Th>
            <Table.Th>Membership</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <ActionIcon variant="subtle" aria-label={`Edit ${d.dp_name}`} onClick={() => onEdit(d)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Table.Td>
              <Table.Td fw={500}>{d.dp_name}</Table.Td>
              <Table.Td>{d.dp_type}</Table.Td>
              <Table.Td>{d.employee_count}</Table.Td>
              <Table.Td>{d.assign_to_all_employees ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{d.clocked_in_count}</Table.Td>
              <Table.Td>{d.employee_count - d.clocked_in_count}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => navigate(`/Departments/${d.id}`)}>
                  Members
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /CustomFieldDetail: the old client's "Custom Filed" list — the account's departments, searchable by name or
 * type.
 */
export default function CustomFiledList() {
  const departments = useDepartments();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<DepartmentView | null>(null);
  const q = foldText(query.trim());
  const rows = (departments.data ?? []).filter((d) => matches(d, q));
  return (
    <AppPage
      title="Custom Filed"
      actions={<Button onClick={() => navigate('/CreateCustomField')}>Create New Custom Filed</Button>}
    >
      <Group mb="md">
        <TextInput
          placeholder="Search by Department Name, Type"
          aria-label="Search by Department Name, Type"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={360}
          maw="100%"
        />
      </Group>
      {departments.isLoading && <Loader />}
      {departments.isError && (
        <Alert color="red">
          {messages.departments.error(messageOf(departments.error, messages.general.genericError))}
        </Alert>
      )}
      {departments.data && rows.length === 0 && (
        <Text ta="center" py="xl" c="dimmed">
          No departments found
        </Text>
      )}
      {rows.length > 0 && <Rows rows={rows} onEdit={setEditing} />}
      <EditDepartmentModal dept={editing} onClose={() => setEditing(null)} />
    </AppPage>
  );
}
