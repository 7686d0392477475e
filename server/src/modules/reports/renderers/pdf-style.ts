// The PDF tables' document type and colours, shared by the table (pdf-table.ts) and its page numbers
// (pdf-output.ts).

export type Doc = PDFKit.PDFDocument;

export { BOLD, FONT } from '../../../lib/pdf-fonts';
export const INK = '#111827';
export const MUTED = '#6b7280';
export const HEADER_FILL = '#e5e7eb';
export const ZEBRA_FILL = '#f3f4f6';
export const RULE = '#9ca3af';
