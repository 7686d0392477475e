import { Alert, Button, Group, Loader, Table, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { messageOf } from '../../api/client';
import { EditPunchModal } from './PunchDialogs';
import { COLUMNS, PunchTableRow } from './PunchTableRow';
import { usePunchTable } from './usePunchTable';

/**
 * An employee's punches, newest first. Managers may always edit and delete; an employee only
 * when `canEdit` says their account allows it (the server checks again either way). `limit` shows
 * only the newest rows (the dashboard).
 */
export function PunchTable({
  employeeId,
  canEdit = false,
  limit,
  editPunchId,
}: {
  employeeId: number;
  canEdit?: boolean;
  limit?: number;
  /** A punch whose edit dialog opens once it is on the page (the dashboard's Fix of a forgotten clock-out). */
  editPunchId?: number;
}) {
  const { punches, page, rows, paged, setCursor, editable, editing, setEditing, askDelete } = usePunchTable({
    employeeId,
    canEdit,
    limit,
    editPunchId,
  });
  if (punches.isLoading) return <Loader size="sm" aria-label="Loading punches" />;
  if (punches.isError)
    return <Alert color="red">{messageOf(punches.error, messages.punches.fetchFailed)}</Alert>;
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {messages.punches.noData}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid="punch-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
              {editable && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <PunchTableRow key={p.id} p={p} canEdit={editable} onEdit={setEditing} onDelete={askDelete} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paged && (
        <Group justify="flex-end" gap="xs" mt="sm" aria-label="Punch pages">
          <Button
            variant="default"
            size="xs"
            disabled={!page?.prev_cursor || punches.isPlaceholderData}
            onClick={() => setCursor(page?.prev_cursor ?? null)}
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!page?.next_cursor || punches.isPlaceholderData}
            onClick={() => setCursor(page?.next_cursor ?? null)}
          >
            Next
          </Button>
        </Group>
      )}
      <EditPunchModal punch={editing} onClose={() => setEditing(null)} />
    </>
  );
}
