import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@punchclock/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { messageOf } from '../../api/client';
import { downloadFile } from '../../api/download';
import {
  type EmployeeView,
  type SearchInput,
  useEmployeeSearch,
  useEmployeePages,
  usePeopleMutations,
} from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { money } from './download';
import { EditEmployeeModal } from './EditEmployeeModal';
import { EmployeeCards } from './EmployeeCards';
import { EmployeeActions, EmployeeName, Permissions } from './EmployeeListParts';
import { SearchPanel } from './SearchPanel';
import { openConfirm } from '../../components/confirm';
import { LONG_TEXT } from '../../components/cells';

/**
 * The name cell holds the avatar too: at LONG_TEXT's 100 px the browser, squeezing the table into a tablet, left a
 * name some 40 px and split it inside its words. Wide enough for a long surname, it makes the table scroll instead.
 */
const NAME_CELL = { ...LONG_TEXT, minWidth: 200 };
/** An address is one word: it splits anyway, but at readable lengths. */
const EMAIL_CELL = { ...LONG_TEXT, minWidth: 180 };

interface RowProps {
  e: EmployeeView;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
}

/**
 * Badge cards for the selected employees, or for everyone when none is selected, as Letter sheets of eight to cut
 * out (POST /api/employees/print-cards): a new company's staff printed at once, not a PDF each.
 */
function PrintCardsButton({ ids }: { ids: number[] }) {
  const [busy, setBusy] = useState(false);
  const print = () => {
    setBusy(true);
    downloadFile('/api/employees/print-cards', 'employee-cards.pdf', ids.length ? { employee_ids: ids } : {})
      .catch((e: unknown) => notifyError(messageOf(e, messages.people.printCardsFailed)))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="default" leftSection={<IconPrinter size={16} />} loading={busy} onClick={print}>
      {ids.length ? `Print ${ids.length} Card${ids.length === 1 ? '' : 's'}` : 'Print All Cards'}
    </Button>
  );
}

function EmployeeRow({ e, selected, onSelect, onEdit }: RowProps) {
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        {!e.deleted_at && (
          <Checkbox
            aria-label={`Select ${e.name}`}
            checked={selected}
            onChange={(ev) => onSelect(ev.currentTarget.checked)}
          />
        )}
      </Table.Td>
      <Table.Td style={NAME_CELL}>
        <EmployeeName e={e} />
      </Table.Td>
      <Table.Td>{e.employee_id}</Table.Td>
      <Table.Td style={LONG_TEXT}>{e.department_name || messages.employees.unknownDepartment}</Table.Td>
      <Table.Td style={LONG_TEXT}>{e.title}</Table.Td>
      <Table.Td style={EMAIL_CELL}>{e.email}</Table.Td>
      <Table.Td>{money(e.hourly_rate)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Permissions e={e} />
      </Table.Td>
      <Table.Td>
        <EmployeeActions e={e} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

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
 * Below the small breakpoint the list is cards: the table's nine columns need 960 px, and squeezed into a phone
 * its cells split names inside words. Read on the first render, so a phone never draws the table first.
 */
function usePhone(): boolean {
  const theme = useMantineTheme();
  return !useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
}

/** Selection is kept by database id, so it survives paging and list reloads. */
function useSelection(ids: number[]) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const live = new Set([...chosen].filter((id) => ids.includes(id)));
  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const setMany = (many: number[], on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      many.forEach((id) => (on ? n.add(id) : n.delete(id)));
      return n;
    });
  return { chosen: live, toggle, setMany, clear: () => setChosen(new Set()) };
}

