import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { messages, type ReportColumnView } from '@punchclock/contract';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { GetDataAnswer } from '../../api/reports';
import { type Cell, type CellFormats, compareCells, formatCell, isNumeric } from './cells';

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return dir === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}

/** One page of a report's rows (sortable within the page) and the totals of the whole run. */
export function ResultsTable({
  answer,
  formats,
  dimmed,
}: {
  answer: GetDataAnswer;
  formats: CellFormats;
  dimmed: boolean;
}) {
  // Sorting orders the rows the browser has: the whole result only when it is one page. With more pages it
  // reordered page 1 alone (an A name of page 2 stayed there), so the headers do not sort then.
  const sortable = answer.last_page <= 1;
  const [sort, setSort] = useState<Sort>(null);
  const rows = useMemo(() => {
    if (!sort || !sortable) return answer.data;
    return [...answer.data].sort((a, b) => compareCells(a[sort.key], b[sort.key], sort.dir));
  }, [answer.data, sort, sortable]);
  const toggle = (key: string) =>
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  const align = (c: ReportColumnView) => (isNumeric(c.kind) ? 'right' : 'left');
  const totals = answer.totals;
  const totalCell = (c: ReportColumnView) => {
    const v: Cell = totals?.[c.key];
    if (v === null || v === undefined) return '';
    return typeof v === 'number' ? formatCell(v, c.kind, formats) : v;
  };

  return (
    <Table.ScrollContainer minWidth={Math.max(560, answer.columns.length * 95)}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        horizontalSpacing={8}
        data-testid="report-results"
        style={{ opacity: dimmed ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((c) => {
              const active = sortable && sort?.key === c.key;
              if (!sortable)
                return (
                  <Table.Th key={c.key} ta={align(c)} fz="sm">
                    {c.label}
                  </Table.Th>
                );
              return (
                <Table.Th
                  key={c.key}
                  ta={align(c)}
                  aria-sort={active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => toggle(c.key)} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap" justify={align(c) === 'right' ? 'flex-end' : 'flex-start'}>
                      {c.label}
                      <SortIcon active={active} dir={sort?.dir} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {messages.reports.noRecords}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {answer.columns.map((c) => (
                  <Table.Td key={c.key} ta={align(c)} style={{ whiteSpace: 'nowrap' }}>
                    {formatCell(r[c.key], c.kind, formats)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {totals && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals" fw={700}>
              {answer.columns.map((c) => (
                <Table.Td key={c.key} ta={align(c)} fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {totalCell(c)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
