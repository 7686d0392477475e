import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, TableHead } from './TableHead';

/**
 * A table with its header row that scrolls sideways inside its own box where the screen is narrower than
 * `minWidth` (a 320 px phone), never the whole page. Other props go to the table (striped, a test id).
 */
export function ScrollTable({
  minWidth,
  columns,
  children,
  ...table
}: TableProps & { minWidth: number; columns: Column[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
