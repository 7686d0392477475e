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
}

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

/** The rows of a list in order, built one at a time. */
export function* eachRow(rows: RowList): Generator<Row> {
  for (let i = 0; i < rows.length; i++) yield rows.at(i) as Row;
}

/** The server half of a registry entry: the columns and the query behind a report of the contract's REPORTS. */
export interface ReportEntry {
  definition: ReportDefinition;
  columns: readonly ReportColumnView[];
  run(ctx: ReportContext): Promise<{ rows: RowList; totals: Row | null }>;
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

/** The cells of those columns for one employee. */
export const personCells = (e: { employee_id: string; name: string; dp_name: string }): Row => ({
  employee_id: e.employee_id,
  name: e.name,
  dp_name: e.dp_name,
});
