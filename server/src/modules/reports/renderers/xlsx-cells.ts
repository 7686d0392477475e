import { zoneOffsetMinutes } from '../../../lib/time';
import { moneyNumber } from './format';
import type { Cell, ColumnKind } from './types';

/**
 * One value of a report as one cell of sheet XML: numbers as numbers, dates and instants as Excel serial dates
 * on the account's wall clock, text as an inline string made fit for XML and for Excel's limits.
 */

/** Excel's limit on the characters in a cell. */
const MAX_CELL_CHARS = 32_767;

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (30 Dec 1899, in its 1900 date system) to 1 Jan 1970. */
const EPOCH_SERIAL = 25_569;
const serialOf = (utcMs: number): number => utcMs / MS_PER_DAY + EPOCH_SERIAL;

/**
 * The account's offset from UTC in minutes at `ms`, remembered per UTC hour: two look-ups, at the hour's start
 * and end, show whether the offset holds all hour (it always does but across a clock change); an hour with a
 * change is looked up per instant.
 */
export function offsetCache(zone: string): (ms: number) => number {
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

export function textCell(ref: string, style: number, text: string): string {
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
export function cellXml(
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

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
