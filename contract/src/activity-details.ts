/**
 * How an activity log entry's details read, on the Activity Logs page and in its CSV export alike: the
 * stored JSON turned into (label, text) pairs, ids of stations, punches, employees and departments shown by
 * name (the server resolves them for a page at once: `refs`), instants on the account's clock.
 */

/** Names the server resolved for a page of entries, keyed `kind:id` (e.g. `station:3`, `punch:1945`). */
export type ActivityRefs = Record<string, string>;
export type RefKind = 'station' | 'punch' | 'employee' | 'department';

/** Detail keys whose number is the id of a row of the account, and which kind of row. */
const REF_KEYS: Record<string, RefKind> = {
  punch_id: 'punch',
  station_id: 'station',
  station_out_id: 'station',
  department_id: 'department',
  moved_to: 'department',
  // In a punch record employee_id is the employee's row id (a number); in an employee record it is their
  // Employee ID (text), which is shown as it is.
  employee_id: 'employee',
  employee_ref: 'employee',
};

const LABELS: Record<string, string> = {
  punch_id: 'Punch',
  station_id: 'Station',
  station_out_id: 'Clock-out station',
  department_id: 'Department',
  moved_to: 'Moved to',
  employee_ref: 'Employee',
  dp_name: 'Department name',
  dp_type: 'Type',
  key_name: 'Key name',
  id: 'ID',
};

/** Fields every record carries that say nothing about the change itself. */
const NOISE = new Set(['updated_at', 'created_at', 'user_id', 'account_id']);
const MAX_VALUE = 80;
/** Instants as the server stores them (ISO 8601 UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** 'time_out' → 'Time out'; an employee_id that is a row id → 'Employee', one that is a code → 'Employee ID'. */
export function detailLabel(key: string, value?: unknown): string {
  if (key === 'employee_id') return typeof value === 'number' ? 'Employee' : 'Employee ID';
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `kind:id` a detail value refers to, if it is one. */
export function refOf(key: string, value: unknown): string | null {
  const kind = REF_KEYS[key];
  return kind && typeof value === 'number' && Number.isInteger(value) && value > 0
    ? `${kind}:${value}`
    : null;
}

function parse(details: string | null): unknown {
  if (!details) return undefined;
  try {
    return JSON.parse(details);
  } catch {
    return details;
  }
}

/** Every `kind:id` the details name (top-level keys and the old / new records): what the server resolves. */
export function refsIn(details: string | null): string[] {
  const parsed = parse(details);
  if (!isRecord(parsed)) return [];
  const out: string[] = [];
  const scan = (record: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(record)) {
      const ref = refOf(k, v);
      if (ref) out.push(ref);
    }
  };
  scan(parsed);
  if (isRecord(parsed.old)) scan(parsed.old);
  if (isRecord(parsed.new)) scan(parsed.new);
  return out;
}

export interface DetailFormat {
  /** An instant on the account's clock and formats. */
  when?: (iso: string) => string;
  refs?: ActivityRefs;
  /** Cut long values (on screen); the CSV keeps them whole. */
  short?: boolean;
}

/** One detail: `label` null for text with no field of its own (a rename, text that is not JSON). */
export type DetailEntry = [label: string | null, text: string];

/**
 * A log entry's details as (label, text) pairs: for an edit, each changed field as `old → new`; for a created
 * or deleted record, each field with its value; then the other keys. Ids are shown by the name the server
 * resolved (`#id` when the row is gone), instants through `when`. Anything unreadable is shown as it is.
 */
export function detailEntries(details: string | null, f: DetailFormat = {}): DetailEntry[] {
  if (!details) return [];
  const parsed = parse(details);
  const show = (v: unknown, key?: string): string => {
    if (v === null || v === undefined || v === '') return '—';
    const ref = key ? refOf(key, v) : null;
    if (ref) return f.refs?.[ref] ?? `#${String(v)}`;
    if (f.when && typeof v === 'string' && INSTANT.test(v)) return f.when(v);
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return f.short && text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
  };
  if (!isRecord(parsed)) return [[null, show(typeof parsed === 'string' ? parsed : JSON.stringify(parsed))]];
  const { old, new: now, ...rest } = parsed;
  const out: DetailEntry[] = [];
  if (isRecord(old) && isRecord(now)) {
    const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((k) => !NOISE.has(k));
    const changed = keys.filter((k) => JSON.stringify(old[k]) !== JSON.stringify(now[k]));
    if (changed.length === 0) out.push([null, 'No field changed']);
    for (const k of changed)
      out.push([detailLabel(k, now[k] ?? old[k]), `${show(old[k], k)} → ${show(now[k], k)}`]);
  } else if (isRecord(old) || isRecord(now)) {
    const record = (isRecord(now) ? now : old) as Record<string, unknown>;
    for (const [k, v] of Object.entries(record)) if (!NOISE.has(k)) out.push([detailLabel(k, v), show(v, k)]);
  } else if (old !== undefined || now !== undefined) {
    out.push([null, `${show(old)} → ${show(now)}`]);
  }
  for (const [k, v] of Object.entries(rest)) out.push([detailLabel(k, v), show(v, k)]);
  return out;
}
