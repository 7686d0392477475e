import { Button, Checkbox, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { EMPLOYEE_COLUMNS, messages } from '@punchclock/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { downloadFile } from '../../api/download';
import { type EmployeeView, usePeopleMutations } from '../../api/people';
import { LONG_TEXT } from '../../components/cells';
import { openConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';
import { TableHead } from '../../components/TableHead';
import { useRateText } from './download';
import { EditEmployeeModal } from './EditEmployeeModal';
import { EmployeeCards } from './EmployeeCards';
import { EmployeeActions, EmployeeName, Permissions } from './EmployeeListParts';
import { usePhone, useSelection } from './useEmployeeSelection';

const COLUMNS = [...EMPLOYEE_COLUMNS, 'Permissions', 'Actions'];

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
  const money = useRateText();
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
export function EmployeeTable({ rows, total, searching, more, loadingMore, onMore }: TableProps) {
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
            <TableHead columns={[selectAll(), ...COLUMNS]} />
            <Table.Tbody>
              {visible.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length + 1}>
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
