/**
 * How the account's Settings (Date Format, Time Format) show a day and a time. The API keeps
 * dates as YYYY-MM-DD and times as 24-hour HH:MM; only what screens show changes, so forms keep
 * editing the ISO values. Anything that is not a date or time of that shape is shown unchanged.
 */

/** '2026-11-23' → '11/23/26' (MM/DD/YY) or '23/11/26' (DD/MM/YY). */
export function formatDate(isoDate: string, format: string): string {
  const m = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const [, yy, mm, dd] = m;
  return format === 'DD/MM/YY' ? `${dd}/${mm}/${yy}` : `${mm}/${dd}/${yy}`;
}

/** '13:05' → '1:05 PM' (12 Hours (AM/PM)) or '13:05' (24 Hours). */
export function formatTime(hhmm: string, format: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m || format === '24 Hours') return hhmm;
  const hour = Number(m[1]);
  return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

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
