import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
import { zoneOffsetMinutes } from '../../../lib/time';
import { moneyNumber } from './format';
import type { Cell, ColumnKind, ExportInput, ExportMeta, ReportColumn } from './types';

/**
 * The report as one XLSX sheet, written by hand: the few XML parts a workbook needs and a zip around them
 * (node:zlib's deflate, data descriptors so the sheet streams without knowing its size first). Rows are
 * turned into sheet XML a few hundred at a time and deflated as they come, waiting for `out` whenever it is
 * behind, so memory stays flat whatever the number of rows.
 */

const WIDTH: Record<ColumnKind, number> = {
  text: 24,
  integer: 10,
  number: 12,
  hours: 10,
  money: 14,
  date: 11,
  datetime: 20,
};

/** Rows turned into XML and handed to deflate at once. */
const ROWS_PER_CHUNK = 500;
/** Deflate level: 1 is several times faster than the default 6 on sheet XML for a file about a third larger. */
const DEFLATE_LEVEL = constants.Z_BEST_SPEED;
/** Excel's limits: rows in a sheet, characters in a cell. */
const MAX_ROWS = 1_048_576;
const MAX_CELL_CHARS = 32_767;
/** Without ZIP64 no size or offset may reach 4 GB. */
const ZIP32_LIMIT = 0xffff_ffff;

