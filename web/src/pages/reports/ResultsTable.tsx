import { Box, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { messages, type ReportColumnView } from '@punchclock/contract';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Fragment, useId, useMemo, useState } from 'react';
import { findReport, type GetDataAnswer } from '../../api/reports';
import { DayWhy } from '../pay-rules/DayWhy';
import { WhyButton, WhyRow } from '../pay-rules/WhyRow';
import { type Cell, type CellFormats, compareCells, formatCell, isNumeric } from './cells';
import { LockedMark } from '../punches/LockedMark';

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return dir === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}

/** The figures of the server's totals row, by column: the 'Total' label cell and empty cells are left out. */
function totalFigures(answer: GetDataAnswer, formats: CellFormats) {
  return answer.columns.flatMap((c) => {
    const v: Cell = answer.totals?.[c.key];
    if (v === null || v === undefined || v === '' || v === 'Total') return [];
    return [{ key: c.key, label: c.label, text: typeof v === 'number' ? formatCell(v, c.kind, formats) : v }];
  });
}

/**
 * The totals of the whole result, apart from the paged rows: as the table's last row they sat at the bottom of
 * page 1 of 2 and read as that page's subtotal.
 */
function WholeTotals({ answer, formats }: { answer: GetDataAnswer; formats: CellFormats }) {
  const id = useId();
  const figures = totalFigures(answer, formats);
  if (figures.length === 0 || answer.total === 0) return null;
  const rows = `${answer.total.toLocaleString('en-US')} ${answer.total === 1 ? 'row' : 'rows'}`;
  const period = findReport(answer.report)?.params.some((p) => p === 'start_date');
  return (
    <Paper
      withBorder
      p="sm"
      mb="sm"
      bg="var(--mantine-color-default-hover)"
      role="group"
      aria-labelledby={id}
      data-testid="report-totals"
    >
      <Text id={id} fw={700} size="sm" mb={6}>
        {period ? `Totals for the whole period (${rows})` : `Totals for all ${rows}`}
      </Text>
      <Group gap="lg" align="flex-start">
        {figures.map((f) => (
          <Stack key={f.key} gap={0} data-total={f.key}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text size="sm" fw={700}>
              {f.text}
            </Text>
          </Stack>
        ))}
      </Group>
    </Paper>
  );
}

/**
 * The day a Timesheet row opens the why of: its last punch of the day carries the day's pay, and the row names
 * the employee's record (`record_id`, not a column). Other reports' rows open nothing.
 */
function whyDayOf(report: string, r: Record<string, Cell>): { employee: number; date: string } | null {
  if (report !== 'Timesheet' || r.day_total === null || r.day_total === undefined) return null;
  return typeof r.record_id === 'number' && typeof r.date === 'string'
    ? { employee: r.record_id, date: r.date }
    : null;
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
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const flip = (i: number) =>
    setOpened((o) => {
      const next = new Set(o);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const baseId = useId();

  return (
    <>
      <WholeTotals answer={answer} formats={formats} />
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
              rows.map((r, i) => {
                const why = whyDayOf(answer.report, r);
                const open = why !== null && opened.has(i);
                return (
                  <Fragment key={i}>
                    <Table.Tr>
                      {answer.columns.map((c, at) => (
                        <Table.Td key={c.key} ta={align(c)} style={{ whiteSpace: 'nowrap' }}>
                          {formatCell(r[c.key], c.kind, formats)}
                          {c.kind === 'date' &&
                            typeof r[c.key] === 'string' &&
                            formats.locked?.(r[c.key] as string) && (
                              <Box component="span" ml={4}>
                                <LockedMark />
                              </Box>
                            )}
                          {at === 0 && why && (
                            <WhyButton
                              open={open}
                              controls={`${baseId}-why-${i}`}
                              label={`${String(r.name ?? '')} ${formatCell(r.date, 'date', formats)}`}
                              onClick={() => flip(i)}
                            />
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                    {open && (
                      <WhyRow id={`${baseId}-why-${i}`} colSpan={answer.columns.length}>
                        {/* The why stays in view while the wide table scrolls sideways (a phone). */}
                        <Box
                          pos="sticky"
                          left={0}
                          maw="min(720px, calc(100vw - 56px))"
                          style={{ whiteSpace: 'normal' }}
                        >
                          <DayWhy employee={why.employee} date={why.date} />
                        </Box>
                      </WhyRow>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
