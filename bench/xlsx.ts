// Times the XLSX export writer on 220,000 synthetic Daily-Summary-like rows (11 columns: a date, 3 texts, 2
// datetimes, 3 hours, an integer and money) written to a file in /tmp, with the file size and the peak RSS.
// Beside it, the ceiling: the time to only deflate the very same sheet XML (read back from the file just
// written), so the ratio shows what the writer costs beyond compression. Run: npx tsx bench/xlsx.ts
// (BENCH_ROWS=… for another size).
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { renderXlsx } from '../server/src/modules/reports/renderers/xlsx';
import type { Cell, ExportInput, ReportColumn } from '../server/src/modules/reports/renderers/types';

const ROWS = Number(process.env.BENCH_ROWS ?? 220_000);

const columns: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'employee_id', label: 'Employee ID', kind: 'text' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'dp_name', label: 'Department', kind: 'text' },
  { key: 'first_in', label: 'First In', kind: 'datetime' },
  { key: 'last_out', label: 'Last Out', kind: 'datetime' },
  { key: 'regular', label: 'Regular Hours', kind: 'hours' },
  { key: 'overtime', label: 'Overtime Hours', kind: 'hours' },
  { key: 'worked', label: 'Worked Hours', kind: 'hours' },
  { key: 'punches', label: 'Punches', kind: 'integer' },
  { key: 'earnings', label: 'Earnings', kind: 'money' },
];

function* rows(count: number): Generator<Record<string, Cell>> {
  const base = Date.UTC(2026, 9, 1, 12, 0);
  for (let i = 0; i < count; i++) {
    const day = i % 31;
    const inAt = base + day * 86_400_000 + (i % 60) * 60_000;
    yield {
      date: `2026-10-${String(day + 1).padStart(2, '0')}`,
      employee_id: `E${String(i % 10_000).padStart(5, '0')}`,
      name: `Employee ${String(i % 10_000).padStart(5, '0')} O'Brien & Co`,
      dp_name: i % 3 === 0 ? 'Warehouse <North>' : 'Front office',
      first_in: new Date(inAt).toISOString(),
      last_out: i % 17 === 0 ? null : new Date(inAt + 8.5 * 3_600_000).toISOString(),
      regular: 480,
      overtime: i % 5 === 0 ? 30 + (i % 90) : 0,
      worked: 480 + (i % 5 === 0 ? 30 + (i % 90) : 0),
      punches: 2 + (i % 3),
      earnings: 12_000 + (i % 9_000),
    };
  }
}

const input: ExportInput = {
  meta: {
    reportTitle: 'Daily Summary',
    reportName: 'daily-summary',
    companyName: 'Bench Co',
    start: '2026-10-01',
    end: '2026-10-31',
    generatedAt: new Date().toISOString(),
    zone: 'America/New_York',
    dateFormat: 'MM/DD/YY',
    timeFormat: '12 Hours (AM/PM)',
  },
  columns,
  rows: rows(ROWS),
  totals: { regular: 480 * ROWS, overtime: 0, worked: 480 * ROWS, punches: 2 * ROWS, earnings: 1 },
};

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const file = join(tmpdir(), `punchclock-bench-${process.pid}.xlsx`);

// The writer, with RSS sampled while it runs.
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const cpuBefore = process.cpuUsage();
const started = performance.now();
await renderXlsx(input, createWriteStream(file));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const { size } = await stat(file);

// The ceiling: the same sheet XML, inflated out of the file, then only deflated again (at the writer's level,
// BENCH_LEVEL to change it; the old exceljs writer used 6).
const sheetXml = readEntry(await readFile(file), 'xl/worksheets/sheet1.xml');
const CHUNK = 64 * 1024;
const LEVEL = Number(process.env.BENCH_LEVEL ?? constants.Z_BEST_SPEED);
const ceilingCpuBefore = process.cpuUsage();
const ceilingStarted = performance.now();
let deflated = 0;
for (let at = 0; at < sheetXml.length; at += CHUNK) {
  // Pieces deflated independently, like a stream flushed every 64 KB: close to one streaming pass.
  deflated += deflateRawSync(sheetXml.subarray(at, at + CHUNK), { level: LEVEL }).length;
}
const ceiling = (performance.now() - ceilingStarted) / 1000;
const ceilingCpu = process.cpuUsage(ceilingCpuBefore);
const cpuSeconds = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1e6).toFixed(2);
await rm(file, { force: true });

console.log(
  [
    `xlsx ${ROWS.toLocaleString('en-US')} rows × ${columns.length} columns`,
    `  writer:  ${seconds.toFixed(2)} s (CPU ${cpuSeconds(cpu)} s), file ${mb(size)} MB, peak RSS ${mb(peak)} MB (+${mb(peak - rssBefore)} MB over the start)`,
    `  ceiling: ${ceiling.toFixed(2)} s (CPU ${cpuSeconds(ceilingCpu)} s) to only deflate the same sheet XML at level ${LEVEL} (${mb(sheetXml.length)} MB → ${mb(deflated)} MB)`,
    `  ratio:   ${(seconds / ceiling).toFixed(1)}× wall, ${(Number(cpuSeconds(cpu)) / Number(cpuSeconds(ceilingCpu))).toFixed(1)}× CPU`,
  ].join('\n'),
);

/** One entry of a zip file, read through its central directory (enough for a bench, no ZIP64). */
function readEntry(zip: Buffer, name: string): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  const entries = zip.readUInt16LE(eocd + 10);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return method === 8 ? inflateRawSync(data) : data;
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} is not in the zip`);
}
