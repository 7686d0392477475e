import { z } from 'zod';
import { ATTENDANCE_MODES, DATE_FORMATS, TIME_FORMATS, TIME_ROUNDING } from './constants';
import { safeString, userIdField } from './fields';

/** The day weeks start on (Weekly Summary); Monday unless the account chooses otherwise. */
export const WEEK_STARTS = ['Monday', 'Sunday', 'Saturday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** The currencies a Settings screen offers first; any other ISO 4217 code the runtime's Intl knows is taken too. */
export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF'] as const;

let currencies: readonly string[] | undefined;
let currencySet: ReadonlySet<string> | undefined;

/** Every ISO 4217 code Intl.NumberFormat knows here (the common ones first), for a currency picker. */
export function knownCurrencies(): readonly string[] {
  if (!currencies) {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
    const common: readonly string[] = COMMON_CURRENCIES;
    currencies = [...common, ...all.filter((c) => !common.includes(c))];
  }
  return currencies;
}

/**
 * Whether `code` is an ISO 4217 code Intl knows (a well-formed but unknown 'XYZ' is not). The time rules ask it
 * for every punch: a set, built once.
 */
export function isKnownCurrency(code: string): boolean {
  currencySet ??= new Set(knownCurrencies());
  return currencySet.has(code);
}

/**
 * The sign the one money formatter (display.ts moneyFromCents) writes for `currency` ('$', '€', 'CA$', 'CHF'),
 * for a spreadsheet's number format; '$' for USD or none.
 */
export function currencySymbol(currency = 'USD'): string {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

const currencyMessage = 'Currency must be a three-letter ISO 4217 code, such as USD, EUR or GBP.';

/** An account's currency: 'eur' is taken as EUR. */
export const currencyField = z
  .string({ error: currencyMessage })
  .trim()
  .max(3, currencyMessage)
  .transform((c) => c.toUpperCase())
  .refine(isKnownCurrency, currencyMessage);

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === 'true');

/** POST /settings: the settings fields (all optional: what is left out keeps its value). */
export const settingsBody = z.object({
  user_id: userIdField,
  // null would clear a NOT NULL column: leave the field out to keep the current name.
  company_name: safeString('Company name', {
    error: (i) =>
      i.input === null
        ? 'Company name must be text; leave it out to keep the current name.'
        : 'Company name must be text.',
  })
    .trim()
    // A station and every report header show it: blank would leave them with no name.
    .min(1, 'Company name is required.')
    .max(120, 'Company name must be at most 120 characters.')
    .optional(),
  attendance_mode: z
    .enum(ATTENDANCE_MODES, { error: `Attendance mode must be one of: ${ATTENDANCE_MODES.join(', ')}.` })
    .optional(),
  enable_gps_tracking: flag.optional(),
  require_location: flag.optional(),
  enable_covid_screening: flag.optional(),
  time_rounding: z
    .enum(TIME_ROUNDING, { error: `Time rounding must be one of: ${TIME_ROUNDING.join(', ')}.` })
    .nullish(),
  display_round_in_out_times: flag.optional(),
  date_format: z
    .enum(DATE_FORMATS, { error: `Date format must be one of: ${DATE_FORMATS.join(', ')}.` })
    .optional(),
  time_format: z
    .enum(TIME_FORMATS, { error: `Time format must be one of: ${TIME_FORMATS.join(', ')}.` })
    .optional(),
  time_zone: safeString('Time zone').trim().max(64).optional(),
  week_start: z
    .enum(WEEK_STARTS, { error: `Week start must be one of: ${WEEK_STARTS.join(', ')}.` })
    .optional(),
  /** How money is shown (docs/RULES.md#currency); USD until set. */
  currency: currencyField.optional(),
});
export type SettingsBody = z.output<typeof settingsBody>;

export const settingsView = z.object({
  id: z.number(),
  user_id: z.number(),
  company_name: z.string(),
  attendance_mode: z.enum(ATTENDANCE_MODES),
  enable_gps_tracking: z.boolean(),
  require_location: z.boolean(),
  enable_covid_screening: z.boolean(),
  time_rounding: z.enum(TIME_ROUNDING).nullable(),
  display_round_in_out_times: z.boolean(),
  date_format: z.enum(DATE_FORMATS),
  time_format: z.enum(TIME_FORMATS),
  time_zone: z.string(),
  week_start: z.enum(WEEK_STARTS),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SettingsView = z.infer<typeof settingsView>;
/** POST /settings: the saved row. */
export const settingsSavedAnswer = z.object({ message: z.string(), data: settingsView });
