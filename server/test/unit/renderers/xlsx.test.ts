import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderXlsx, sheetName } from '../../../src/modules/reports/renderers/xlsx';
import { exportInput, manyRows } from './fixture';

/** The rendered file, typed as exceljs's reader wants it. */
async function xlsxBuffer(input = exportInput()): Promise<ExcelJS.Buffer> {
  const out = new PassThrough();
  const chunks = out.toArray();
  await renderXlsx(input, out);
  return Buffer.concat(await chunks) as unknown as ExcelJS.Buffer;
}

describe('XLSX export', () => {
  it('writes figures as numbers, dates as dates, a frozen bold header and a bold totals row', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxBuffer());
    const sheet = workbook.getWorksheet('Hours by Employee')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('Employee');
    expect(header.getCell(3).value).toBe('Worked hours');
    expect(header.getCell(1).font?.bold).toBe(true);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Ada Lovelace');
    expect(first.getCell(2).value).toBe(3);
    expect(first.getCell(3).value).toBe(8.5);
    expect(first.getCell(3).numFmt).toBe('0.00');
    expect(first.getCell(4).value).toBe(1234.56);
    expect(first.getCell(4).numFmt).toBe('"$"#,##0.00');
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 2)));
    expect(first.getCell(5).numFmt).toBe('mm/dd/yy');
    // The account's wall clock (2:05 PM in New York), which is what Excel shows.
    expect(first.getCell(6).value).toEqual(new Date(Date.UTC(2026, 10, 2, 14, 5)));
    expect(first.getCell(6).numFmt).toBe('mm/dd/yy hh:mm AM/PM');

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('=HYPERLINK("x")'); // a string cell, never a formula
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(4).value).toBe(0.01);

    const total = sheet.getRow(4);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(1).font?.bold).toBe(true);
    expect(total.getCell(3).value).toBe(9.25);
    expect(total.getCell(4).value).toBe(1234.57);
    expect(sheet.rowCount).toBe(4);
  });

  it("formats dates in the account's format", async () => {
    const input = exportInput();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await xlsxBuffer({ ...input, meta: { ...input.meta, dateFormat: 'DD/MM/YY', timeFormat: '24 Hours' } }),
    );
    const row = workbook.worksheets[0].getRow(2);
    expect(row.getCell(5).numFmt).toBe('dd/mm/yy');
    expect(row.getCell(6).numFmt).toBe('dd/mm/yy hh:mm');
  });

  it('names the sheet within Excel rules', () => {
    expect(sheetName('Hours: [by] employee/department and more words')).toBe(
      'Hours   by  employee department',
    );
    expect(sheetName('???')).toBe('Report');
  });

  it('streams 200,000 rows to a file with flat memory', async () => {
    const file = join(tmpdir(), `punchclock-xlsx-${process.pid}.xlsx`);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    try {
      await renderXlsx(exportInput({ rows: manyRows(200_000) }), createWriteStream(file));
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const growthMb = (peak - before) / 2 ** 20;
      const seconds = (performance.now() - started) / 1000;
      const { size } = await stat(file);
      console.log(
        `xlsx 200,000 rows: ${seconds.toFixed(1)} s, rss growth ${growthMb.toFixed(0)} MB, file ${(size / 2 ** 20).toFixed(1)} MB`,
      );
      expect(size).toBeGreaterThan(1_000_000);
      expect(growthMb).toBeLessThan(250);
    } finally {
      clearInterval(sampler);
      await rm(file, { force: true });
    }
  }, 180_000);
});
