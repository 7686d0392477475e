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
 * A number in one form whatever way it was typed (012, 12.0 and 12 are 12; -0.50 is -0.5), or null when the text
 * is none: Allow Duplicates compares stored text, and the digits stay text (a double would drop some).
 */
function numberValue(text: string): string | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  const figure = [whole.replace(/^0+(?=\d)/, ''), fraction.replace(/0+$/, '')].filter(Boolean).join('.');
  return figure === '0' || !text.startsWith('-') ? figure : `-${figure}`;
}

/**
 * A custom value in its stored form, or the reason it does not fit the field's type. Numbers are stored in one
 * form (numberValue); text in Unicode's composed form (NFC), so "Zoë" typed with a combining accent is the same
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
  if (field.field_type === 'number') {
    const value = numberValue(text);
    return value === null ? { error: messages.people.fieldNotNumber(field.field_name) } : { value };
  }
  if (field.field_type === 'date')
    return isRealDay(text) ? { value: text } : { error: messages.people.fieldNotDate(field.field_name) };
  return { value: text };
}
