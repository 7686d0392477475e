import type PDFKitDocument from 'pdfkit';
import { BOLD, FONT } from '../../../lib/pdf-fonts';
import { lazy } from '../../../lib/lazy';
import type { ColumnKind, ReportColumn } from './types';

/** PDFKit, loaded on the first PDF (it is large, and most requests never draw one). */
export const loadPdfKit = lazy<typeof PDFKitDocument>('pdfkit');

export type Doc = PDFKit.PDFDocument;

export { BOLD, FONT } from '../../../lib/pdf-fonts';
export const INK = '#111827';
export const MUTED = '#6b7280';
export const HEADER_FILL = '#e5e7eb';

export const isFigure = (kind: ColumnKind) =>
  kind === 'integer' || kind === 'number' || kind === 'hours' || kind === 'money';

/** `text` cut to fit `width` in the current font, ending with an ellipsis when cut. */
export function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
}

/** How a table sizes its columns: the usual widest value of each kind, and who gets the room left over. */
export interface ColumnSizing {
  fontSize: number;
  /** Padding inside a cell, each side. */
  pad: number;
  sample: Record<ColumnKind, string>;
  /** Share of the spare room per kind (all zero: shared evenly). */
  spareShare: Record<ColumnKind, number>;
}

/**
 * Each column as wide as its label and usual value, the room left shared by `spareShare`; too many columns for
 * the room and every column gives up the same fraction (labels are then cut).
 */
export function columnWidths(doc: Doc, columns: ReportColumn[], room: number, s: ColumnSizing): number[] {
  const needs = columns.map((c) => {
    const label = doc.font(BOLD).fontSize(s.fontSize).widthOfString(c.label);
    const sample = doc.font(FONT).fontSize(s.fontSize).widthOfString(s.sample[c.kind]);
    return Math.max(label, sample) + 2 * s.pad;
  });
  const needed = needs.reduce((a, b) => a + b, 0);
  const spare = room - needed;
  if (spare < 0) return needs.map((n) => (n * room) / needed);
  const shares = columns.reduce((sum, c) => sum + s.spareShare[c.kind], 0);
  return shares === 0
    ? needs.map((n) => n + spare / needs.length)
    : columns.map((c, i) => needs[i] + (spare * s.spareShare[c.kind]) / shares);
}

/** The left edge of each column. */
export const columnStarts = (left: number, widths: number[]) =>
  widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
