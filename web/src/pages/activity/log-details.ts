/** Fields every record carries that say nothing about the change itself. */
const NOISE = new Set(['updated_at', 'created_at', 'user_id', 'account_id']);
const MAX_VALUE = 80;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Instants as the server stores them (ISO 8601 UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** How an instant is shown; the page passes the account's clock and formats. */
export type InstantFormat = (iso: string) => string;

function show(v: unknown, when?: InstantFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (when && typeof v === 'string' && INSTANT.test(v)) return when(v);
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Keys whose values differ between two records, in the order they first appear. */
function changedKeys(old: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((k) => !NOISE.has(k));
  return keys.filter((k) => JSON.stringify(old[k]) !== JSON.stringify(now[k]));
}

/**
 * A log entry's details as short lines a manager can read: for an edit, each changed field as
 * `field: old → new`; otherwise each field with its value. The server stores details as JSON
 * text (or plain text for older entries), so anything unreadable is shown as it is. Instants are
 * shown through `when` when given.
 */
export function describeDetails(details: string | null, when?: InstantFormat): string[] {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [show(details, when)];
  }
  if (!isRecord(parsed)) return [show(parsed, when)];
  const shown = (v: unknown) => show(v, when);
  const { old, new: now, ...rest } = parsed;
  const lines: string[] = [];
  if (isRecord(old) && isRecord(now)) {
    const changed = changedKeys(old, now);
    lines.push(
      ...(changed.length
        ? changed.map((k) => `${k}: ${shown(old[k])} → ${shown(now[k])}`)
        : ['No field changed']),
    );
  } else if (isRecord(old) || isRecord(now)) {
    const record = (isRecord(now) ? now : old) as Record<string, unknown>;
    lines.push(
      ...Object.entries(record)
        .filter(([k]) => !NOISE.has(k))
        .map(([k, v]) => `${k}: ${shown(v)}`),
    );
  } else if (old !== undefined || now !== undefined) {
    lines.push(`${shown(old)} → ${shown(now)}`);
  }
  lines.push(...Object.entries(rest).map(([k, v]) => `${k}: ${shown(v)}`));
  return lines;
}
