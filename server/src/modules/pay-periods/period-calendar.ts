import type { PayFrequency, WeekStart } from '@punchclock/contract';
import { addDays, daysBetween, weekStartOf } from '../time/calendar';

/**
 * Pay period arithmetic on local days `YYYY-MM-DD` (docs/RULES.md#pay-periods), pure: the period a day lies in
 * under a frequency, and the periods between two days under the account's settings as they changed, around the
 * periods that were approved (their bounds stay as they were approved).
 */

/** First and last day of a period, both included. */
export interface Bounds {
  start_date: string;
  end_date: string;
}

/** One version of the period settings: from `applies_from` (null: from the start) on. */
export interface Schedule {
  applies_from: string | null;
  frequency: PayFrequency;
  anchor_date: string;
}

/** The last day of the month of `day`. */
export function monthEnd(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The period of `day` under one frequency, unclipped. Weekly and bi-weekly periods run 7 and 14 days from the
 * anchor (before it too); semi-monthly ones the 1st to the 15th and the 16th to the month's end; monthly ones the
 * calendar month.
 */
export function periodOf(day: string, s: Pick<Schedule, 'frequency' | 'anchor_date'>): Bounds {
  if (s.frequency === 'weekly' || s.frequency === 'biweekly') {
    const len = s.frequency === 'weekly' ? 7 : 14;
    const start = addDays(s.anchor_date, Math.floor(daysBetween(s.anchor_date, day) / len) * len);
    return { start_date: start, end_date: addDays(start, len - 1) };
  }
  const month = day.slice(0, 8);
  if (s.frequency === 'monthly') return { start_date: `${month}01`, end_date: monthEnd(day) };
  return day.slice(8) <= '15'
    ? { start_date: `${month}01`, end_date: `${month}15` }
    : { start_date: `${month}16`, end_date: monthEnd(day) };
}

/** The settings an account has before it saves any: weekly periods from its week start. */
export const defaultSchedule = (weekStart: WeekStart): Schedule => ({
  applies_from: null,
  frequency: 'weekly',
  anchor_date: weekStartOf('2024-01-01', weekStart),
});

/** The version in force on `day` (versions in applies_from order, the first one counting from the start). */
function versionOn(day: string, versions: readonly Schedule[]): { s: Schedule; next: string | null } {
  let i = 0;
  for (let j = 1; j < versions.length; j++) if ((versions[j].applies_from ?? '') <= day) i = j;
  return { s: versions[i], next: versions[i + 1]?.applies_from ?? null };
}

/**
 * The period `day` lies in: a stored one (approved, or approved and reopened) holding it, else the period of the
 * version in force on it, cut where that version begins or ends and where a stored period begins or ends.
 */
export function periodContaining(
  day: string,
  versions: readonly Schedule[],
  stored: readonly Bounds[],
): Bounds {
  const held = stored.find((p) => p.start_date <= day && day <= p.end_date);
  if (held) return { start_date: held.start_date, end_date: held.end_date };
  const { s, next } = versionOn(day, versions);
  let { start_date: start, end_date: end } = periodOf(day, s);
  if (s.applies_from && s.applies_from > start) start = s.applies_from;
  if (next && next <= end) end = addDays(next, -1);
  for (const p of stored) {
    if (p.end_date < day && p.end_date >= start) start = addDays(p.end_date, 1);
    if (p.start_date > day && p.start_date <= end) end = addDays(p.start_date, -1);
  }
  return { start_date: start, end_date: end };
}

/** Every period that overlaps [from, to], in order, the first one and the last one whole. */
export function periodsBetween(
  from: string,
  to: string,
  versions: readonly Schedule[],
  stored: readonly Bounds[],
): Bounds[] {
  const list: Bounds[] = [];
  for (let day = from; day <= to;) {
    const p = periodContaining(day, versions, stored);
    list.push(p);
    day = addDays(p.end_date, 1);
  }
  return list;
}
