import { Button, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The "Why" beside a day's figure in a table (earnings by day, a report's day rows): it opens the row under it
 * that explains the day's pay (`WhyRow`, with the id `controls` names). `label` says which day, for a screen
 * reader.
 */
export function WhyButton({
  open,
  controls,
  label,
  onClick,
}: {
  open: boolean;
  controls: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      ml={6}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Why this pay: ${label}`}
      onClick={onClick}
    >
      {open ? 'Hide why' : 'Why'}
    </Button>
  );
}

/** The row under a day that holds its why, across the table's `colSpan` columns. */
export function WhyRow({ id, colSpan, children }: { id: string; colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr id={id}>
      <Table.Td colSpan={colSpan}>{children}</Table.Td>
    </Table.Tr>
  );
}
