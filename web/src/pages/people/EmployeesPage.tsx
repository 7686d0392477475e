import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { messageOf } from '../../api/client';
import { AppPage } from '../../components/AppPage';
import { EmployeeTable } from './EmployeeTable';
import { SearchPanel } from './SearchPanel';
import { useEmployeesPage } from './useEmployeesPage';

function NoEmployees() {
  const navigate = useNavigate();
  const scoped = useScopedAdministrator();
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={3}>{messages.employees.empty}</Title>
      <Text c="dimmed">{messages.employees.noneSetup}</Text>
      <Group>
        <Button onClick={() => navigate('/CreateNewEmployee')}>{messages.employees.addFirst}</Button>
        {!scoped && (
          <Button variant="light" onClick={() => navigate('/ImportEmployees')}>
            Import Employees
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * /Employee: one list of the account's employees, which the search panel above it filters: while a search is
 * asked the list shows its results under the "Search Results" heading and "Found N employees" count;
 * Clear Search brings the whole list back. Edit, delete and bulk delete work on either.
 */
export default function EmployeesPage() {
  const { setAsked, employees, search, searching, pages, all, found, rows, list, total } = useEmployeesPage();
  const navigate = useNavigate();
  const scoped = useScopedAdministrator();
  const actions = (
    <Group>
      <Button onClick={() => navigate('/CreateNewEmployee')}>Add New Employee</Button>
      {!scoped && (
        <Button variant="light" onClick={() => navigate('/ImportEmployees')}>
          Import Employees
        </Button>
      )}
    </Group>
  );
  return (
    <AppPage title="Employees" actions={actions}>
      <SearchPanel
        onSearch={setAsked}
        busy={search.isFetching && !search.isFetchingNextPage}
        error={search.isError ? search.error : null}
      />
      {list.isLoading && (
        <Group>
          <Loader size="sm" />
          <Text>{messages.employees.loading}</Text>
        </Group>
      )}
      {employees.isError && !searching && (
        <Alert color="red">{messageOf(employees.error, messages.employees.fetchFailed)}</Alert>
      )}
      {!searching && pages && all.length === 0 && <NoEmployees />}
      {(searching ? !!found : all.length > 0) && (
        <EmployeeTable
          rows={rows}
          searching={searching}
          total={total}
          more={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      )}
    </AppPage>
  );
}
