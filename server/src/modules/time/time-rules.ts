import {
  ATTENDANCE_MODES,
  DATE_FORMATS,
  type DateFormat,
  isKnownCurrency,
  TIME_FORMATS,
  type TimeFormat,
  WEEK_STARTS,
  type WeekStart,
} from '@punchclock/contract';
import { roundingStep } from './rounding';

/**
 * The account's rules that shape time and money, read in one place (`timeRulesFor`): its zone, Time Rounding,
 * display rounding, Attendance Only, the week start, and how screens show dates and times. Reports, punch views, the clock and
 * earnings all take these instead of reading settings themselves.
 *
 * work_date: a punch's `work_date` is always the local day of its time_in in the account's current zone (the
 * day its shift belongs to). It is a stored copy for indexing; when the account's zone changes, the settings
 * save rewrites every punch's work_date in the same transaction, so days move with the zone and reports never
 * mix days of two zones.
 */
export interface TimeRules {
  zone: string;
  /** Time Rounding step in minutes, or null for none. */
  step: number | null;
  /** Screens show the rounded in/out times (raw times are kept and used for nothing else). */
  displayRounded: boolean;
  /** Attendance Only: presence without hours or pay. */
  attendanceOnly: boolean;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  /** The day weeks start on (Weekly Summary). */
  weekStart: WeekStart;
  /** ISO 4217: how money reads in reports and exports (docs/RULES.md#currency). */
  currency: string;
}

/** The settings columns the rules come from. */
export interface TimeRulesRow {
  time_zone: string;
  time_rounding: string | null;
  display_round_in_out_times: number;
  attendance_mode: string;
  date_format: string;
  time_format: string;
  /** Absent in rows read before migration 003: Monday. */
  week_start?: string;
  /** Absent in rows read before migration 022: USD. */
  currency?: string;
}

/** A stored value the contract does not know (never written by the settings screen) falls back to the default. */
const known = <T extends string>(options: readonly T[], value: string): T =>
  (options as readonly string[]).includes(value) ? (value as T) : options[0];

export function timeRulesOf(row: TimeRulesRow): TimeRules {
  return {
    zone: row.time_zone,
    step: roundingStep(row.time_rounding),
    displayRounded: !!row.display_round_in_out_times,
    attendanceOnly: row.attendance_mode === ATTENDANCE_MODES[1],
    dateFormat: known(DATE_FORMATS, row.date_format),
    timeFormat: known(TIME_FORMATS, row.time_format),
    weekStart: known(WEEK_STARTS, row.week_start ?? WEEK_STARTS[0]),
    currency: row.currency && isKnownCurrency(row.currency) ? row.currency : 'USD',
  };
}

/** `timeRulesFor(accountId)`, over whatever reads the account's settings row (the settings repository). */
export const timeRulesFor =
  (settings: { timeRulesRow(accountId: number): Promise<TimeRulesRow> }) =>
  async (accountId: number): Promise<TimeRules> =>
    timeRulesOf(await settings.timeRulesRow(accountId));
