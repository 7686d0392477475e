import { Table, type TableThProps } from '@mantine/core';
import { isValidElement, type ReactNode } from 'react';

/** A column heading: its text (or a control, as Select all), or that with the heading cell's own props (a width). */
export type Column = ReactNode | ({ label: ReactNode } & TableThProps);

const withProps = (c: Column): c is { label: ReactNode } & TableThProps =>
  typeof c === 'object' && c !== null && !isValidElement(c) && 'label' in c;

/** A table's header row: one heading cell a column, in order. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => {
          if (!withProps(c)) return <Table.Th key={i}>{c}</Table.Th>;
          const { label, ...th } = c;
          return (
            <Table.Th key={i} {...th}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