function numFmt(kind: ColumnKind, meta: ExportMeta): string | undefined {
  const date = meta.dateFormat === 'DD/MM/YY' ? 'dd/mm/yy' : 'mm/dd/yy';
  switch (kind) {
    case 'integer':
      return '0';
    case 'hours':
      return '0.00';
    case 'money':
      return '"$"#,##0.00';
    case 'date':
      return date;
    case 'datetime':
      return `${date} ${meta.timeFormat === '24 Hours' ? 'hh:mm' : 'h:mm AM/PM'}`;
    default:
      return undefined;
  }
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ and no apostrophe at either end. */
export function sheetName(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || 'Report';
}

// ---------------------------------------------------------------------------------------------------------
// Cell values

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (30 Dec 1899, in its 1900 date system) to 1 Jan 1970. */
const EPOCH_SERIAL = 25_569;
const serialOf = (utcMs: number): number => utcMs / MS_PER_DAY + EPOCH_SERIAL;

/**
 * The account's offset from UTC in minutes at `ms`, remembered per UTC hour: two look-ups, at the hour's start
 * and end, show whether the offset holds all hour (it always does but across a clock change); an hour with a
 * change is looked up per instant.
 */
function offsetCache(zone: string): (ms: number) => number {
  const hours = new Map<number, number>();
  return (ms) => {
    const hour = Math.floor(ms / 3_600_000);
    let offset = hours.get(hour);
    if (offset === undefined) {
      const start = zoneOffsetMinutes(zone, new Date(hour * 3_600_000));
      const end = zoneOffsetMinutes(zone, new Date((hour + 1) * 3_600_000 - 1));
      offset = start === end ? start : Number.NaN;
      if (hours.size >= 10_000) hours.clear();
      hours.set(hour, offset);
    }
    return Number.isNaN(offset) ? zoneOffsetMinutes(zone, new Date(ms)) : offset;
  };
}

/** Characters XML 1.0 does not allow (most C0 controls, U+FFFE/U+FFFF, lone surrogates): dropped. */
const ILLEGAL_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Anything text needs changed for; most cells have none of it and are written as they are. */
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_WORK = /[&<>"\x00-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

/**
 * Text as XML character data (also fit for a double-quoted attribute). Excel reads `_x0041_` in a string as
 * the character it encodes, so a literal one is written with its underscore escaped (`_x005F_`).
 */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(ILLEGAL_XML, '')
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(/[&<>"\r]/g, (c) => ENTITIES[c]);
}

/** At most Excel's 32,767 characters, not cutting an emoji (a surrogate pair) in half. */
function cellLength(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  const cut = text.charCodeAt(MAX_CELL_CHARS - 1);
  return text.slice(0, cut >= 0xd800 && cut <= 0xdbff ? MAX_CELL_CHARS - 1 : MAX_CELL_CHARS);
}

function textCell(ref: string, style: number, text: string): string {
  const s = style ? ` s="${style}"` : '';
  const value = xmlText(cellLength(text));
  // Leading or trailing spaces survive only with xml:space="preserve".
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${value}</t></is></c>`;
}

function numberCell(ref: string, style: number, n: number, original: Cell): string {
  // NaN or Infinity have no spelling in a sheet: the value is kept as text.
  if (!Number.isFinite(n)) return textCell(ref, 0, String(original));
  return `<c r="${ref}" s="${style}"><v>${n}</v></c>`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const digit = (text: string, at: number): number => {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
};
const two = (text: string, at: number): number => digit(text, at) * 10 + digit(text, at + 1);

/**
 * Milliseconds of an ISO instant, NaN if it does not parse. The form the database hands over
 * ('2026-11-02T19:05:00.000Z') is read digit by digit, a few times faster than Date.parse, which the
 * rest (and days past the 28th, whose validity depends on the month) is left to.
 */
export function instantMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(10) !== 84 /* T */ || text.charCodeAt(23) !== 90 /* Z */) {
    return Date.parse(text);
  }
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  const second = two(text, 17);
  const ms = digit(text, 20) * 100 + two(text, 21);
  const year = two(text, 0) * 100 + two(text, 2);
  const separators =
    text[4] === '-' && text[7] === '-' && text[13] === ':' && text[16] === ':' && text[19] === '.';
  // Comparisons with NaN are false: a non-digit anywhere fails the range checks too.
  if (
    !separators ||
    !(month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour <= 23 && minute <= 59 && second <= 59) ||
    !(year >= 1000 && ms >= 0) // Date.UTC reads years 0–99 as 1900–1999
  ) {
    return Date.parse(text);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * Excel has no time zones: a serial date is a wall-clock reading. Dates are written as UTC midnight and
 * instants as the account's wall-clock time, so the sheet shows what the screen shows. Null writes no cell;
 * a date or time that does not parse is written as text.
 */
function cellXml(
  kind: ColumnKind,
  ref: string,
  style: number,
  value: Cell,
  offsetAt: (ms: number) => number,
): string {
  switch (kind) {
    case 'integer':
      return numberCell(ref, style, Number(value), value);
    case 'number': {
      // A figure a double cannot hold exactly (a 20-digit badge number) stays text: a copy keeps every digit.
      const n = Number(value);
      return String(n) === String(value) ? numberCell(ref, style, n, value) : textCell(ref, 0, String(value));
    }
    case 'hours':
      // The exact hours, shown with 2 decimals (0.00): a SUM of the column then equals the report's total,
      // which is made from the minutes (rows rounded each to 2 decimals summed to 99.99 against a total of 100).
      return numberCell(ref, style, Number(value) / 60, value);
    case 'money':
      return numberCell(ref, style, moneyNumber(Number(value)), value);
    case 'date': {
      const m = DATE.exec(String(value));
      if (!m) return textCell(ref, 0, String(value));
      return numberCell(ref, style, serialOf(Date.UTC(+m[1], +m[2] - 1, +m[3])), value);
    }
    case 'datetime': {
      const ms = instantMs(String(value));
      if (Number.isNaN(ms)) return textCell(ref, 0, String(value));
      return numberCell(ref, style, serialOf(ms + offsetAt(ms) * 60_000), value);
    }
    default:
      return textCell(ref, style, String(value));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Workbook parts

const KINDS: ColumnKind[] = ['integer', 'hours', 'money', 'date', 'datetime'];
const BUILT_IN_FORMATS: Record<string, number> = { '0': 1, '0.00': 2 };
/** cellXfs: 0 plain, 1 bold, then each number kind (KINDS order), then the same bold, for the totals row. */
const STYLE_BOLD = 1;
const styleOf = (kind: ColumnKind, bold: boolean): number => {
  const at = KINDS.indexOf(kind);
  if (at < 0) return bold ? STYLE_BOLD : 0;
  return 2 + at + (bold ? KINDS.length : 0);
};

function stylesXml(meta: ExportMeta): string {
  const custom: string[] = [];
  const ids = KINDS.map((kind) => {
    const code = numFmt(kind, meta)!;
    if (code in BUILT_IN_FORMATS) return BUILT_IN_FORMATS[code];
    custom.push(`<numFmt numFmtId="${164 + custom.length}" formatCode="${xmlText(code)}"/>`);
    return 163 + custom.length;
  });
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
    `${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  const xfs = [xf(0, 0), xf(0, 1), ...ids.map((id) => xf(id, 0)), ...ids.map((id) => xf(id, 1))];
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  return (
    XML_HEAD +
    `<styleSheet xmlns="${MAIN_NS}">` +
    `<numFmts count="${custom.length}">${custom.join('')}</numFmts>` +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const ROOT_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const workbookXml = (name: string) =>
  XML_HEAD +
  `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

function coreXml(meta: ExportMeta): string {
  const at = new Date(meta.generatedAt);
  const created = Number.isNaN(at.getTime())
    ? ''
    : `<dcterms:created xsi:type="dcterms:W3CDTF">${at.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>`;
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${xmlText(meta.companyName)}</dc:creator>${created}</cp:coreProperties>`
  );
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function sheetHead(columns: ReportColumn[]): string {
  const cols = columns.map((c, i) => {
    const width = Math.max(WIDTH[c.kind], Math.min(c.label.length + 2, 40));
    const style = styleOf(c.kind, false);
    return `<col min="${i + 1}" max="${i + 1}" width="${width}"${style ? ` style="${style}"` : ''} customWidth="1"/>`;
  });
  const header = columns.map((c, i) => textCell(`${columnLetters(i)}1`, STYLE_BOLD, c.label));
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols.length ? `<cols>${cols.join('')}</cols>` : '') +
    `<sheetData><row r="1">${header.join('')}</row>`
  );
}

const SHEET_TAIL = '</sheetData></worksheet>';

// ---------------------------------------------------------------------------------------------------------
// Zip

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time words (local time by the format's definition; the report's UTC time here). */
function dosDateTime(iso: string): [time: number, date: number] {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1980) return [0, 0x21]; // 1 Jan 1980
  return [
    (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  ];
}

/** Resolves when `stream` asks for more; rejects if it fails or closes first (the client went away). */
function drained(stream: Writable): Promise<void> {
  if (stream.destroyed)
    return Promise.reject(new Error('The output stream closed before the XLSX was written'));
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The output stream closed before the XLSX was written'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    stream.on('error', done);
  });
}

/** A zip archive written front to back into `out`, one entry at a time. */
class ZipWriter {
  private readonly entries: ZipEntry[] = [];
  private offset = 0;
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly out: Writable,
    generatedAt: string,
  ) {
    [this.time, this.date] = dosDateTime(generatedAt);
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await drained(this.out);
  }

  private localHeader(entry: ZipEntry): Buffer {
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    head.writeUInt16LE(entry.flags, 6);
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(this.time, 10);
    head.writeUInt16LE(this.date, 12);
    head.writeUInt32LE(entry.crc, 14);
    head.writeUInt32LE(entry.compressed, 18);
    head.writeUInt32LE(entry.size, 22);
    head.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([head, entry.name]);
  }

  /** A small entry, deflated at once; its sizes go in the local header. */
  async add(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data, { level: DEFLATE_LEVEL });
    const entry = {
      name: Buffer.from(name),
      flags: 0,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    await this.write(packed);
  }

  /**
   * A streamed entry: its local header says "sizes follow the data" (general purpose bit 3), the text chunks
   * are deflated as they are handed over, and a data descriptor after them carries the CRC and sizes.
   */
  async stream(
    name: string,
    chunks: (write: (text: string) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const entry: ZipEntry = {
      name: Buffer.from(name),
      flags: 0x0008,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));

    const deflate: DeflateRaw = createDeflateRaw({ level: DEFLATE_LEVEL });
    const out = this.out;
    // Deflated output goes straight on to `out`; when `out` is full, deflate pauses, its buffers fill, and
    // write() below waits: nothing piles up.
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      if (!out.write(chunk)) {
        deflate.pause();
        drained(out).then(
          () => deflate.resume(),
          (error: Error) => deflate.destroy(error),
        );
      }
    });
    const ended = finished(deflate);
    // Failures are answered where the writer waits; this only keeps an early one from counting as unhandled.
    ended.catch(() => {});
    try {
      await chunks(async (text) => {
        const data = Buffer.from(text, 'utf8');
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > ZIP32_LIMIT) {
          throw new Error('The XLSX sheet is larger than 4 GB, more than a zip without ZIP64 can hold');
        }
        if (!deflate.write(data)) await drained(deflate);
      });
      deflate.end();
      await ended;
    } catch (error) {
      deflate.destroy();
      throw error;
    }
    this.offset += entry.compressed;
    if (entry.compressed > ZIP32_LIMIT || this.offset > ZIP32_LIMIT) {
      throw new Error('The XLSX file is larger than 4 GB, more than a zip without ZIP64 can hold');
    }

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
  }

  /** The central directory and its end record; then `out` is ended. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const head = Buffer.alloc(46);
      head.writeUInt32LE(0x02014b50, 0);
      head.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
      head.writeUInt16LE(20, 6);
      head.writeUInt16LE(entry.flags, 8);
      head.writeUInt16LE(8, 10);
      head.writeUInt16LE(this.time, 12);
      head.writeUInt16LE(this.date, 14);
      head.writeUInt32LE(entry.crc, 16);
      head.writeUInt32LE(entry.compressed, 20);
      head.writeUInt32LE(entry.size, 24);
      head.writeUInt16LE(entry.name.length, 28);
      head.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([head, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

/**
 * The report as one XLSX sheet streamed into `out`: bold frozen header, numbers as numbers with their
 * format, dates and times as Excel dates on the account's wall clock, text as inline strings, a bold totals
 * row. Resolves when `out` has finished; rejects (leaving `out` to the caller) if the rows fail.
 */
