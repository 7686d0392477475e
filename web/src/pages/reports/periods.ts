/**
 * The date presets of the report form (This week, Last week, This month, Last month) as
 * YYYY-MM-DD periods on the account's calendar. Weeks start on the account's week start
 * (Monday until the account chooses otherwise); `weekStartIndex` is the one place that decides.
 */

export const PERIOD_PRESETS = [
  { value: 'this_week', label: 'This week' },
  { value: 'last_week', label: 'Last week' },
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

export interface Period {
  start_date: string;
  end_date: string;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const DEFAULT_WEEK_START = 'Monday';

/** The weekday (0 = Sunday) weeks start on, from the account's settings when they carry one. */
export function weekStartIndex(settings?: { week_start?: string } | null): number {
  const i = DAYS.indexOf(settings?.week_start ?? DEFAULT_WEEK_START);
  return i < 0 ? DAYS.indexOf(DEFAULT_WEEK_START) : i;
}

/** Today (YYYY-MM-DD) on the wall clock of `zone` (the browser's when none or unknown). */
export function todayIn(zone?: string, now = new Date()): string {
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...opts, timeZone: zone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', opts).format(now);
  }
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return toIso(d);
};

/** The period a preset stands for, seen from `today`; null for Custom. */
export function presetPeriod(preset: PeriodPreset, today: string, weekStart: number): Period | null {
  const d = toDate(today);
  switch (preset) {
    case 'this_week':
    case 'last_week': {
      let start = addDays(today, -((d.getUTCDay() - weekStart + 7) % 7));
      if (preset === 'last_week') start = addDays(start, -7);
      return { start_date: start, end_date: addDays(start, 6) };
    }
    case 'this_month':
    case 'last_month': {
      const shift = preset === 'last_month' ? -1 : 0;
      const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1));
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift + 1, 0));
      return { start_date: toIso(first), end_date: toIso(last) };
    }
    default:
      return null;
  }
}
