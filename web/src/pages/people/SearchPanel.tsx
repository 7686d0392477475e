import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../api/client';
import { type SearchInput, useDepartments } from '../../api/people';

const ALL = 'all';
type Status = SearchInput['status'];
/**
 * Until a search is asked the page lists everyone, so the panel starts at All (and Clear Search goes back to it):
 * the filter shown is the filter applied.
 */
const START_STATUS: Status = 'All';

/** Typing in the search box searches on the server after this pause. */
const TYPING_PAUSE_MS = 300;

interface SearchPanelProps {
  /** The search the list shows; null: none asked yet, or cleared (the whole list shows). */
  onSearch: (asked: SearchInput | null | ((before: SearchInput | null) => SearchInput | null)) => void;
  busy: boolean;
  error: unknown;
}

/**
 * The employee search form: free text plus department, clock status and deleted filters (POST /api/search).
 * It filters the one employee list below it (EmployeesPage); it shows no results of its own.
 */
export function SearchPanel({ onSearch, busy, error }: SearchPanelProps) {
  const departments = useDepartments();
  const [query, setQuery] = useState('');
  const [department, setDepartment] = useState<string>(ALL);
  const [current, setCurrent] = useState(false);
  const [status, setStatus] = useState<Status>(START_STATUS);
  const [deleted, setDeleted] = useState(false);
  const setAsked = onSearch;
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
    setStatus(START_STATUS);
    setDeleted(false);
    setAsked(null);
  };
  const options = [
    { value: ALL, label: '- All Departments -' },
    ...(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name })),
  ];

  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
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
          <Button type="submit" loading={busy}>
            Search
          </Button>
          <Button variant="default" onClick={clear}>
            Clear Search
          </Button>
        </Group>
        {!!error && <Alert color="red">{messageOf(error, messages.general.genericError)}</Alert>}
      </Stack>
    </Paper>
  );
}
