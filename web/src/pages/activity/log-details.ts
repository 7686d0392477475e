import { type ActivityRefs, type DetailEntry, detailEntries } from '@punchclock/contract';
import { type DisplayFormats, formatDate, formatTime } from '../punches/display-format';

/** How an instant is shown; the page passes the account's clock and formats. */
export type InstantFormat = (iso: string) => string;

/**
 * Fields a stored record carries that a reader learns nothing from: its own row id, a device's idempotency
 * ids, and the rounded copies of times (the times themselves are shown).
 */
const DERIVED = new Set([
  'id',
  'client_id',
  'clock_out_client_id',
  'rounded_time_in',
  'rounded_time_out',
  'display_rounded',
]);
/** Labels of the details' own words where the field's name does not read as one. */
const LABELS: Record<string, string> = {
  out_days_later: 'Clocked out',
  late_sync: 'Synced late',
  kind: 'Clock',
  device_time: 'Device time',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An instant with its zone (Z or an offset): a stored timestamp, shown on the account's clock. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => !!v && typeof v === 'object' && !Array.isArray(v);

/** A value as a person reads it: days and times in the account's formats, Yes or No, a punch's words. */
function readable(key: string, v: unknown, formats: DisplayFormats, when?: InstantFormat): unknown {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (key === 'out_days_later' && typeof v === 'number')
    return v === 0 ? 'On the same day' : `${v} ${v === 1 ? 'day' : 'days'} after the date`;
  // Hours as every punch list shows them.
  if (key === 'hours' && typeof v === 'number') return v.toFixed(2);
  if (typeof v !== 'string') return v;
  if (key === 'type' && v === 'None') return 'Work';
  if (key === 'kind') return v === 'in' ? 'In' : v === 'out' ? 'Out' : v;
  if (key === 'source') return v.charAt(0).toUpperCase() + v.slice(1);
  if (DAY.test(v)) return formatDate(v, formats.date_format);
  if (CLOCK.test(v)) return formatTime(v, formats.time_format);
  if (when && INSTANT.test(v) && !Number.isNaN(Date.parse(v))) return when(new Date(v).toISOString());
  return v;
}

/** Nothing to say: empty, false, a clock-out on the punch's own day, a work punch's unused deduction. */
function quiet(key: string, v: unknown, record: Fields): boolean {
  if (DERIVED.has(key)) return true;
  if (v === null || v === undefined || v === '' || v === false) return true;
  if (Array.isArray(v) && v.length === 0) return true;
  if (key === 'out_days_later' && v === 0) return true;
  return key === 'deduction' && record.type === 'None';
}

/**
 * A record's fields as they read. A created or deleted record (`all`) keeps only the fields that say something;
 * an edit's old and new keep every field but the derived ones, so a field emptied or switched off still shows.
 */
function cleaned(record: Fields, all: boolean, formats: DisplayFormats, when?: InstantFormat): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(record)) {
    if (all ? quiet(k, v, record) : DERIVED.has(k)) continue;
    out[LABELS[k] ?? k] = readable(k, v, formats, when);
  }
  return out;
}

/**
 * The stored details made readable before the contract's rules list them: a nested record (a refused station
 * punch) is spread into its fields, and every record is cleaned. Text that is not JSON is left as it is.
 */
function readableDetails(
  details: string | null,
  formats: DisplayFormats,
  when?: InstantFormat,
): string | null {
  let parsed: unknown;
  try {
    parsed = details ? JSON.parse(details) : null;
  } catch {
    return details;
  }
  if (!isFields(parsed)) return details;
  const { old, new: now, ...rest } = parsed;
  const edit = isFields(old) && isFields(now);
  const flat: Fields = {};
  for (const [k, v] of Object.entries(rest)) Object.assign(flat, isFields(v) ? v : { [k]: v });
  const out: Fields = cleaned(flat, true, formats, when);
  if (isFields(old)) out.old = cleaned(old, !edit, formats, when);
  else if (old !== undefined) out.old = old;
  if (isFields(now)) out.new = cleaned(now, !edit, formats, when);
  else if (now !== undefined) out.new = now;
  return JSON.stringify(out);
}

const SIGN_UP_FORMATS: DisplayFormats = { date_format: 'MM/DD/YY', time_format: '12 Hours (AM/PM)' };

/**
 * A log entry's details as short (label, text) pairs a manager can read: for an edit, each changed field as
 * `old → new`; otherwise each field that says something. Ids are shown by the names the server resolved for the
 * page (`refs`: station names, employees, punches as "employee, clock-in"), days and times in the account's
 * `formats`, instants through `when`, long values cut. The listing rules are the contract's (activity-details.ts),
 * the same the CSV export writes; the CSV keeps every field as stored.
 */
export function detailPairs(
  details: string | null,
  when?: InstantFormat,
  refs?: ActivityRefs,
  formats: DisplayFormats = SIGN_UP_FORMATS,
): DetailEntry[] {
  return detailEntries(readableDetails(details, formats, when), { when, refs, short: true });
}

/** The same as lines of text: `Label: text`, or the text alone when it has no field of its own. */
export function describeDetails(
  details: string | null,
  when?: InstantFormat,
  refs?: ActivityRefs,
  formats?: DisplayFormats,
): string[] {
  return detailPairs(details, when, refs, formats).map(([label, text]) =>
    label ? `${label}: ${text}` : text,
  );
}
