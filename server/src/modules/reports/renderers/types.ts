/** `number`: a figure as typed, any decimals (a custom field's); `integer`: a count or an id. */
export type ColumnKind = 'text' | 'integer' | 'number' | 'hours' | 'money' | 'date' | 'datetime';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/**
 * Cell values as the report query produces them: hours as minutes (integer), money as integer cents, dates
 * 'YYYY-MM-DD', datetimes ISO UTC, text as string; null means empty (shown 'N/A' on screen, empty cell in
 * files).
 */
export type Cell = string | number | null;

export type DateFormat = 'MM/DD/YY' | 'DD/MM/YY';
export type TimeFormat = '12 Hours (AM/PM)' | '24 Hours';

export interface ExportMeta {
  reportTitle: string;
  reportName: string;
  companyName: string;
  start: string | null;
  end: string | null;
  /** ISO instant. */
  generatedAt: string;
  zone: string;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  /** ISO 4217, the account's currency (docs/RULES.md#currency); USD when absent. */
  currency?: string;
}

export interface ExportInput {
  meta: ExportMeta;
  columns: ReportColumn[];
  rows: AsyncIterable<Record<string, Cell>> | Iterable<Record<string, Cell>>;
  totals?: Record<string, Cell> | null;
}
