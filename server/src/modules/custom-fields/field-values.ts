import { FIRST_DAY, LAST_DAY, messages } from '@punchclock/contract';
import type { CustomField } from './custom-fields.repository';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) =>
  ISO_DAY.test(s) &&
  s >= FIRST_DAY &&
  s <= LAST_DAY &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * A custom value in its stored form, or the reason it does not fit the field's type. Numbers are kept as typed,
 * trimmed; text is stored in Unicode's composed form (NFC), so "Zoë" typed with a combining accent is the same
 * value as "Zoë" typed as one letter (for Allow Duplicates and for search). Days lie within the dates every
 * date field takes (1900-01-01 to 9998-12-31).
 */
export function normaliseFieldValue(
  field: Pick<CustomField, 'field_name' | 'field_type'>,
  raw: unknown,
): { value: string | null } | { error: string } {
  if (raw === null || raw === undefined) return { value: null };
  const text = String(raw).trim().normalize('NFC');
  if (text === '') return { value: null };
  if (text.length > 500) return { error: `${field.field_name} must be at most 500 characters.` };
  if (field.field_type === 'number')
    return /^-?\d+(\.\d+)?$/.test(text)
      ? { value: text }
      : { error: messages.people.fieldNotNumber(field.field_name) };
  if (field.field_type === 'date')
    return isRealDay(text) ? { value: text } : { error: messages.people.fieldNotDate(field.field_name) };
  return { value: text };
}
