/**
 * How the account's Settings (Date Format, Time Format) show a day and a time. The API keeps
 * dates as YYYY-MM-DD and times as 24-hour HH:MM; only what screens show changes, so forms keep
 * editing the ISO values. Anything that is not a date or time of that shape is shown unchanged.
 */

import { formatDate, formatTime } from '@punchclock/contract';

// The one date and time formatter, shared with the server's reports and exports.
export { formatDate, formatTime };

export interface DisplayFormats {
  date_format: string;
  time_format: string;
}

/** The date and HH:MM of an instant on the wall clock of `zone` (the browser's zone when none or unknown). */
export function wallClock(iso: string, zone?: string): { date: string; time: string } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', options).formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** An instant (ISO 8601) as '11/23/26 1:05 PM' in the account's zone and formats; '-' when there is none. */
export function formatInstant(iso: string | null, formats: DisplayFormats, zone?: string): string {
  const w = iso ? wallClock(iso, zone) : null;
  return w ? `${formatDate(w.date, formats.date_format)} ${formatTime(w.time, formats.time_format)}` : '-';
}
