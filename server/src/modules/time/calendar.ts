import { SCHEDULE_WEEKDAYS, type WeekStart } from '@punchclock/contract';

const DAY_MS = 86_400_000;
/** The weekday names by number (0 = Sunday): the contract's, which schedules name their days by. */
export const WEEKDAYS = SCHEDULE_WEEKDAYS;

/** The weekday (0 = Sunday) of a local day `YYYY-MM-DD`. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** `day` moved by `n` days (calendar days: no time zone is involved in a local date). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (YYYY-MM-DD both): 1 from a day to the next. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Week starts found so far, by week start and day: the pay steps ask for every day of a big account's month
 * (weekly overtime, the seventh day), and a day's Date parse and format cost more than the rest of the step.
 * Few distinct days are asked, so the cache stays small; it is emptied past CACHED_DAYS entries all the same.
 */
const weekStarts = new Map<string, string>();
const CACHED_DAYS = 20_000;

/** The first day (YYYY-MM-DD) of the week a local day lies in, weeks starting on the account's week start. */
export function weekStartOf(day: string, start: WeekStart): string {
  const key = start + day;
  let found = weekStarts.get(key);
  if (found === undefined) {
    found = addDays(day, -((weekdayOf(day) - WEEKDAYS.indexOf(start) + 7) % 7));
    if (weekStarts.size >= CACHED_DAYS) weekStarts.clear();
    weekStarts.set(key, found);
  }
  return found;
}
