import type { Readable } from 'node:stream';
import { formatDateTime } from '../reports/renderers/format';
import {
  type Area,
  BOLD,
  type Doc,
  FONT,
  INK,
  MUTED,
  type PdfTable,
  renderTables,
  textBlock,
} from '../reports/renderers/pdf-table';
import type { DataExport, DataSection } from './data-export.service';

/**
 * The account's data as a PDF, drawn by the reports' table renderer (pdf-table.ts): the company and when the
 * file was made, then one section per part (Profile, Settings, Departments, Employees, Pay Rates, Punches), each
 * from a new page with its name and header row repeated on the pages it takes. Every cell whole: text wraps in
 * its column, dates, times and figures are never cut. Pages are not held: each is written out as the next
 * begins, and rows are pulled from the database as the file is written; drawing waits for a slow reader.
 */
export function renderDataPdf(data: DataExport, highWater?: number): Readable {
  const { meta } = data;
  const generated = `Your data, generated ${formatDateTime(meta.generatedAt, meta.zone, meta.dateFormat, meta.timeFormat)} (${meta.zone})`;
  const table = (section: DataSection, index: number): PdfTable => ({
    columns: section.columns,
    rows: section.rows,
    empty: 'Nothing here yet.',
    heading(doc: Doc, { left, right, top }: Area, first: boolean) {
      const width = right - left;
      let y = top;
      if (first && index === 0) {
        doc.font(BOLD).fontSize(16).fillColor(INK);
        y = textBlock(doc, meta.companyName, left, y, width);
        doc.font(FONT).fontSize(9).fillColor(MUTED);
        y = textBlock(doc, generated, left, y, width) + 10;
      }
      if (first) {
        doc.font(BOLD).fontSize(13).fillColor(INK);
        return textBlock(doc, section.name, left, y, width) + 2;
      }
      doc.font(BOLD).fontSize(9).fillColor(MUTED);
      return textBlock(doc, `${section.name} (continued)`, left, y, width) + 2;
    },
  });
  return renderTables(
    {
      title: `Your data - ${meta.companyName}`,
      author: meta.companyName,
      createdAt: meta.generatedAt,
      meta,
      fontSize: 8,
      highWater,
    },
    data.sections.map(table),
  );
}
