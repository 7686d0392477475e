import { Table, Text } from '@mantine/core';
import { hoursText } from '@punchclock/contract';
import { useMoney } from '../../api/currency';
import type { PayRulesPreviewAnswer } from '../../api/pay-rules';

/** Each employee's pay before and after, and the totals. */
export function PreviewTable({ answer }: { answer: PayRulesPreviewAnswer }) {
  const money = useMoney();
  if (answer.employees.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="preview-empty">
        No employees to show for this period.
      </Text>
    );
  const rows = [
    ...answer.employees.map((e) => ({ ...e, key: String(e.id), name: `${e.name} (${e.employee_id})` })),
    { key: 'total', name: 'Total', ...answer.totals },
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="sm" striped withTableBorder data-testid="preview-table" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th ta="right">Overtime h before → after</Table.Th>
            <Table.Th ta="right">Double time h before → after</Table.Th>
            <Table.Th ta="right">Premium after</Table.Th>
            <Table.Th ta="right">Gross before</Table.Th>
            <Table.Th ta="right">Gross after</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} fw={r.key === 'total' ? 700 : undefined} data-testid={`preview-${r.key}`}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">
                {hoursText(r.before.overtime)} → {hoursText(r.after.overtime)}
              </Table.Td>
              <Table.Td ta="right">
                {hoursText(r.before.double_time)} → {hoursText(r.after.double_time)}
              </Table.Td>
              <Table.Td ta="right">{money(r.after.premium_cents)}</Table.Td>
              <Table.Td ta="right">{money(r.before.gross_cents)}</Table.Td>
              <Table.Td ta="right" data-testid="gross-after">
                {money(r.after.gross_cents)}
              </Table.Td>
              <Table.Td ta="right">{money(r.after.gross_cents - r.before.gross_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
