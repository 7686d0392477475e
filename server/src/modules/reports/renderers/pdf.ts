import type { Readable } from 'node:stream';
import { formatDateTime, formatPeriod } from './format';
import { type Area, BOLD, type Doc, FONT, INK, MUTED, renderTables, textBlock } from './pdf-table';
import type { ExportInput } from './types';

/**
 * The report as a PDF (pdf-table.ts): on every page the company, the report, its period and when it was
 * generated above the table's header row; zebra rows, a totals row, "Page N of M". A stream: pipe it as it is
 * produced.
 */
export function renderPdf(input: ExportInput): Readable {
  const { meta, columns, rows, totals } = input;
  const period = formatPeriod(meta.start, meta.end, meta.dateFormat);
  const generated = `Generated ${formatDateTime(meta.generatedAt, meta.zone, meta.dateFormat, meta.timeFormat)}`;
  const heading = (doc: Doc, { left, right, top }: Area) => {
    const width = right - left;
    doc.font(BOLD).fontSize(14).fillColor(INK);
    let y = textBlock(doc, meta.companyName, left, top, width) + 0.5;
    doc.font(FONT).fontSize(11);
    y = textBlock(doc, meta.reportTitle, left, y, width) + 1;
    doc.fontSize(8.5).fillColor(MUTED).text(period, left, y, { lineBreak: false });
    doc.text(generated, right - doc.widthOfString(generated), y, { lineBreak: false });
    return y + 16;
  };
  return renderTables(
    {
      title: `${meta.reportTitle} - ${meta.companyName}`,
      author: meta.companyName,
      createdAt: meta.generatedAt,
      meta,
    },
    [{ columns, rows, totals, empty: 'No rows for this period.', heading }],
  );
}
