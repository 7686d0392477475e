import type { GetDataBody, ReportColumnView, ReportDefinition } from '@punchclock/contract';
import type { TimeRules } from '../time/time-rules';
import type { ReportScope, ReportsRepository } from './reports.repository';

import type { Cell } from './renderers/types';

export type { Cell };
export type Row = Record<string, Cell>;

/** What a report runs with: the account, the caller's scope, the account's time rules and the checked parameters. */
export interface ReportContext {
  accountId: number;
  scope: ReportScope;
  rules: TimeRules;
  params: GetDataBody & { start_date: string; end_date: string };
  repo: ReportsRepository;
  /**
   * Set when the caller shows one page of the result (a screen, not an export): a report may then build only
   * that page's rows (`pageRows`) beside totals over the whole result.
   */
  page?: { page: number; size: number };
}

/**
 * The employees a list report shows, within the caller's reach: of the department asked for (all without one);
 * deleted ones only with `includeDeleted`; `excludeFromReports` leaves out departments set to stay out of reports.
 */
export const reportEmployees = (
  ctx: ReportContext,
  opts: { includeDeleted: boolean; excludeFromReports: boolean },
) =>
  ctx.repo.employees(ctx.accountId, ctx.scope, {
    departmentId: ctx.params.department_id || undefined,
    ...opts,
  });

/**
 * A report's rows: an array, or rows built on demand (`lazyRows`) from the engine's figures, so a big month's
 * screen page builds only its own rows and an export streams them one at a time instead of holding 200,000
 * row objects. Arrays fit this as they are.
 */
export interface RowList {
  readonly length: number;
  at(index: number): Row | undefined;
}

/** `length` rows, the i-th built by `row(i)` when asked for. */
export const lazyRows = (length: number, row: (index: number) => Row): RowList => ({
  length,
  at: (i) => (i >= 0 && i < length ? row(i) : undefined),
});

/** The page actually shown (a page past the end shows the last one) and the index of its first row. */
export function pageBounds(total: number, page: number, size: number) {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(1, page), lastPage);
  return { page: shown, lastPage, offset: (shown - 1) * size, size };
}

/**
 * A result of `total` rows of which only one page was built (`rows`, from index `offset`): what a report answers
 * for a screen page when building every row would cost more than the page.
 */
export const pageRows = (total: number, offset: number, rows: readonly Row[]): RowList => ({
  length: total,
  at: (i) => rows[i - offset],
});

/**
 * A result's rows produced in order as they are read, never all at once: what a report answers for an export
 * (no `page` asked) of a big period, so that memory stays bounded however many rows there are.
 */
export interface RowStream {
  readonly length: number;
  stream(): AsyncIterable<Row>;
}

export type ReportRows = RowList | RowStream;

/** The rows of a result in order, built one at a time. */
export function eachRow(rows: ReportRows): AsyncIterable<Row> | Iterable<Row> {
  if ('stream' in rows) return rows.stream();
  return (function* () {
    for (let i = 0; i < rows.length; i++) yield rows.at(i) as Row;
  })();
}

/** The rows with the given cells left out, as they are read (an employee's run without their pay). */
export function withoutCells(rows: ReportRows, keys: ReadonlySet<string>): ReportRows {
  const strip = (row: Row | undefined) =>
    row && (Object.fromEntries(Object.entries(row).filter(([k]) => !keys.has(k))) as Row);
  if ('stream' in rows)
    return {
      length: rows.length,
      async *stream() {
        for await (const row of rows.stream()) yield strip(row) as Row;
      },
    };
  return { length: rows.length, at: (i) => strip(rows.at(i)) };
}

/** A result's rows by index: reports build these whenever a page is asked (ReportContext.page). */
export function rowList(rows: ReportRows): RowList {
  if ('stream' in rows) throw new Error('a report answered a stream where a page was asked');
  return rows;
}

/** The server half of a registry entry: the columns and the query behind a report of the contract's REPORTS. */
export interface ReportEntry {
  definition: ReportDefinition;
  columns: readonly ReportColumnView[];
  /** `asOf`: set when answered from an approved period's stored figures, the instant they were stored. */
  run(ctx: ReportContext): Promise<{ rows: ReportRows; totals: Row | null; asOf?: string }>;
}

/** Sums of the given columns over every row (a totals row), the first column labelled Total. */
export function totalsOf(rows: readonly Row[], label: string, keys: readonly string[]): Row {
  const totals: Row = { [label]: 'Total' };
  for (const k of keys) totals[k] = rows.reduce((n, r) => n + (Number(r[k]) || 0), 0);
  return totals;
}

/** The columns that say who a row is about, shared by every per-employee report. */
export const PERSON_COLUMNS: readonly ReportColumnView[] = [
  { key: 'employee_id', label: 'Employee ID', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'dp_name', label: 'Department', kind: 'text' },
];

/** A day, then who: the first columns of a report with a row per employee and day. */
export const DAY_PERSON_COLUMNS: readonly ReportColumnView[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  ...PERSON_COLUMNS,
];

/** The cells of those columns for one employee. */
export const personCells = (e: { employee_id: string; name: string; dp_name: string }): Row => ({
  employee_id: e.employee_id,
  name: e.name,
  dp_name: e.dp_name,
});
