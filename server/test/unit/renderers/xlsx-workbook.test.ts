import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderXlsx, renderXlsxSheets, type XlsxSheet } from '../../../src/modules/reports/renderers/xlsx';
import type { Cell } from '../../../src/modules/reports/renderers/types';
import { columns, exportInput, manyRows, rows } from './fixture';

// Workbooks read back by both readers the project uses (exceljs, SheetJS) and checked by Info-ZIP's own test,
// one sheet and several: a report is a workbook of one sheet, written by the same code as the data export.

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'punchclock-xlsx-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(render: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks = out.toArray();
  await render(out);
  return Buffer.concat(await chunks);
}

/** `unzip -t` on the file: every entry's CRC checked by a zip reader that is not ours. */
function unzipTest(file: string): string {
  return execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
}

async function* departments(): AsyncGenerator<Record<string, Cell>> {
  yield { name: 'Front office', staff: 4 };
  yield { name: 'Warehouse <North> & Co', staff: 12 };
}

const meta = exportInput().meta;
const sheets = (): XlsxSheet[] => [
  { name: 'Employees', columns, rows },
  {
    name: 'Departments',
    columns: [
      { key: 'name', label: 'Department', kind: 'text' },
      { key: 'staff', label: 'Staff', kind: 'integer' },
    ],
    rows: departments(),
  },
  { name: 'Punches', columns: [{ key: 'at', label: 'At', kind: 'datetime' }], rows: [] },
];

describe('XLSX workbooks read back', () => {
  it('a workbook of several sheets, by exceljs, SheetJS and unzip -t', async () => {
    const buffer = await collect((out) => renderXlsxSheets(meta, sheets(), out));

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Employees', 'Departments', 'Punches']);
    expect(book.getWorksheet('Employees')!.getRow(2).getCell(3).value).toBe(8.5);
    const departmentsSheet = book.getWorksheet('Departments')!;
    expect(departmentsSheet.getRow(3).getCell(1).value).toBe('Warehouse <North> & Co');
    expect(departmentsSheet.getRow(3).getCell(2).value).toBe(12);
    expect(book.getWorksheet('Punches')!.rowCount).toBe(1);

    const sheetjs = XLSX.read(buffer);
    expect(sheetjs.SheetNames).toEqual(['Employees', 'Departments', 'Punches']);
    expect(XLSX.utils.sheet_to_json(sheetjs.Sheets.Departments)).toEqual([
      { Department: 'Front office', Staff: 4 },
      { Department: 'Warehouse <North> & Co', Staff: 12 },
    ]);

    if (hasUnzip) {
      const file = join(dir, 'several.xlsx');
      await writeFile(file, buffer);
      const report = unzipTest(file);
      expect(report).toContain('No errors detected');
      for (const n of [1, 2, 3]) expect(report).toContain(`xl/worksheets/sheet${n}.xml`);
    }
  });

  it('a report is the workbook of one sheet with its totals, byte for byte', async () => {
    const input = exportInput();
    const report = await collect((out) => renderXlsx(input, out));
    const oneSheet = await collect((out) =>
      renderXlsxSheets(
        input.meta,
        [{ name: input.meta.reportTitle, columns, rows, totals: input.totals }],
        out,
      ),
    );
    expect(report.equals(oneSheet)).toBe(true);

    const sheetjs = XLSX.read(report);
    expect(sheetjs.SheetNames).toEqual(['Hours by Employee']);
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheetjs.Sheets['Hours by Employee'], { header: 1 });
    expect(table).toHaveLength(4);
    expect(table[3].slice(0, 4)).toEqual(['Total', 3, 9.25, 1234.57]);

    if (hasUnzip) {
      const file = join(dir, 'report.xlsx');
      await writeFile(file, report);
      expect(unzipTest(file)).toContain('No errors detected');
    }
  });

  it('streams a 50,000-row report: bytes reach the reader long before the last row is read', async () => {
    const file = join(dir, 'large.xlsx');
    const disk = createWriteStream(file);
    let bytes = 0;
    let bytesAtHalf = -1;
    let pulled = 0;
    async function* counted(): AsyncGenerator<Record<string, Cell>> {
      for await (const row of manyRows(50_000)) {
        if (++pulled === 25_000) bytesAtHalf = bytes;
        yield row;
      }
    }
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        disk.write(chunk, done);
      },
      final(done) {
        disk.end(done);
      },
    });
    await renderXlsx(exportInput({ rows: counted() }), out);

    expect(pulled).toBe(50_000);
    // Half the rows read, several hundred KB already written: the file is not built up before it is sent.
    expect(bytesAtHalf).toBeGreaterThan(200_000);

    // Read back by exceljs's streaming reader: SheetJS and exceljs's whole-file load take 20 s on a busy machine.
    let count = 0;
    let last: ExcelJS.Row | undefined;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
      for await (const row of sheet) {
        count++;
        last = row;
      }
    }
    expect(count).toBe(1 + 50_000 + 1); // header, rows, totals
    expect(last?.getCell(1).value).toBe('Total');
    if (hasUnzip) expect(unzipTest(file)).toContain('No errors detected');
  }, 120_000);
});
