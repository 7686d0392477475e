import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../src/modules/reports/renderers/pdf';
import type { Cell, ReportColumn } from '../../../src/modules/reports/renderers/types';
import { readsWhole } from '../../pdf-text';
import { exportInput } from './fixture';

/** The table renderer's edges: orientation by content, figures never cut, a row taller than a page, streaming. */

const bytes = async (stream: Readable) => Buffer.concat(await stream.toArray());
async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = join(tmpdir(), `punchclock-table-${name}-${process.pid}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const LANDSCAPE = /\/MediaBox \[0 0 792 612\]/;
const PORTRAIT = /\/MediaBox \[0 0 612 792\]/;

describe('PDF table', () => {
  it('turns to landscape when few columns need the width, and stays portrait when they do not', async () => {
    const columns: ReportColumn[] = [
      { key: 'a', label: 'Address', kind: 'text' },
      { key: 'b', label: 'Notes', kind: 'text' },
      { key: 'c', label: 'Comment', kind: 'text' },
    ];
    const long = 'a fairly long sentence of free text that a note or an address holds, more than one line';
    const wide = await bytes(
      renderPdf(exportInput({ columns, rows: [{ a: long, b: long, c: long }], totals: null })),
    );
    expect(wide.toString('latin1')).toMatch(LANDSCAPE);
    const narrow = await bytes(
      renderPdf(exportInput({ columns, rows: [{ a: 'Main St', b: 'ok', c: 'fine' }], totals: null })),
    );
    expect(narrow.toString('latin1')).toMatch(PORTRAIT);
  });

  it('prints a figure wider than any of the first rows whole (smaller), never cut', async () => {
    const columns: ReportColumn[] = [
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'pay', label: 'Pay', kind: 'money' },
    ];
    // The columns are sized on the first 200 rows; the 250th holds a far wider figure.
    const rows = Array.from({ length: 300 }, (_, i) => ({
      name: `Person ${i}`,
      pay: i === 250 ? 12_345_678_901 : 100,
    }));
    const text = await pdfText(
      await bytes(renderPdf(exportInput({ columns, rows, totals: null }))),
      'wide-figure',
    );
    expect(text).toContain('$123,456,789.01');
    expect(text).not.toContain('…');
  });

  it('goes on over pages with a row taller than a page, every line in order', async () => {
    const columns: ReportColumn[] = [
      { key: 'day', label: 'Day', kind: 'date' },
      { key: 'note', label: 'Note', kind: 'text' },
    ];
    const note = Array.from({ length: 120 }, (_, i) => `line ${i}`).join('\n');
    const pdf = await bytes(
      renderPdf(
        exportInput({
          columns,
          rows: [
            { day: '2026-11-02', note },
            { day: '2026-11-03', note: 'after' },
          ],
          totals: null,
        }),
      ),
    );
    const text = await pdfText(pdf, 'tall-row');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    const found = [...text.matchAll(/line (\d+)/g)].map((m) => Number(m[1]));
    expect(found).toEqual(Array.from({ length: 120 }, (_, i) => i));
    for (const page of pages) expect(page).toMatch(/Day\s+Note/);
    expect(text).toMatch(/11\/03\/26\s+after/);
  });

  it('fits a table of many figure columns in the page, smaller, every figure whole', async () => {
    const columns: ReportColumn[] = Array.from({ length: 18 }, (_, i) => ({
      key: `c${i}`,
      label: `Hours ${i}`,
      kind: 'datetime' as const,
    }));
    const row: Record<string, Cell> = Object.fromEntries(
      columns.map((c) => [c.key, '2026-11-02T22:05:00.000Z']),
    );
    const pdf = await bytes(renderPdf(exportInput({ columns, rows: [row], totals: null })));
    expect(pdf.toString('latin1')).toMatch(LANDSCAPE);
    const text = await pdfText(pdf, 'squeezed');
    // 5:05 PM in New York, in each of the 18 columns.
    expect(text.match(/11\/02\/26 5:05 PM/g)).toHaveLength(18);
    for (const c of columns) expect(readsWhole(text, c.label), c.label).toBe(true);
  });

  it('writes pages out as it draws them: most of the file has reached the reader when the last row is drawn', async () => {
    let received = 0;
    let receivedAtLastRow = -1;
    // Rows as a report query hands them over: a page of them at a time, the event loop turning in between.
    async function* rows() {
      for (let i = 0; i < 3_000; i++) {
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (i === 2_999) receivedAtLastRow = received;
        yield {
          employee: `Employee ${i}`,
          punches: i,
          worked: 480,
          pay: 100,
          day: '2026-11-02',
          first_in: null,
        };
      }
    }
    const chunks: Buffer[] = [];
    await pipeline(
      renderPdf(exportInput({ rows: rows() })),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          received += chunk.length;
          chunks.push(chunk);
          done();
        },
      }),
    );
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // Held pages (bufferPages, for "of M") wrote every page after the last row: 15 bytes had arrived by then.
    expect(receivedAtLastRow).toBeGreaterThan(pdf.length * 0.8);
    const text = await pdfText(pdf, 'streamed');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(30);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  }, 60_000);
});
