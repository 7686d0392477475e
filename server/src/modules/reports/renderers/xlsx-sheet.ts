import { cellXml, columnLetters, textCell } from './xlsx-cells';
import { MAIN_NS, REL_NS, XML_HEAD } from './xlsx-parts';
import { STYLE_BOLD, styleOf } from './xlsx-styles';
import type { Cell, ColumnKind, ReportColumn } from './types';

/**
 * One sheet's XML, made a few hundred rows at a time: a bold frozen header, a row per record with typed cells,
 * and, for a report, a bold totals row. Rows are pulled from the sheet's iterable only as the chunks are
 * asked for, so a sheet of any length is never held whole.
 */

export interface XlsxSheet {
  /** Shown on the sheet's tab; made fit by sheetName() and unique by the caller. */
  name: string;
  columns: ReportColumn[];
  rows: AsyncIterable<Record<string, Cell>> | Iterable<Record<string, Cell>>;
  /** A last, bold row labelled 'Total' in the first column (a report's totals). */
  totals?: Record<string, Cell> | null;
}

/** Rows turned into XML and handed on at once. */
const ROWS_PER_CHUNK = 500;
/** Excel's limit on the rows in a sheet. */
const MAX_ROWS = 1_048_576;

const WIDTH: Record<ColumnKind, number> = {
  text: 24,
  integer: 10,
  number: 12,
  hours: 10,
  money: 14,
  date: 11,
  datetime: 20,
};

/** Excel sheet names: at most 31 characters, none of []:*?/\ and no apostrophe at either end. */
export function sheetName(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || 'Report';
}

/** The sheet up to its header row: column widths and styles, the header frozen above the rest. */
function sheetHead(columns: ReportColumn[]): string {
  const cols = columns.map((c, i) => {
    const width = Math.max(WIDTH[c.kind], Math.min(c.label.length + 2, 40));
    const style = styleOf(c.kind, false);
    return `<col min="${i + 1}" max="${i + 1}" width="${width}"${style ? ` style="${style}"` : ''} customWidth="1"/>`;
  });
  const header = columns.map((c, i) => textCell(`${columnLetters(i)}1`, STYLE_BOLD, c.label));
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols.length ? `<cols>${cols.join('')}</cols>` : '') +
    `<sheetData><row r="1">${header.join('')}</row>`
  );
}

const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * The sheet's XML in chunks of ROWS_PER_CHUNK rows. Null cells are left out. Instants are put on the
 * account's wall clock by `offsetAt` (the zone's offset in minutes at an instant).
 */
export async function* sheetXml(
  { name, columns, rows, totals }: XlsxSheet,
  offsetAt: (ms: number) => number,
): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnLetters(i));
  const keys = columns.map((c) => c.key);
  const kinds = columns.map((c) => c.kind);
  const styles = columns.map((c) => styleOf(c.kind, false));
  let xml = sheetHead(columns);
  let rowNumber = 1;
  let pending = 0;

  /** Adds one row; true when a chunk is full. */
  const add = (row: Record<string, Cell>): boolean => {
    if (++rowNumber > MAX_ROWS) {
      throw new Error(
        `The sheet ${name} has more rows than an Excel sheet holds (${MAX_ROWS.toLocaleString('en-US')})`,
      );
    }
    let cells = `<row r="${rowNumber}">`;
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]];
      if (value === null || value === undefined) continue;
      cells += cellXml(kinds[i], letters[i] + rowNumber, styles[i], value, offsetAt);
    }
    xml += cells + '</row>';
    return ++pending === ROWS_PER_CHUNK;
  };
  const take = () => {
    const chunk = xml;
    xml = '';
    pending = 0;
    return chunk;
  };

  // Two loops rather than one `for await`: a plain iterable then costs no promise per row.
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) if (add(row)) yield take();
  } else {
    for (const row of rows) if (add(row)) yield take();
  }

  if (totals) {
    const r = ++rowNumber;
    let cells = `<row r="${r}">${textCell(`${letters[0] ?? 'A'}${r}`, STYLE_BOLD, 'Total')}`;
    for (let i = 1; i < keys.length; i++) {
      const value = totals[keys[i]];
      if (value === null || value === undefined) continue;
      cells += cellXml(kinds[i], letters[i] + r, styleOf(kinds[i], true), value, offsetAt);
    }
    xml += cells + '</row>';
  }
  yield xml + SHEET_TAIL;
}
