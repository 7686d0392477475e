import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { zoneOffsetMinutes } from '../../../lib/time';
import { hoursFromMinutes, moneyNumber } from './format';
import type { Cell, ColumnKind, ExportInput, ExportMeta, ReportColumn } from './types';

/** How often the writer lets the zip and the output stream catch up (and waits when they are behind). */
const YIELD_EVERY_ROWS = 200;

const WIDTH: Record<ColumnKind, number> = {
  text: 24,
  integer: 10,
  hours: 10,
  money: 14,
  date: 11,
  datetime: 20,
};

function numFmt(kind: ColumnKind, meta: ExportMeta): string | undefined {
  const date = meta.dateFormat === 'DD/MM/YY' ? 'dd/mm/yy' : 'mm/dd/yy';
  switch (kind) {
    case 'integer':
      return '0';
    case 'hours':
      return '0.00';
    case 'money':
      return '"$"#,##0.00';
    case 'date':
      return date;
    case 'datetime':
      return `${date} ${meta.timeFormat === '24 Hours' ? 'hh:mm' : 'hh:mm AM/PM'}`;
    default:
      return undefined;
  }
}

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

/**
 * Excel has no time zones: a serial date is a wall-clock reading. Dates are written as UTC midnight and
 * instants as the account's wall-clock time expressed in UTC, so the sheet shows what the screen shows.
 */
function excelValue(column: ReportColumn, value: Cell, meta: ExportMeta): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'integer':
      return Number(value);
    case 'hours':
      return hoursFromMinutes(Number(value));
    case 'money':
      return moneyNumber(Number(value));
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : String(value);
    }
    case 'datetime': {
      const at = new Date(String(value));
      if (Number.isNaN(at.getTime())) return String(value);
      return new Date(at.getTime() + zoneOffsetMinutes(meta.zone, at) * 60_000);
    }
    default:
      return String(value);
  }
}

/**
 * exceljs's worksheet stream ignores backpressure: it hands each 64 KB block of sheet XML to the zip's input
 * stream (its `pipes`) however much that already holds, so rows written faster than deflate compresses them
 * pile up in memory (~170 MB at 600,000 rows). Waiting for that input, and for `out` when the reader is
 * slow, to drain keeps memory flat.
 */
async function catchUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const zipInputs = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const stream of [...zipInputs, out]) {
    if (needsDrain(stream)) await once(stream, 'drain');
  }
  await nextTurn();
}

/** The zip's input is a readable-stream v2 PassThrough (archiver's), which has no `writableNeedDrain`. */
const needsDrain = (stream: Writable): boolean =>
  stream.writableNeedDrain ??
  (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
  false;

/**
 * The report as one XLSX sheet, streamed into `out` with exceljs's streaming writer: each row is committed
 * as it is written, so memory stays flat whatever the number of rows. Resolves when `out` has finished.
 */
export async function renderXlsx({ meta, columns, rows, totals }: ExportInput, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = meta.companyName;
  workbook.created = new Date(meta.generatedAt);
  const sheet = workbook.addWorksheet(sheetName(meta.reportTitle), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  // Column styles are copied into every cell the rows create.
  sheet.columns = columns.map((c) => {
    const fmt = numFmt(c.kind, meta);
    return {
      key: c.key,
      width: Math.max(WIDTH[c.kind], Math.min(c.label.length + 2, 40)),
      style: fmt ? { numFmt: fmt } : {},
    };
  });

  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();

  let written = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => excelValue(c, row[c.key] ?? null, meta))).commit();
    if (++written % YIELD_EVERY_ROWS === 0) await catchUp(sheet, out);
  }

  if (totals) {
    const total = sheet.addRow(
      columns.map((c, i) => (i === 0 ? 'Total' : excelValue(c, totals[c.key] ?? null, meta))),
    );
    total.font = { bold: true };
    total.commit();
  }
  sheet.commit();
  await workbook.commit();
}
