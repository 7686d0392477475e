import type { Readable } from 'node:stream';
import type PDFKitDocument from 'pdfkit';
import { useFonts } from '../../../lib/pdf-fonts';
import { lazy } from '../../../lib/lazy';
import { cellText, formatDate, formatDateTime } from './format';
import { caughtUp, pageNumbers } from './pdf-output';
import { BOLD, type Doc, FONT, HEADER_FILL, INK, MUTED, RULE, ZEBRA_FILL } from './pdf-style';
import { type ColumnMeasure, planColumns, type SizingOptions, wantsLandscape, wrapText } from './pdf-columns';
import type { Cell, ColumnKind, ExportMeta, ReportColumn } from './types';

/**
 * The one PDF table renderer: the reports' PDF export and the "Your data" PDF draw their tables with it.
 *
 * Columns are sized to what they hold (pdf-columns.ts): a figure, a date or a time is never cut, wrapped nor
 * ellipsised; names, departments and headers wrap between words onto more lines of their row, which grows; a
 * table whose columns need it is drawn on landscape pages. Every page repeats the table's heading and header
 * row and is numbered "Page N of M". Pages are not held: each is written out as the next begins (the page
 * count M is a small shared drawing filled in at the end), and drawing waits while the reader is behind.
 */

/** PDFKit, loaded on the first PDF (it is large, and most requests never draw one). */
export const loadPdfKit = lazy<typeof PDFKitDocument>('pdfkit');

export { BOLD, type Doc, FONT, INK, MUTED } from './pdf-style';

type Row = Record<string, Cell>;

const PAGE = { width: 612, height: 792 }; // Letter, portrait
const MARGIN = 36;
/** Room kept under the table for the page number. */
const FOOTER_SPACE = 24;
const BODY_SIZE = 8.5;
/** A line of a cell, as a multiple of the font size. */
const LINE_STEP = 1.3;
const PAD_X = 4;
const PAD_Y = 2;
const HEADER_PAD_Y = 3.5;
/** Text up to this many font sizes wide (about 45 letters: a long full name) is given one line before headers are. */
const TEXT_CAP = 24;
/** The rows measured before the columns are sized (a page or so); later rows wrap in the widths these gave. */
const SAMPLE_ROWS = 200;
/** Output held before drawing waits for the reader (the client) to catch up. */
const HIGH_WATER = 1 << 20;

const isFigure = (kind: ColumnKind) =>
  kind === 'integer' || kind === 'number' || kind === 'hours' || kind === 'money';
/** Kinds whose cells are never wrapped nor cut: figures, dates and times. */
const isRigid = (kind: ColumnKind) => kind !== 'text';

/** The page box a heading draws in. */
export interface Area {
  left: number;
  right: number;
  top: number;
}

