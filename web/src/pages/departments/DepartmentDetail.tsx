import { Alert, Anchor, Button, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, messageOf } from '../../api/client';
import { type DepartmentView, type EmployeeView, useDepartment } from '../../api/people';
import { useAccountInstant } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { ScheduleCard } from './ScheduleCard';
import { ScrollTable } from '../../components/ScrollTable';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

function Facts({ d }: { d: DepartmentView }) {
  // On the account's clock and in its Date and Time Format, like every other instant of the manager screens.
  const { when } = useAccountInstant();
  const facts: [string, string][] = [
    ['Department Name', d.dp_name],
    ['Type', d.dp_type],
    ['Exclude from Reports', yesNo(d.exclude_from_reports)],
    ['Use Company Settings', yesNo(d.use_company_settings)],
    ['Assign to All Employees', yesNo(d.assign_to_all_employees)],
    ['Employees', String(d.employee_count)],
    ['Created At', when(d.created_at)],
    ['Updated At', when(d.updated_at)],
  ];
  return (
    <Paper withBorder radius="md" p="lg" mb="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {facts.map(([label, value]) => (
          <Stack gap={2} key={label}>
            <Text size="xs" c="dimmed" tt="uppercase">
              {label}
            </Text>
            <Text fw={500}>{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function Members({ members }: { members: EmployeeView[] }) {
  if (members.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        No employees in this department
      </Text>
    );
  return (
    <ScrollTable minWidth={560} striped columns={['Name', 'Employee ID', 'Title', 'Email']}>
      {members.map((m) => (
        <Table.Tr key={m.id}>
          <Table.Td>
            <Anchor component={Link} to={`/Employee/${m.id}`}>
              {m.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{m.employee_id}</Table.Td>
          <Table.Td>{m.title ?? ''}</Table.Td>
          <Table.Td>{m.email ?? ''}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

/** /Departments/:id: one department's settings and who belongs to it. */
export default function DepartmentDetail() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const dept = useDepartment(valid ? id : 0);
  const navigate = useNavigate();
  const back = (
    <Button variant="default" onClick={() => navigate('/Departments')}>
      Back to Departments
    </Button>
  );
  // Another account's id answers 404 just like a missing one, so both read "not found".
  const missing = !valid || (dept.error instanceof ApiError && dept.error.status === 404);
  return (
    <AppPage title={dept.data?.data.dp_name ?? 'Department Details'} actions={back}>
      {dept.isLoading && <Loader />}
      {missing && <Alert color="yellow">Department not found</Alert>}
      {dept.isError && !missing && (
        <Alert color="red">
          {messages.departments.error(messageOf(dept.error, messages.general.genericError))}
        </Alert>
      )}
      {dept.data && (
        <>
          <Facts d={dept.data.data} />
          <ScheduleCard departmentId={dept.data.data.id} />
          <Title order={2} fz="lg" mb="sm">
            Members
          </Title>
          <Members members={dept.data.members} />
        </>
      )}
    </AppPage>
  );
}
