import { formatDate, formatTime, hoursFromMinutes, hoursText, moneyFromCents } from '@punchclock/contract';
import { decimalFromCents } from '../../../lib/money';
import { localDay, localTime } from '../../../lib/time';
import type { Cell, ColumnKind, DateFormat, ExportMeta, TimeFormat } from './types';

/**
 * How report cells read: the same rules on screen and in every export file, so a figure in the PDF is the
 * figure in the spreadsheet. Pure functions over the values the report query produces (types.ts: Cell).
 */

// Hours from minutes live in the contract, shared with the web app; re-exported for the renderers.
export { hoursFromMinutes, hoursText };

/** 123450 cents → 1234.5: the number a spreadsheet sums. */
export const moneyNumber = (cents: number): number => Math.round(cents) / 100;

/** 123450 cents → "$1,234.50" (in USD): the one money formatter, under the name the renderers use. */
export const moneyText = (cents: number, currency?: string): string => moneyFromCents(cents, currency);

// Dates and times in the account's formats live in the contract too (the screens show them the same way).
export { formatDate };

/** '14:05' → '2:05 PM' (12 Hours (AM/PM), as the screens show it) or '14:05' (24 Hours). */
export const formatClock = (hhmm: string, format: TimeFormat): string => formatTime(hhmm, format);

/**
 * An ISO instant as '11/23/26 2:05 PM' on the wall clock of `zone` (lib/time keeps one Intl formatter per
 * zone, built once); anything that is not an instant unchanged.
 */
export function formatDateTime(
  iso: string,
  zone: string,
  dateFormat: DateFormat,
  timeFormat: TimeFormat,
): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(localDay(at, zone), dateFormat)} ${formatClock(localTime(at, zone), timeFormat)}`;
}

/** '11/01/26 – 11/30/26', 'From 11/01/26', 'Until 11/30/26' or 'All dates'. */
export function formatPeriod(start: string | null, end: string | null, format: DateFormat): string {
  if (start && end) return `${formatDate(start, format)} – ${formatDate(end, format)}`;
  if (start) return `From ${formatDate(start, format)}`;
  if (end) return `Until ${formatDate(end, format)}`;
  return 'All dates';
}

/**
 * A cell as text. On screen and in the PDF an empty cell reads 'N/A' and money '$1,234.50'; in CSV an empty
 * cell stays empty and money is a plain decimal (1234.50) so the spreadsheet can sum it.
 */
export function cellText(
  kind: ColumnKind,
  value: Cell,
  meta: ExportMeta,
  target: 'screen' | 'csv' = 'screen',
) {
  if (value === null || value === undefined || value === '') return target === 'csv' ? '' : 'N/A';
  switch (kind) {
    case 'hours':
      return hoursText(Number(value));
    case 'money':
      return target === 'csv' ? decimalFromCents(Number(value)) : moneyText(Number(value), meta.currency);
    case 'date':
      return formatDate(String(value), meta.dateFormat);
    case 'datetime':
      return formatDateTime(String(value), meta.zone, meta.dateFormat, meta.timeFormat);
    default:
      return String(value);
  }
}

const safeNamePart = (part: string): string => part.replace(/[^A-Za-z0-9_-]/g, '_');

/** `{report}-{start}-{end}.{ext}`, e.g. 'hours-2026-11-01-2026-11-30.csv'; 'all' for an open end. */
export const exportFileName = (reportName: string, start: string | null, end: string | null, ext: string) =>
  // A report without a period (Employee List) is named without one.
  `${(start === null && end === null ? [reportName] : [reportName, start ?? 'all', end ?? 'all']).map(safeNamePart).join('-')}.${safeNamePart(ext)}`;
