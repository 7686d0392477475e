import { hoursText, messages, moneyFromCents, type ReportColumnView } from '@punchclock/contract';

export type Cell = string | number | null | undefined;

/** How the account shows days and instants (its Date Format, Time Format and zone). */
export interface CellFormats {
  date: (isoDate: string) => string;
  when: (iso: string) => string;
  /** The account's currency (ISO 4217); USD when absent. */
  currency?: string;
  /** Whether a day lies in an approved pay period: its date cells show the lock (reports/locked-days.ts). */
  locked?: (isoDate: string) => boolean;
}

/** Kinds whose cells are numbers: right-aligned, sorted as numbers. */
export const isNumeric = (kind: ReportColumnView['kind']) =>
  kind === 'integer' || kind === 'hours' || kind === 'money';

/**
 * One report cell as the screen shows it: minutes as hours with 2 decimals, cents in the account's currency,
 * days and instants in the account's formats; 'N/A' for an empty cell.
 */
export function formatCell(value: Cell, kind: ReportColumnView['kind'], f: CellFormats): string {
  if (value === null || value === undefined || value === '') return messages.reports.emptyCell;
  if (typeof value === 'number') {
    if (kind === 'hours') return hoursText(value);
    if (kind === 'money') return moneyFromCents(value, f.currency);
    return String(value);
  }
  if (kind === 'date') return f.date(value);
  if (kind === 'datetime') return f.when(value);
  return value;
}

/** Compares two cells for a column sort: numbers as numbers, text by locale; empty cells last either way. */
export function compareCells(a: Cell, b: Cell, dir: 'asc' | 'desc' = 'asc'): number {
  const empty = (v: Cell) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
  return dir === 'asc' ? order : -order;
}
