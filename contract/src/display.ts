/**
 * How figures read, on the server (reports, exports) and in the web app alike, so a figure on screen is the
 * figure in the PDF (docs/RULES.md, "Display formats"). Pure functions over the API's units: money in integer
 * cents, hours in whole minutes.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per currency: building an Intl.NumberFormat is costly, and a report formats thousands of cells. */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * 123450 cents → "$1,234.50"; -5 → "-$0.05". `currency` is an ISO 4217 code, ready for an account currency
 * setting; USD until there is one.
 */
export const moneyFromCents = (cents: number, currency = 'USD'): string =>
  moneyFormat(currency).format(Math.round(cents) / 100 || 0); // || 0: no "-$0.00"

/**
 * 510 minutes → 8.5 hours, rounded half away from zero to `decimals` places (hours are shown with 2 decimals).
 * Whole minutes never fall on a tie at 2 decimals, so every rounding the copies used agrees with this one.
 */
export function hoursFromMinutes(minutes: number, decimals = 2): number {
  const scale = 10 ** decimals;
  return (Math.sign(minutes) * Math.round((Math.abs(minutes) * scale) / 60)) / scale || 0;
}

/** 510 → "8.50". */
export const hoursText = (minutes: number, decimals = 2): string =>
  hoursFromMinutes(minutes, decimals).toFixed(decimals);

/** '2026-11-23' → '11/23/26' (MM/DD/YY) or '23/11/26' (DD/MM/YY, the account's Date Format); anything else unchanged. */
export function formatDate(isoDate: string, format: string): string {
  const m = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const [, yy, mm, dd] = m;
  return format === 'DD/MM/YY' ? `${dd}/${mm}/${yy}` : `${mm}/${dd}/${yy}`;
}

/** '13:05' → '1:05 PM' (12 Hours (AM/PM)) or '13:05' (24 Hours, the account's Time Format); anything else unchanged. */
export function formatTime(hhmm: string, format: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m || format === '24 Hours') return hhmm;
  const hour = Number(m[1]);
  return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A station clock's offset, server minus device in seconds, as people read it (docs/RULES.md#station-clock):
 * a positive offset is a device behind the server: 3600 → "1 h slow", 3900 → "1 h 5 min slow", -330 → "6 min fast"
 * (whole minutes, half away from zero).
 */
export function clockOffsetText(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const size = [h ? `${h} h` : '', m || !h ? `${m} min` : ''].filter(Boolean).join(' ');
  return `${size} ${seconds > 0 ? 'slow' : 'fast'}`;
}

/** Whole seconds from the instant `since` (ISO) to `now` (epoch ms), never below 0. */
const secondsSince = (since: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 1000));

/** An open shift's or break's running counter on a clock: 'N min S sec' since `since`. */
export function elapsedText(since: string, now = Date.now()): string {
  const seconds = secondsSince(since, now);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} sec`;
}

/** How long someone has been in, on the manager's home: '3 h 05 min', or '12 min' under an hour. */
export function elapsedHoursText(since: string, now = Date.now()): string {
  const minutes = Math.floor(secondsSince(since, now) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
