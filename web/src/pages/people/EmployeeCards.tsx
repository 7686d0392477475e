import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import type { ReactNode } from 'react';
import type { EmployeeView } from '../../api/people';
import { useRateText } from './download';
import { EmployeeActions, EmployeeName, Permissions } from './EmployeeListParts';

/** A free-text value (an e-mail, a title) may split inside a word only when that word is wider than the card. */
const WRAPS = { overflowWrap: 'anywhere', minWidth: 0 } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div" style={WRAPS}>
        {children || '-'}
      </Text>
    </div>
  );
}

interface CardProps {
  e: EmployeeView;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
}

/** One employee as a card: what a phone shows instead of a table row, whose nine columns need 960 px. */
function EmployeeCard({ e, selected, onSelect, onEdit }: CardProps) {
  const money = useRateText();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid={`employee-card-${e.id}`}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {!e.deleted_at && (
            <Checkbox
              aria-label={`Select ${e.name}`}
              checked={selected}
              onChange={(ev) => onSelect(ev.currentTarget.checked)}
            />
          )}
          <div style={{ minWidth: 0, flex: 1 }}>
            <EmployeeName e={e} nameStyle={{ ...WRAPS, fontWeight: 600 }} />
          </div>
        </Group>
        <EmployeeActions e={e} onEdit={onEdit} />
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
        <Field label="Employee ID">{e.employee_id}</Field>
        <Field label="Department">{e.department_name || messages.employees.unknownDepartment}</Field>
        <Field label="Title">{e.title}</Field>
        <Field label="Hourly Rate">{money(e.hourly_rate)}</Field>
      </SimpleGrid>
      <Stack gap={6} mt={6}>
        <Field label="Email">{e.email}</Field>
        {(e.permission_app || e.permission_site) && <Permissions e={e} />}
      </Stack>
    </Paper>
  );
}

interface Props {
  rows: EmployeeView[];
  chosen: Set<number>;
  onSelect: (id: number, on: boolean) => void;
  onEdit: (e: EmployeeView) => void;
  /** The "select all" box of the table's header, above the cards. */
  selectAll: ReactNode;
}

/** The employee list on a phone: one card each, the same selection, edit and delete as the table's rows. */
export function EmployeeCards({ rows, chosen, onSelect, onEdit, selectAll }: Props) {
  return (
    <Stack gap="xs" data-testid="employee-cards">
      {rows.length > 0 && selectAll}
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No employees match this search.
        </Text>
      )}
      {rows.map((e) => (
        <EmployeeCard
          key={e.id}
          e={e}
          selected={chosen.has(e.id)}
          onSelect={(on) => onSelect(e.id, on)}
          onEdit={() => onEdit(e)}
        />
      ))}
    </Stack>
  );
}
