import type { z } from 'zod';

type Errors = Record<string, string>;

/**
 * Validates form values with a contract schema, so the browser shows the very sentences the
 * server would answer. First message per field, in Mantine's `{field: message}` shape.
 */
export function schemaErrors(schema: z.ZodType, values: unknown): Errors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** '<Label> is required.' for each blank field, named as the form labels it. */
export function requiredErrors(values: Record<string, unknown>, labels: Record<string, string>): Errors {
  return Object.fromEntries(
    Object.entries(labels).flatMap(([field, label]) =>
      String(values[field] ?? '').trim() ? [] : [[field, `${label} is required.`]],
    ),
  );
}

/** Merges error maps; an earlier map's message for a field wins (the most basic rule first). */
export function firstErrors(...maps: Errors[]): Errors {
  return maps.reduceRight<Errors>((acc, m) => ({ ...acc, ...m }), {});
}

/** A form's own checks as an error map: each field's problem, or null where it has none. */
export function problemErrors(problems: Record<string, string | null | undefined>): Errors {
  return Object.fromEntries(Object.entries(problems).filter((p): p is [string, string] => !!p[1]));
}
