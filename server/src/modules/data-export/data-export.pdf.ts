import type { Readable } from 'node:stream';
import { cellText, formatDateTime } from '../reports/renderers/format';
import {
  BOLD,
  columnStarts,
  columnWidths,
  type Doc,
  fit,
  FONT,
  HEADER_FILL,
  INK,
  isFigure,
  loadPdfKit,
  MUTED,
} from '../reports/renderers/pdf-table';
import type { ColumnKind, ExportMeta, ReportColumn } from '../reports/renderers/types';
import type { DataExport, DataSection } from './data-export.service';
import { useFonts } from '../../lib/pdf-fonts';

const MARGIN = 36;
const BODY = 8;
const ROW = 14;
const HEAD_ROW = 17;
const PAD = 3;
/** The most lines a wrapped cell takes; longer text ends with an ellipsis (the XLSX copy holds every character). */
const MAX_LINES = 8;
const ZEBRA = '#f3f4f6';
/** Output held before the writer waits for the reader (the client) to catch up. */
const HIGH_WATER = 1 << 20;

/** The widest value a column of each kind usually holds; text columns share what room is left. */
const SAMPLE: Record<ColumnKind, string> = {
  text: 'Xxxxxxxxxx',
  integer: '0000000',
  number: '00000.00',
  hours: '0000.00',
  money: '$000,000.00',
  date: '00/00/00',
  datetime: '00/00/00 00:00 PM',
};
const SPARE_SHARE: Record<ColumnKind, number> = {
  text: 6,
  integer: 0,
  number: 0,
  hours: 0,
  money: 0,
  date: 0,
  datetime: 0,
};

/**
 * Resolves at the stream's next `event`, when it closes (the reader went away), or after `ms` at the latest
 * (a reader that pulls with read() in paused mode sends no event).
 */
const next = (doc: Doc, event: string, ms = 100) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      doc.off(event, done);
      doc.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    doc.once(event, done);
    doc.once('close', done);
  });

/**
 * Waits while the document holds more unread output than HIGH_WATER; stops if the reader went away. A slow
 * reader pauses the document (pipe's backpressure): drawing waits for it to resume; once flowing, the
 * buffer drains on the next turns of the event loop.
 */
async function caughtUp(doc: Doc, highWater: number): Promise<void> {
  while (doc.readableLength > highWater) {
    if (doc.destroyed) throw new Error('The reader of the PDF went away');
    if (doc.readableFlowing !== true) await next(doc, 'resume');
    else await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One section; `startY` on the page in hand (the first), else from a new page. */
async function drawSection(
  doc: Doc,
  section: DataSection,
  meta: ExportMeta,
  startY: number | null,
  highWater: number,
) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - 16;
  const { columns } = section;
  // A point more air each side than the text inset (PAD).
  const widths = columnWidths(doc, columns, right - left, {
    fontSize: BODY,
    pad: PAD + 1,
    sample: SAMPLE,
    spareShare: SPARE_SHARE,
  });
  const xs = columnStarts(left, widths);

  if (startY === null) doc.addPage();
  let y = startY ?? doc.page.margins.top;
  // A cell too long for its column wraps, up to MAX_LINES lines (a copy of the data must not cut it short); the
  // row is as tall as its tallest cell. Only text that does not fit is measured, the costly part.
  const lineHeight = doc.font(FONT).fontSize(BODY).currentLineHeight(true);
  const linesOf = (text: string, i: number) => {
    const inner = widths[i] - 2 * PAD;
    if (doc.widthOfString(text) <= inner) return 1;
    return Math.min(MAX_LINES, Math.ceil(doc.heightOfString(text, { width: inner }) / lineHeight));
  };
  const heightOf = (texts: string[], base: number) =>
    Math.max(base, ...texts.map((t, i) => linesOf(t, i) * lineHeight + 2 * PAD + 1));
  const cells = (texts: string[], top: number, height: number) =>
    texts.forEach((text, i) => {
      const inner = widths[i] - 2 * PAD;
      const lines = linesOf(text, i);
      if (lines === 1) {
        const shown = fit(doc, text, inner);
        const dx = isFigure(columns[i].kind) ? inner - doc.widthOfString(shown) : 0;
        doc.text(shown, xs[i] + PAD + dx, top + (height - BODY) / 2 + 0.5, { lineBreak: false });
        return;
      }
      doc.text(text, xs[i] + PAD, top + PAD + 0.5, {
        width: inner,
        height: lines * lineHeight,
        ellipsis: true,
        lineGap: 0,
      });
    });
  const labels = columns.map((c) => c.label);
  const header = () => {
    doc.font(BOLD).fontSize(BODY);
    const height = heightOf(labels, HEAD_ROW);
    doc.rect(left, y, right - left, height).fill(HEADER_FILL);
    doc.font(BOLD).fontSize(BODY).fillColor(INK);
    cells(labels, y, height);
    y += height;
  };
  doc.font(BOLD).fontSize(13).fillColor(INK).text(section.name, left, y, { lineBreak: false });
  y += 20;
  header();

  let index = 0;
  for await (const row of section.rows) {
    doc.font(FONT).fontSize(BODY);
    const texts = columns.map((c: ReportColumn) => cellText(c.kind, row[c.key] ?? null, meta));
    const height = heightOf(texts, ROW);
    if (y + height > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${section.name} (continued)`, left, y, { lineBreak: false });
      y += 14;
      header();
      await caughtUp(doc, highWater);
    }
    if (index++ % 2 === 1) doc.rect(left, y, right - left, height).fill(ZEBRA);
    doc.font(FONT).fontSize(BODY).fillColor(INK);
    cells(texts, y, height);
    y += height;
  }
  if (index === 0) {
    doc
      .font(FONT)
      .fontSize(BODY)
      .fillColor(MUTED)
      .text('Nothing here yet.', left + PAD, y + 4, {
        lineBreak: false,
      });
  }
}

/**
 * The account's data as a PDF: a title page header, then one section per part (Profile, Settings,
 * Departments, Employees, Punches), each from a new page with a repeating table header. Pages are not
 * buffered: each is written out as the next begins, and rows are pulled from the database a page at a time.
 */
export function renderDataPdf(data: DataExport, highWater = HIGH_WATER): Readable {
  const { meta } = data;
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `Your data - ${meta.companyName}`,
      Author: meta.companyName,
      CreationDate: new Date(meta.generatedAt),
    },
  });
  useFonts(doc);
  const draw = async () => {
    const left = doc.page.margins.left;
    doc
      .font(BOLD)
      .fontSize(16)
      .fillColor(INK)
      .text(meta.companyName, left, doc.page.margins.top, { lineBreak: false });
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Your data, generated ${formatDateTime(meta.generatedAt, meta.zone, meta.dateFormat, meta.timeFormat)} (${meta.zone})`,
        left,
        doc.page.margins.top + 21,
        { lineBreak: false },
      );
    for (const [i, section] of data.sections.entries()) {
      await drawSection(doc, section, meta, i === 0 ? doc.page.margins.top + 44 : null, highWater);
    }
  };
  draw().then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}