export async function renderXlsx({ meta, columns, rows, totals }: ExportInput, out: Writable): Promise<void> {
  const zip = new ZipWriter(out, meta.generatedAt);
  await zip.add('[Content_Types].xml', CONTENT_TYPES);
  await zip.add('_rels/.rels', ROOT_RELS);
  await zip.add('docProps/core.xml', coreXml(meta));
  await zip.add('xl/workbook.xml', workbookXml(sheetName(meta.reportTitle)));
  await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.add('xl/styles.xml', stylesXml(meta));

  const letters = columns.map((_, i) => columnLetters(i));
  const keys = columns.map((c) => c.key);
  const kinds = columns.map((c) => c.kind);
  const styles = columns.map((c) => styleOf(c.kind, false));
  const offsetAt = offsetCache(meta.zone);

  await zip.stream('xl/worksheets/sheet1.xml', async (write) => {
    let xml = sheetHead(columns);
    let rowNumber = 1;
    let pending = 0;

    const addRow = (row: Record<string, Cell>) => {
      if (++rowNumber > MAX_ROWS) {
        throw new Error(
          `The report has more rows than an Excel sheet holds (${MAX_ROWS.toLocaleString('en-US')})`,
        );
      }
      let cells = `<row r="${rowNumber}">`;
      for (let i = 0; i < keys.length; i++) {
        const value = row[keys[i]];
        if (value === null || value === undefined) continue;
        cells += cellXml(kinds[i], letters[i] + rowNumber, styles[i], value, offsetAt);
      }
      xml += cells + '</row>';
    };

    if (Symbol.asyncIterator in rows) {
      for await (const row of rows) {
        addRow(row);
        if (++pending === ROWS_PER_CHUNK) {
          await write(xml);
          xml = '';
          pending = 0;
        }
      }
    } else {
      for (const row of rows) {
        addRow(row);
        if (++pending === ROWS_PER_CHUNK) {
          await write(xml);
          xml = '';
          pending = 0;
        }
      }
    }

    if (totals) {
      const r = ++rowNumber;
      let cells = `<row r="${r}">${textCell(`${letters[0] ?? 'A'}${r}`, STYLE_BOLD, 'Total')}`;
      for (let i = 1; i < keys.length; i++) {
        const value = totals[keys[i]];
        if (value === null || value === undefined) continue;
        cells += cellXml(kinds[i], letters[i] + r, styleOf(kinds[i], true), value, offsetAt);
      }
      xml += cells + '</row>';
    }
    await write(xml + SHEET_TAIL);
  });

  await zip.finish();
  await finished(out, { readable: false });
}