export interface PdfTable {
  columns: ReportColumn[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /** A bold last row, 'Total' in the first column; a column without a total stays blank. */
  totals?: Row | null;
  /** What the table says when it has no rows. */
  empty: string;
  /** Draws what stands above the table on each of its pages (`first`: its first page) from `area.top`; answers the y below it. */
  heading(doc: Doc, area: Area, first: boolean): number;
}

export interface TablesDocument {
  title: string;
  author: string;
  createdAt: string;
  /** The account's date and time formats and zone, for the cells. */
  meta: ExportMeta;
  fontSize?: number;
  highWater?: number;
}

/**
 * `text` drawn from (`left`, `y`) in the current font, wrapped between words within `width` (never cut); answers
 * the y below its last line.
 */
export function textBlock(doc: Doc, text: string, left: number, y: number, width: number): number {
  const step = doc.currentLineHeight(true);
  for (const line of wrapText(text, width, (s) => doc.widthOfString(s))) {
    doc.text(line, left, y, { lineBreak: false });
    y += step;
  }
  return y;
}

/** The widest usual value of each rigid kind in the account's formats: a column is never narrower. */
function floors(meta: ExportMeta): Partial<Record<ColumnKind, string[]>> {
  // Two-digit hours, both halves of the day: the widest time the account's clock shows.
  const times = ['2026-12-22T10:22:00.000Z', '2026-12-22T22:22:00.000Z'];
  return {
    integer: ['000'],
    number: ['0000.00'],
    hours: ['000.00'],
    money: ['$0,000.00'],
    date: [formatDate('2026-12-22', meta.dateFormat)],
    datetime: times.map((t) => formatDateTime(t, 'UTC', meta.dateFormat, meta.timeFormat)),
  };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** What each column holds, measured in the table's font at `size` (the totals row in bold). */
function measure(
  doc: Doc,
  columns: ReportColumn[],
  sample: string[][],
  totals: string[] | null,
  meta: ExportMeta,
  size: number,
): ColumnMeasure[] {
  const least = floors(meta);
  const widest = (texts: string[]) => texts.reduce((w, t) => Math.max(w, doc.widthOfString(t)), 0);
  const lines = (texts: string[]) => texts.flatMap((t) => t.split(/\r?\n|\r/));
  const wordsOf = (texts: string[]) => texts.flatMap(words);
  doc.font(FONT).fontSize(size);
  const regular = columns.map((c, i) => {
    const texts = sample.map((row) => row[i]);
    if (isRigid(c.kind)) return { value: widest([...texts, ...(least[c.kind] ?? [])]), valueWord: 0 };
    return { value: widest(lines(texts)), valueWord: widest(wordsOf(texts)) };
  });
  doc.font(BOLD).fontSize(size);
  return columns.map((c, i) => {
    const total = totals?.[i] ? [totals[i]] : [];
    return {
      rigid: isRigid(c.kind),
      header: widest([c.label]),
      headerWord: widest(words(c.label)),
      value: Math.max(regular[i].value, widest(isRigid(c.kind) ? total : lines(total))),
      valueWord: Math.max(regular[i].valueWord, isRigid(c.kind) ? 0 : widest(wordsOf(total))),
    };
  });
}

/** The rows of a table in order, sync or async. */
async function* each(rows: AsyncIterable<Row> | Iterable<Row>): AsyncGenerator<Row> {
  yield* rows;
}

/** One table, from a new page. */
async function drawTable(
  doc: Doc,
  numbers: ReturnType<typeof pageNumbers>,
  table: PdfTable,
  o: Required<Pick<TablesDocument, 'meta' | 'fontSize' | 'highWater'>>,
) {
  const { columns } = table;
  const { meta } = o;
  const texts = (row: Row) => columns.map((c) => cellText(c.kind, row[c.key] ?? null, meta));
  const totals = table.totals
    ? columns.map((c, i) =>
        // A column without a total stays blank: 'N/A' would read as a missing figure.
        i === 0
          ? 'Total'
          : (table.totals![c.key] ?? null) === null
            ? ''
            : cellText(c.kind, table.totals![c.key], meta),
      )
    : null;

  // The first rows size the columns; the rest stream past.
  const rows = each(table.rows);
  const sample: string[][] = [];
  while (sample.length < SAMPLE_ROWS) {
    const got = await rows.next();
    if (got.done) break;
    sample.push(texts(got.value));
  }
  const measures = measure(doc, columns, sample, totals, meta, o.fontSize);
  const sizing: SizingOptions = { pad: PAD_X, textCap: TEXT_CAP * o.fontSize, textFloor: 3 * o.fontSize };
  const landscape = wantsLandscape(measures, PAGE.width - 2 * MARGIN, { ...sizing, manyColumns: 6 });
  const room = (landscape ? PAGE.height : PAGE.width) - 2 * MARGIN;
  const { widths, scale } = planColumns(measures, room, sizing);
  const size = o.fontSize * scale;
  const step = size * LINE_STEP;
  const padX = PAD_X * scale;
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const inner = widths.map((w) => w - 2 * padX);
  const left = MARGIN;
  const right = MARGIN + room;

  /**
   * Each cell's lines in the current font: text (and every header) wraps in its column, a figure, date or time
   * stays one line.
   */
  const linesOf = (cells: string[], header = false) =>
    cells.map((text, i) =>
      isRigid(columns[i].kind) && !header
        ? [text]
        : // A hair of tolerance: a column sized to its text exactly must not wrap on a rounding error.
          wrapText(text, inner[i] + 0.01, (s) => doc.widthOfString(s)),
    );
  /** Cells' lines from `top` (each cell's lines from its top, or for `bottom`, ending at the row's last line). */
  const drawLines = (cells: string[][], top: number, count: number, align: 'top' | 'bottom') =>
    cells.forEach((lines, i) => {
      const skip = align === 'bottom' ? count - lines.length : 0;
      lines.forEach((line, k) => {
        const y = top + (skip + k) * step + (step - size) / 2 + 0.5;
        const width = doc.widthOfString(line);
        if (width > inner[i] + 0.01) {
          // A figure wider than any of the first rows held (they sized the column): smaller, never cut.
          doc.fontSize((size * inner[i]) / width);
          doc.text(line, xs[i] + padX, y + (size - size * (inner[i] / width)) / 2, { lineBreak: false });
          doc.fontSize(size);
          return;
        }
        const dx = isFigure(columns[i].kind) ? inner[i] - width : 0;
        doc.text(line, xs[i] + padX + dx, y, { lineBreak: false });
      });
    });

  const layout = landscape ? 'landscape' : 'portrait';
  const bottom = () => doc.page.height - MARGIN - FOOTER_SPACE;
  let y = 0;
  let pageTop = 0;
  let first = true;
  const startPage = async () => {
    doc.addPage({
      size: 'LETTER',
      layout,
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    });
    numbers.place();
    y = table.heading(doc, { left, right, top: MARGIN }, first);
    first = false;
    doc.font(BOLD).fontSize(size);
    const header = linesOf(
      columns.map((c) => c.label),
      true,
    );
    const count = Math.max(...header.map((l) => l.length));
    const height = count * step + 2 * HEADER_PAD_Y;
    doc.rect(left, y, right - left, height).fill(HEADER_FILL);
    doc.font(BOLD).fontSize(size).fillColor(INK);
    drawLines(header, y + HEADER_PAD_Y, count, 'bottom');
    y += height;
    pageTop = y;
    await caughtUp(doc, o.highWater);
  };

  /**
   * One row, on this page if it fits, else from the next; a row taller than a page goes on over pages. `rule`:
   * a line above it (the totals row's).
   */
  const drawRow = async (cells: string[], font: string, fill: string | null, rule = false) => {
    doc.font(font).fontSize(size);
    let lines = linesOf(cells);
    for (;;) {
      const count = Math.max(...lines.map((l) => l.length));
      const fits = Math.floor((bottom() - y - 2 * PAD_Y) / step);
      if (count > fits && y > pageTop) {
        await startPage();
        doc.font(font).fontSize(size);
        continue;
      }
      const shown = Math.min(count, Math.max(1, fits));
      const height = shown * step + 2 * PAD_Y;
      if (fill) doc.rect(left, y, right - left, height).fill(fill);
      if (rule) doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
      rule = false;
      doc.font(font).fontSize(size).fillColor(INK);
      drawLines(
        lines.map((l) => l.slice(0, shown)),
        y + PAD_Y,
        shown,
        'top',
      );
      y += height;
      if (shown === count) return;
      lines = lines.map((l) => l.slice(shown));
      await startPage();
    }
  };

  await startPage();
  let index = 0;
  const body = async function* () {
    for (const row of sample) yield row;
    for await (const row of rows) yield texts(row);
  };
  for await (const cells of body()) {
    await drawRow(cells, FONT, index++ % 2 === 1 ? ZEBRA_FILL : null);
  }
  if (index === 0) {
    doc.font(FONT).fontSize(size).fillColor(MUTED);
    y = textBlock(doc, table.empty, left + padX, y + 4, right - left - 2 * padX);
  }
  if (totals) await drawRow(totals, BOLD, null, true);
}

/**
 * Tables as one PDF stream: each from a new page, its heading and header row on every page it takes. Letter,
 * portrait or landscape per table (as its columns need); text in Noto Sans. Pipe it as it is produced.
 */
export function renderTables(doc: TablesDocument, tables: Iterable<PdfTable>): Readable {
  const PDFDocument = loadPdfKit();
  const pdf = new PDFDocument({
    size: 'LETTER',
    autoFirstPage: false,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: doc.title, Author: doc.author, CreationDate: new Date(doc.createdAt) },
  });
  useFonts(pdf);
  const numbers = pageNumbers(pdf);
  const options = {
    meta: doc.meta,
    fontSize: doc.fontSize ?? BODY_SIZE,
    highWater: doc.highWater ?? HIGH_WATER,
  };
  const draw = async () => {
    for (const table of tables) await drawTable(pdf, numbers, table, options);
    numbers.end();
  };
  draw().then(
    () => pdf.end(),
    (error: unknown) => pdf.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return pdf;
}
