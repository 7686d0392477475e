import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table's header row: one heading cell a column, in order (a heading may be a control, as Select all). */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => (
          <Table.Th key={i}>{c}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