// ---------------------------------------------------------------------------------------------------------
// Several sheets in one workbook (the account's own data export: profile, settings, departments, ...)

export interface XlsxSheet {
  /** Shown on the sheet's tab; made fit by sheetName() and unique by the caller. */
  name: string;
  columns: ReportColumn[];
  rows: AsyncIterable<Record<string, Cell>> | Iterable<Record<string, Cell>>;
}

const contentTypesFor = (count: number) =>
  CONTENT_TYPES.replace(
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    Array.from(
      { length: count },
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    ).join(''),
  );

const workbookRelsFor = (count: number) =>
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  Array.from(
    { length: count },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('') +
  `<Relationship Id="rId${count + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const workbookXmlFor = (names: string[]) =>
  XML_HEAD +
  `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<bookViews><workbookView/></bookViews>' +
  `<sheets>${names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>` +
  '</workbook>';

/**
 * Several sheets streamed into `out` one after the other, each as renderXlsx writes its one sheet (bold frozen
 * header, typed cells on the account's wall clock, no totals row). Rows are pulled from each sheet's iterable
 * only when its turn comes, a few hundred at a time, so memory stays flat whatever the number of rows.
 */
export async function renderXlsxSheets(meta: ExportMeta, sheets: XlsxSheet[], out: Writable): Promise<void> {
  const zip = new ZipWriter(out, meta.generatedAt);
  await zip.add('[Content_Types].xml', contentTypesFor(sheets.length));
  await zip.add('_rels/.rels', ROOT_RELS);
  await zip.add('docProps/core.xml', coreXml(meta));
  await zip.add('xl/workbook.xml', workbookXmlFor(sheets.map((s) => sheetName(s.name))));
  await zip.add('xl/_rels/workbook.xml.rels', workbookRelsFor(sheets.length));
  await zip.add('xl/styles.xml', stylesXml(meta));
  const offsetAt = offsetCache(meta.zone);

  for (const [index, sheet] of sheets.entries()) {
    const { columns, rows } = sheet;
    const letters = columns.map((_, i) => columnLetters(i));
    const keys = columns.map((c) => c.key);
    const kinds = columns.map((c) => c.kind);
    const styles = columns.map((c) => styleOf(c.kind, false));
    await zip.stream(`xl/worksheets/sheet${index + 1}.xml`, async (write) => {
      let xml = sheetHead(columns);
      let rowNumber = 1;
      let pending = 0;
      const addRow = async (row: Record<string, Cell>) => {
        if (++rowNumber > MAX_ROWS) {
          throw new Error(
            `The sheet ${sheet.name} has more rows than an Excel sheet holds (${MAX_ROWS.toLocaleString('en-US')})`,
          );
        }
        let cells = `<row r="${rowNumber}">`;
        for (let i = 0; i < keys.length; i++) {
          const value = row[keys[i]];
          if (value === null || value === undefined) continue;
          cells += cellXml(kinds[i], letters[i] + rowNumber, styles[i], value, offsetAt);
        }
        xml += cells + '</row>';
        if (++pending === ROWS_PER_CHUNK) {
          await write(xml);
          xml = '';
          pending = 0;
        }
      };
      if (Symbol.asyncIterator in rows) for await (const row of rows) await addRow(row);
      else for (const row of rows) await addRow(row);
      await write(xml + SHEET_TAIL);
    });
  }

  await zip.finish();
  await finished(out, { readable: false });
}