interface TableProps {
  rows: EmployeeView[];
  total: number;
  /** Set while a search filters the list: the Search Results heading and its count. */
  searching: boolean;
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

/** The loaded pages of the list (the server pages it by position); "Load more" asks for the next page. */
function EmployeeTable({ rows, total, searching, more, loadingMore, onMore }: TableProps) {
  const { deleteEmployees } = usePeopleMutations();
  const [editing, setEditing] = useState<EmployeeView | null>(null);
  // Deleted employees (found by "Show Deleted Employees") cannot be selected, edited or deleted again.
  const sel = useSelection(rows.filter((e) => !e.deleted_at).map((e) => e.id));
  const visible = rows;
  const pageIds = visible.filter((e) => !e.deleted_at).map((e) => e.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => sel.chosen.has(id));
  const someOnPage = pageIds.some((id) => sel.chosen.has(id));
  const phone = usePhone();
  const selectAll = (label?: string) => (
    <Checkbox
      aria-label={label ? undefined : 'Select all employees on this page'}
      label={label}
      checked={allOnPage}
      indeterminate={someOnPage && !allOnPage}
      onChange={(ev) => sel.setMany(pageIds, ev.currentTarget.checked)}
    />
  );

  const askBulkDelete = () =>
    openConfirm({
      title: 'Delete employees',
      children: (
        <Text size="sm">
          {messages.employees.confirmBulkDelete} ({sel.chosen.size})
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteEmployees.mutate([...sel.chosen], {
          onSuccess: () => {
            sel.clear();
            notifySuccess(messages.employees.bulkDeleted);
          },
          onError: (err) =>
            notifyError(messages.employees.bulkDeleteFailed(messageOf(err, messages.general.genericError))),
        }),
    });

  return (
    <Stack>
      {searching && (
        <Title order={2} fz="h3">
          Search Results
        </Title>
      )}
      <Group justify="space-between">
        {searching ? (
          <Text data-testid="search-count">
            Found {total} employees
            {sel.chosen.size > 0 && `, ${sel.chosen.size} selected`}
          </Text>
        ) : (
          <Text c="dimmed" size="sm">
            {total} employees{rows.length < total && `, ${rows.length} shown`}
            {sel.chosen.size > 0 && `, ${sel.chosen.size} selected`}
          </Text>
        )}
        <Group gap="xs">
          <PrintCardsButton ids={[...sel.chosen]} />
          <Button
            color="red"
            variant="light"
            disabled={sel.chosen.size === 0}
            loading={deleteEmployees.isPending}
            onClick={askBulkDelete}
          >
            Delete Selected Employees
          </Button>
        </Group>
      </Group>
      {phone ? (
        <EmployeeCards
          rows={visible}
          chosen={sel.chosen}
          onSelect={sel.toggle}
          onEdit={setEditing}
          selectAll={selectAll('Select all employees on this page')}
        />
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={960} data-testid="employee-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{selectAll()}</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Employee ID</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Hourly Rate</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text c="dimmed" ta="center" py="md">
                      No employees match this search.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {visible.map((e) => (
                <EmployeeRow
                  key={e.id}
                  e={e}
                  selected={sel.chosen.has(e.id)}
                  onSelect={(on) => sel.toggle(e.id, on)}
                  onEdit={() => setEditing(e)}
                />
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
      <EditEmployeeModal employee={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/**
 * /Employee: one list of the account's employees, which the search panel above it filters: while a search is
 * asked the list shows its results under the "Search Results" heading and "Found N employees" count;
 * Clear Search brings the whole list back. Edit, delete and bulk delete work on either.
 */
export default function EmployeesPage() {
  const [asked, setAsked] = useState<SearchInput | null>(null);
  const employees = useEmployeePages();
  const search = useEmployeeSearch(asked);
  const searching = asked !== null;
  const pages = employees.data?.pages;
  const all = pages?.flatMap((p) => p.data) ?? [];
  const found = search.data?.pages;
  const rows = searching ? (found?.flatMap((p) => p.employees) ?? []) : all;
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
  const list = searching ? search : employees;
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
          total={(searching ? found?.[0].total : pages?.[0].total) ?? rows.length}
          more={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      )}
    </AppPage>
  );
}
