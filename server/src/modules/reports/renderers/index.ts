import { PassThrough, type Readable } from 'node:stream';
import { renderCsv } from './csv';
import { exportFileName } from './format';
import { renderPdf } from './pdf';
import type { ExportInput } from './types';
import { renderXlsx } from './xlsx';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export interface RenderedExport {
  contentType: string;
  fileName: string;
  stream: Readable;
}

/** One report's rows as a file stream in the asked format, named `{report}-{start}-{end}.{ext}`. */
export function renderExport(format: ExportFormat, input: ExportInput): RenderedExport {
  const { reportName, start, end } = input.meta;
  return {
    contentType: EXPORT_CONTENT_TYPES[format],
    fileName: exportFileName(reportName, start, end, format),
    stream: streamFor(format, input),
  };
}

function streamFor(format: ExportFormat, input: ExportInput): Readable {
  if (format === 'csv') return renderCsv(input);
  if (format === 'pdf') return renderPdf(input);
  const out = new PassThrough();
  renderXlsx(input, out).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

export type { Cell, ColumnKind, ExportInput, ExportMeta, ReportColumn } from './types';
