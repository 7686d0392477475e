import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { messages } from './messages';

/**
 * C0 control characters (and DEL) other than tab, line feed and carriage return, and the C1 controls
 * (U+0080–U+009F): no one types them, PostgreSQL refuses U+0000 in text, and C1 characters are what Windows-1252
 * text read as Latin-1 leaves ("O\u0092Brien" for "O’Brien"), shown as boxes and never found by a search. They
 * are refused at the edge instead of stored.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const hasControlCharacters = (s: string) => CONTROL_CHARACTERS.test(s);
export const controlCharactersMessage = (label: string) => `${label} must not contain control characters.`;

/** Text that refuses control characters; chain .trim(), .max() etc. on it like on z.string(). */
export const safeString = (label: string, error: Parameters<typeof z.string>[0] = `${label} must be text.`) =>
  z.string(error).refine((s) => !hasControlCharacters(s), controlCharactersMessage(label));

/** Field builders that give every validation failure a sentence a person can act on. */
export const requiredText = (label: string, max: number) =>
  safeString(label, {
    error: (i) => (i.input === undefined ? `${label} is required.` : `${label} must be text.`),
  })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const optionalText = (label: string, max: number) =>
  safeString(label).trim().max(max, `${label} must be at most ${max} characters.`).nullish();

export const email = z
  .string({ error: (i) => (i.input === undefined ? 'Email is required.' : 'Email must be text.') })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'));

export const newPassword = z
  .string({ error: (i) => (i.input === undefined ? 'Password is required.' : 'Password must be text.') })
  .min(MIN_PASSWORD_LENGTH, messages.passwords.tooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

export const anyPassword = z
  .string({ error: (i) => (i.input === undefined ? 'Password is required.' : 'Password must be text.') })
  .min(1, 'Password is required.')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);

/** The old client's user_id fields are accepted (numbers or numeric strings) but never trusted. */
export const userIdField = z.union([z.number(), z.string().max(40)]).nullish();

/**
 * The days a date field may name. Every day the server derives from one (its week, the day after a period) then
 * stays a four-digit year: past 9999 `toISOString` writes '+010000-01', which neither reads as a day nor sorts as
 * text (a period's day loop never ended), and years before 100 read as 1900–1999 in `Date.UTC`.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9998-12-31';

export const isoDate = z
  .string({ error: 'Date must be text in the form YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be in the form YYYY-MM-DD.')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Date is not a real calendar date.',
  )
  .refine((s) => s >= FIRST_DAY && s <= LAST_DAY, `Date must lie between ${FIRST_DAY} and ${LAST_DAY}.`);
