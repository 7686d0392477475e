import { Readable } from 'node:stream';
import { csvHeaderLine, csvLine } from '../../../lib/csv';
import { cellText } from './format';
import type { ExportInput } from './types';

/** Lines are sent in chunks of about this many characters rather than one write per row. */
const CHUNK_CHARS = 64 * 1024;

async function* csvChunks({ meta, columns, rows, totals }: ExportInput): AsyncGenerator<string> {
  let chunk = csvHeaderLine(columns.map((c) => c.label));
  for await (const row of rows) {
    chunk += csvLine(columns.map((c) => cellText(c.kind, row[c.key] ?? null, meta, 'csv')));
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (totals) {
    chunk += csvLine(
      columns.map((c, i) => (i === 0 ? 'Total' : cellText(c.kind, totals[c.key] ?? null, meta, 'csv'))),
    );
  }
  yield chunk;
}

/** The report as CSV (lib/csv: RFC 4180, formula cells neutralised), streamed as the rows arrive. */
export const renderCsv = (input: ExportInput): Readable =>
  Readable.from(csvChunks(input), { objectMode: false });
