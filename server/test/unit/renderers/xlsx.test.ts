import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderXlsx } from '../../../src/modules/reports/renderers/xlsx';
import { instantMs } from '../../../src/modules/reports/renderers/xlsx-cells';
import { sheetName } from '../../../src/modules/reports/renderers/xlsx-sheet';
import type { Cell } from '../../../src/modules/reports/renderers/types';
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
    expect(first.getCell(6).numFmt).toBe('mm/dd/yy h:mm AM/PM');

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

  it('reads ISO instants exactly as Date.parse does, malformed ones included', () => {
    const iso = fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
    fc.assert(
      fc.property(iso, (text) => {
        expect(instantMs(text)).toBe(Date.parse(text));
      }),
    );
    // One character changed anywhere: a different instant, or NaN, just as Date.parse says.
    fc.assert(
      fc.property(iso, fc.nat(23), fc.constantFrom(...'0123456789-:.TZ x+'), (text, at, c) => {
        const changed = text.slice(0, at) + c + text.slice(at + 1);
        expect(instantMs(changed)).toBe(Date.parse(changed));
      }),
      { numRuns: 2_000 },
    );
    for (const text of [
      '2026-02-30T10:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-11-02T24:00:00.000Z',
      '0050-01-01T00:00:00.000Z',
    ]) {
      expect(instantMs(text)).toBe(Date.parse(text));
    }
  });

  it('stops with an error, rather than waiting forever, when the reader goes away midway', async () => {
    let bytes = 0;
    const out: Writable = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        // A client that hangs up after 200 KB: the stream closes with no error of its own.
        if (bytes > 200_000) out.destroy();
        else setImmediate(done);
      },
    });
    await expect(renderXlsx(exportInput({ rows: manyRows(100_000) }), out)).rejects.toThrow(/closed/);
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
  it('keeps XML specials, emoji and spaces in text, drops characters XML cannot hold, and writes bad dates as text', async () => {
    const text = ` <tag a="1"> & 'quoted' 😀 a\u0001b\u0000c\uD800d\u001Fe \u00e9 `;
    const input = exportInput({
      rows: [
        { employee: text, punches: 'many', worked: null, pay: 0, day: 'someday', first_in: 'not a time' },
      ],
      totals: null,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxBuffer(input));
    const row = workbook.worksheets[0].getRow(2);
    expect(row.getCell(1).value).toBe(` <tag a="1"> & 'quoted' 😀 abcde \u00e9 `);
    expect(row.getCell(2).value).toBe('many'); // not a number: kept as text rather than a broken cell
    expect(row.getCell(3).value).toBeNull();
    expect(row.getCell(4).value).toBe(0);
    expect(row.getCell(5).value).toBe('someday');
    expect(row.getCell(6).value).toBe('not a time');
    expect(workbook.worksheets[0].rowCount).toBe(2);
  });

  it("writes the workbook's creator, creation time and column widths", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxBuffer());
    expect(workbook.creator).toBe('Acme Widgets Inc.');
    expect(workbook.created).toEqual(new Date('2026-11-23T04:30:00.000Z'));
    const sheet = workbook.worksheets[0];
    expect(sheet.columns.map((c) => c.width)).toEqual([24, 10, 14, 14, 11, 20]);
  });

  it('writes an empty report as the header row alone', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxBuffer(exportInput({ rows: [], totals: null })));
    const sheet = workbook.getWorksheet('Hours by Employee')!;
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(6).value).toBe('First in');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('writes a zip whose every entry has the right CRC and sizes, the sheet carrying the frozen pane', async () => {
    const zip = Buffer.from(await xlsxBuffer(exportInput({ rows: manyRows(2_000) })));
    const entries = zipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const entry of entries) {
      expect(entry.data.length, entry.name).toBe(entry.size);
      expect(crc32(entry.data), entry.name).toBe(entry.crc);
    }
    const sheet = entries.at(-1)!.data.toString('utf8');
    expect(sheet).toContain(
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    expect(sheet).toContain('<row r="2001">');
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it('keeps heap growth small while 100,000 rows stream to a slow reader', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let rows = 0;
    let queued = 0;
    async function* counted(): AsyncGenerator<Record<string, Cell>> {
      for await (const row of manyRows(100_000)) {
        if (++rows % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
        yield row;
      }
    }
    // A reader that takes its time: the writer has to wait for it rather than buffer the file.
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        queued = Math.max(queued, out.writableLength);
        setImmediate(done);
      },
    });
    await renderXlsx(exportInput({ rows: counted() }), out);
    const growthMb = (peak - before) / 2 ** 20;
    expect(rows).toBe(100_000);
    expect(bytes).toBeGreaterThan(1_000_000);
    // The whole sheet XML is ~45 MB and the file several MB: holding either would show here.
    expect(growthMb).toBeLessThan(40);
    // The writer waits for the reader: what sits in the output's queue stays near its 16 KB mark, not the file.
    expect(queued).toBeLessThan(512 * 1024);
  }, 120_000);
});

/** The entries of a zip, read through its central directory, each inflated. */
function zipEntries(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; crc: number; size: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
      data: inflateRawSync(zip.subarray(start, start + compressed)),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  expect(at).toBe(end);
  return entries;
}

/** CRC-32 (the zip polynomial), table-free: slow but independent of the writer's. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
