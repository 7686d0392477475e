import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../src/modules/reports/renderers/pdf';
import type { ReportColumn } from '../../../src/modules/reports/renderers/types';
import { readsWhole } from '../../pdf-text';
import { exportInput, manyRows, rows as sampleRows } from './fixture';

const bytes = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** The text poppler reads from the PDF, page by page (form feeds between pages). */
async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = join(tmpdir(), `punchclock-${name}-${process.pid}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('PDF export', () => {
  it('repeats the page header and table header on every page and numbers the pages', async () => {
    const pdf = await bytes(renderPdf(exportInput({ rows: manyRows(300) })));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = (await pdfText(pdf, 'many')).split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Acme Widgets Inc.');
      expect(page).toContain('Hours by Employee');
      expect(page).toContain('11/01/26 – 11/30/26');
      expect(page).toContain('Generated 11/22/26 11:30 PM');
      expect(page).toContain('Worked hours');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const last = pages[pages.length - 1];
    expect(last).toMatch(/Total\s+.*\$/);
    expect(last).toContain('Employee 299 ');
    // Long text wraps onto more lines of its row, whole; nothing ends in an ellipsis (it was cut to "…" before).
    expect(pages.join('')).not.toContain('…');
    expect(readsWhole(pages[0], 'Employee 0 with a name long enough to be cut in a narrow column')).toBe(
      true,
    );
  });

  it('prints a small report with N/A for empty cells and a totals row', async () => {
    const pdf = await bytes(renderPdf(exportInput()));
    // Kept for a look at the layout: pdftoppm -png -r 60 -f 1 -l 1 /tmp/report-sample.pdf /tmp/report-sample
    await writeFile('/tmp/report-sample.pdf', pdf);
    const text = await pdfText(pdf, 'small');
    expect(text).toMatch(/Ada Lovelace\s+3\s+8\.50\s+\$1,234\.56\s+11\/02\/26\s+11\/02\/26 2:05 PM/);
    expect(text).toMatch(/=HYPERLINK\("x"\)\s+N\/A\s+0\.75\s+\$0\.01\s+11\/03\/26\s+N\/A/);
    expect(text).toMatch(/Total\s+3\s+9\.25\s+\$1,234\.57\s*\n/);
    expect(text).toContain('Page 1 of 1');
  });

  it('keeps a usual full name whole in a wide report (Daily Summary’s columns)', async () => {
    const wide: ReportColumn[] = [
      { key: 'day', label: 'Date', kind: 'date' },
      { key: 'code', label: 'Employee ID', kind: 'text' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'dept', label: 'Department', kind: 'text' },
      { key: 'in', label: 'First In', kind: 'datetime' },
      { key: 'out', label: 'Last Out', kind: 'datetime' },
      { key: 'worked', label: 'Worked', kind: 'hours' },
      { key: 'deducted', label: 'Deducted', kind: 'hours' },
      { key: 'paid', label: 'Paid', kind: 'hours' },
      { key: 'earnings', label: 'Earnings', kind: 'money' },
    ];
    const row = {
      day: '2026-11-02',
      code: 'E-1001',
      name: 'Alexandra Whitfield',
      dept: 'Warehouse',
      in: '2026-11-02T14:00:00.000Z',
      out: '2026-11-02T22:30:00.000Z',
      worked: 510,
      deducted: 30,
      paid: 480,
      earnings: 960000,
    };
    const pdf = await bytes(renderPdf(exportInput({ columns: wide, rows: [row], totals: null })));
    // Before: the Name column had its label's width alone, and read "Alexand…".
    expect(await pdfText(pdf, 'wide')).toContain('Alexandra Whitfield');
  });

  it('writes names beyond Windows-1252 as typed (Polish, Turkish, Norwegian, Greek, Cyrillic)', async () => {
    const names = ['Łukasz Żółć', 'Şahin Ğül', 'Ørjan Øst', 'Ξανθή Παππά', 'Дмитрий Орлов'];
    const rows = names.map((employee) => ({ ...sampleRows[0], employee }));
    const text = await pdfText(await bytes(renderPdf(exportInput({ rows, totals: null }))), 'scripts');
    // Before: PDFKit's Helvetica printed "V¶7¢" for Łukasz and junk for the rest.
    for (const name of names) expect(text).toContain(name);
  });

  it('turns to landscape beyond 6 columns', async () => {
    const input = exportInput();
    const columns = [...input.columns, { key: 'note', label: 'Note', kind: 'text' as const }];
    const text = (await bytes(renderPdf({ ...input, columns }))).toString('latin1');
    expect(text).toMatch(/\/MediaBox \[0 0 792 612\]/);
  });
});
