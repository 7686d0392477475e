import type { Readable } from 'node:stream';
import { cellText, formatDateTime, formatPeriod } from './format';
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
} from './pdf-table';
import type { Cell, ColumnKind, ExportInput, ReportColumn } from './types';
import { useFonts } from '../../../lib/pdf-fonts';

const MARGIN = 36;
const BODY_SIZE = 8.5;
const ROW_HEIGHT = 15;
const HEADER_ROW_HEIGHT = 18;
const CELL_PAD = 4;
const FOOTER_SPACE = 24;
const ZEBRA_FILL = '#f3f4f6';
const RULE = '#9ca3af';

/** The widest value a column of each kind usually holds; text columns take what room is left. */
const SAMPLE: Record<ColumnKind, string> = {
  // A usual full name: with only its label's width a Name column was cut to "Alice A…" in a wide report.
  text: 'Alexandra Johnson',
  integer: '00000',
  number: '00000.00',
  hours: '0000.00',
  money: '$000,000.00',
  date: '00/00/00',
  datetime: '00/00/00 00:00 PM',
};
/** Share of the room left over after every column has its sample and label: most goes to text. */
const SPARE_SHARE: Record<ColumnKind, number> = {
  text: 6,
  integer: 1,
  number: 1,
  hours: 1,
  money: 1,
  date: 1,
  datetime: 1,
};

interface Layout {
  x: number[];
  widths: number[];
  left: number;
  right: number;
  bottom: number;
}

function layoutFor(doc: Doc, columns: ReportColumn[]): Layout {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const widths = columnWidths(doc, columns, right - left, {
    fontSize: BODY_SIZE,
    pad: CELL_PAD,
    sample: SAMPLE,
    spareShare: SPARE_SHARE,
  });
  const x = columnStarts(left, widths);
  return { x, widths, left, right, bottom: doc.page.height - doc.page.margins.bottom - FOOTER_SPACE };
}

/** One table row at `y`; figures right-aligned, everything cut to its column. */
function drawCells(
  doc: Doc,
  layout: Layout,
  columns: ReportColumn[],
  texts: string[],
  y: number,
  height: number,
) {
  const baseline = y + (height - BODY_SIZE) / 2 + 0.5;
  texts.forEach((raw, i) => {
    const inner = layout.widths[i] - 2 * CELL_PAD;
    const text = fit(doc, raw, inner);
    const offset = isFigure(columns[i].kind) ? inner - doc.widthOfString(text) : 0;
    doc.text(text, layout.x[i] + CELL_PAD + offset, baseline, { lineBreak: false });
  });
}

/** The page header (company, report, period, generation time) and the table's header row; answers the next y. */
function startPage(
  doc: Doc,
  input: ExportInput,
  layout: Layout,
  lines: { period: string; generated: string },
) {
  const { meta, columns } = input;
  let y = doc.page.margins.top;
  doc
    .font(BOLD)
    .fontSize(14)
    .fillColor(INK)
    .text(fit(doc, meta.companyName, layout.right - layout.left), layout.left, y, {
      lineBreak: false,
    });
  y += 19;
  doc
    .font(FONT)
    .fontSize(11)
    .text(fit(doc, meta.reportTitle, layout.right - layout.left), layout.left, y, {
      lineBreak: false,
    });
  y += 16;
  doc.fontSize(8.5).fillColor(MUTED).text(lines.period, layout.left, y, { lineBreak: false });
  doc.text(lines.generated, layout.right - doc.widthOfString(lines.generated), y, { lineBreak: false });
  y += 16;

  doc.rect(layout.left, y, layout.right - layout.left, HEADER_ROW_HEIGHT).fill(HEADER_FILL);
  doc.font(BOLD).fontSize(BODY_SIZE).fillColor(INK);
  drawCells(
    doc,
    layout,
    columns,
    columns.map((c) => c.label),
    y,
    HEADER_ROW_HEIGHT,
  );
  return y + HEADER_ROW_HEIGHT;
}

async function draw(doc: Doc, input: ExportInput): Promise<void> {
  const { meta, columns, rows, totals } = input;
  const lines = {
    period: formatPeriod(meta.start, meta.end, meta.dateFormat),
    generated: `Generated ${formatDateTime(meta.generatedAt, meta.zone, meta.dateFormat, meta.timeFormat)}`,
  };
  const layout = layoutFor(doc, columns);
  const texts = (row: Record<string, Cell>) => columns.map((c) => cellText(c.kind, row[c.key] ?? null, meta));
  let y = startPage(doc, input, layout, lines);
  const room = () => {
    if (y + ROW_HEIGHT > layout.bottom) {
      doc.addPage();
      y = startPage(doc, input, layout, lines);
    }
  };

  let index = 0;
  for await (const row of rows) {
    room();
    if (index++ % 2 === 1) doc.rect(layout.left, y, layout.right - layout.left, ROW_HEIGHT).fill(ZEBRA_FILL);
    doc.font(FONT).fontSize(BODY_SIZE).fillColor(INK);
    drawCells(doc, layout, columns, texts(row), y, ROW_HEIGHT);
    y += ROW_HEIGHT;
  }
  if (index === 0) {
    doc
      .font(FONT)
      .fontSize(BODY_SIZE)
      .fillColor(MUTED)
      .text('No rows for this period.', layout.left + CELL_PAD, y + 4, {
        lineBreak: false,
      });
    y += ROW_HEIGHT;
  }
  if (totals) {
    room();
    doc.moveTo(layout.left, y).lineTo(layout.right, y).lineWidth(0.75).strokeColor(RULE).stroke();
    // A column without a total stays blank: 'N/A' would read as a missing figure.
    const cells = columns.map((c, i) =>
      i === 0 ? 'Total' : (totals[c.key] ?? null) === null ? '' : cellText(c.kind, totals[c.key], meta),
    );
    doc.font(BOLD).fontSize(BODY_SIZE).fillColor(INK);
    drawCells(doc, layout, columns, cells, y, ROW_HEIGHT);
  }

  // "Page N of M" needs M: pages stay buffered (bufferPages) until the end. That holds every page of the
  // report in memory, which is fine up to a few thousand rows; larger exports belong in CSV or XLSX.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const label = `Page ${i - start + 1} of ${count}`;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    const x = (doc.page.width - doc.widthOfString(label)) / 2;
    doc.text(label, x, doc.page.height - doc.page.margins.bottom - 10, { lineBreak: false });
  }
}

/**
 * The report as a PDF: a header on every page, a table whose header row repeats, zebra rows, a totals row and
 * page numbers. Letter, landscape beyond 6 columns. The document is a stream: pipe it as it is produced.
 */
export function renderPdf(input: ExportInput): Readable {
  const { meta, columns } = input;
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: columns.length > 6 ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${meta.reportTitle} - ${meta.companyName}`,
      Author: meta.companyName,
      CreationDate: new Date(meta.generatedAt),
    },
  });
  useFonts(doc);
  draw(doc, input).then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}
