import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/client';
import { type EmployeeView, type SearchInput, useDepartments, useEmployeeSearch } from '../../api/people';
import { money } from './download';

const ALL = 'all';
type Status = SearchInput['status'];

/** Typing in the search box searches on the server after this pause. */
const TYPING_PAUSE_MS = 300;

interface ResultsProps {
  rows: EmployeeView[];
  total: number;
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

function ResultsTable({ rows, total, more, loadingMore, onMore }: ResultsProps) {
  return (
    <Stack gap="xs" mt="md">
      <Title order={3}>Search Results</Title>
      <Text data-testid="search-count">Found {total} employees</Text>
      {rows.length > 0 && (
        <ScrollArea type="auto">
          <Table striped miw={640} data-testid="search-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Hourly Rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.employee_id}</Table.Td>
                  <Table.Td>
                    <Link to={`/Employee/${e.id}`}>{e.name}</Link>
                    {e.deleted_at && (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        (deleted)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{e.title}</Table.Td>
                  <Table.Td>{e.email}</Table.Td>
                  <Table.Td>{e.department_name || messages.employees.unknownDepartment}</Table.Td>
                  <Table.Td>{money(e.hourly_rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {more && (
        <Group justify="center">
          <Button variant="default" onClick={onMore} loading={loadingMore}>
            {messages.general.loadMore}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The employee search: free text plus department, clock status and deleted filters (POST /api/search). */
export function SearchPanel() {
  const departments = useDepartments();
  const [query, setQuery] = useState('');
  const [department, setDepartment] = useState<string>(ALL);
  const [current, setCurrent] = useState(false);
  const [status, setStatus] = useState<Status>('Out');
  const [deleted, setDeleted] = useState(false);
  // The search the results show (null: none asked yet, or cleared); the server pages it.
  const [asked, setAsked] = useState<SearchInput | null>(null);
  const search = useEmployeeSearch(asked);
  const [typed] = useDebouncedValue(query, TYPING_PAUSE_MS);

  const filters = (text: string): SearchInput => ({
    query: text.trim(),
    department_id: department === ALL ? null : Number(department),
    current_department: current,
    status,
    show_deleted: deleted,
  });
  const run = () => setAsked(filters(query));
  // Typing searches by itself once the typing pauses (and refines a search already shown).
  useEffect(() => {
    setAsked((before) => (typed.trim() || before ? filters(typed) : before));
    // Only the typed text starts a search by itself; the other filters wait for Search.
  }, [typed]);
  const clear = () => {
    setQuery('');
    setDepartment(ALL);
    setCurrent(false);
    setStatus('Out');
    setDeleted(false);
    setAsked(null);
  };
  const pages = search.data?.pages;
  const rows = pages?.flatMap((p) => p.employees) ?? [];
  const options = [
    { value: ALL, label: '- All Departments -' },
    ...(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name })),
  ];

  return (
    <Paper
      withBorder
      p="md"
      mb="xl"
      component="form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        run();
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            aria-label="Search employees"
            placeholder="Search by Name, Department, Title, ID, Email..."
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            maxLength={200}
            leftSection={<IconSearch size={16} />}
          />
          <Select
            aria-label="Department"
            data={options}
            value={department}
            onChange={(v) => setDepartment(v ?? ALL)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group gap="xl" align="flex-end">
          <Checkbox
            label="Show Current Department"
            checked={current}
            onChange={(e) => setCurrent(e.currentTarget.checked)}
          />
          <Radio.Group label="Status" value={status} onChange={(v) => setStatus(v as Status)}>
            <Group gap="md" mt={4}>
              {(['All', 'In', 'Out'] as const).map((s) => (
                <Radio key={s} value={s} label={s} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox
            label="Show Deleted Employees"
            checked={deleted}
            onChange={(e) => setDeleted(e.currentTarget.checked)}
          />
        </Group>
        <Group>
          <Button type="submit" loading={search.isFetching && !search.isFetchingNextPage}>
            Search
          </Button>
          <Button variant="default" onClick={clear}>
            Clear Search
          </Button>
        </Group>
        {search.isError && (
          <Alert color="red">{messageOf(search.error, messages.general.genericError)}</Alert>
        )}
        {asked && pages && (
          <ResultsTable
            rows={rows}
            total={pages[0].total ?? rows.length}
            more={!!search.hasNextPage}
            loadingMore={search.isFetchingNextPage}
            onMore={() => void search.fetchNextPage()}
          />
        )}
      </Stack>
    </Paper>
  );
}
