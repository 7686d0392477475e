import { z } from 'zod';
import { errorAnswers } from './errors';
import { hasControlCharacters, isoDate, requiredText } from './fields';
import { messages } from './messages';
import { employeeView } from './people';
import { cursorField, limitField } from './paging';
import { periodCheck } from './period';
import type { Permission } from './permissions';

/** A typed key value must be at least this long; generated ones are longer. */
export const API_KEY_MIN_LENGTH = 32;
export const API_KEY_MAX_LENGTH = 200;
export const API_KEY_NAME_MAX = 80;
/** Generated values start with this, so a leaked one is easy to recognise (e.g. by secret scanners). */
export const API_KEY_PREFIX = 'pck_';
/** Calls one key may make a minute; more answer 429 (and are not logged). */
export const API_KEY_CALLS_PER_MINUTE = 600;
/** The header an integration sends its key in. */
export const API_KEY_HEADER = 'X-API-Key';

/**
 * What a key may read, chosen when it is made. Each scope is a read permission of the access model
 * (contract/src/permissions.ts); a key never holds a write permission, whatever it is given.
 */
export const API_KEY_SCOPES = {
  'employees:read': { label: 'Employees', permission: 'employees:read:all' },
  'departments:read': { label: 'Departments', permission: 'departments:read:all' },
  'punches:read': { label: 'Punches', permission: 'punches:read:all' },
  'reports:read': { label: 'Reports', permission: 'reports:run:all' },
} as const satisfies Record<string, { label: string; permission: Permission }>;
export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as ApiKeyScope[];

/** The permissions a key with these scopes acts with; unknown names give nothing. */
export const apiKeyPermissions = (scopes: readonly string[]): Permission[] =>
  scopes.flatMap((s) => (s in API_KEY_SCOPES ? [API_KEY_SCOPES[s as ApiKeyScope].permission] : []));

/** A key value as typed or generated: 32 to 200 visible characters, no spaces or control characters. */
export const apiKeyValue = z
  .string({ error: (i) => (i.input === undefined ? 'Key Value is required.' : 'Key Value must be text.') })
  .trim()
  .min(1, 'Key Value is required.')
  .min(API_KEY_MIN_LENGTH, `Key Value must be at least ${API_KEY_MIN_LENGTH} characters long.`)
  .max(API_KEY_MAX_LENGTH, `Key Value must be at most ${API_KEY_MAX_LENGTH} characters long.`)
  .refine(
    (s) => !hasControlCharacters(s) && !/\s/.test(s),
    'Key Value must not contain spaces or control characters.',
  );

export const apiKeyName = requiredText('Key Name', API_KEY_NAME_MAX);

/** Scopes as a list, or as the comma-separated text a multipart form sends. */
const scopesField = z
  .union([z.array(z.string().max(40)).max(10), z.string().max(400)], { error: 'Scopes must be a list.' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(API_KEY_SCOPE_NAMES as [ApiKeyScope, ...ApiKeyScope[]], { error: 'Unknown scope.' }))
      .min(1, 'Choose at least one scope.'),
  );

/**
 * POST /api/apikeys (multipart or JSON): the old client's {key_name, key_value}, plus scopes (all read scopes
 * when left out).
 */
export const apiKeyCreateBody = z.object({
  key_name: apiKeyName,
  key_value: apiKeyValue,
  scopes: scopesField.optional(),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

/** PUT /api/apikeys/{id}: {key_name}. */
export const apiKeyRenameBody = z.object({
  key_name: z
    .string({ error: messages.apiKeys.nameEmpty })
    .trim()
    .min(1, messages.apiKeys.nameEmpty)
    .max(API_KEY_NAME_MAX, `Key Name must be at most ${API_KEY_NAME_MAX} characters.`)
    .refine((s) => !hasControlCharacters(s), 'Key Name must not contain control characters.'),
});

/** A key as lists show it: `key_value` masked (all but its last 4 characters); GET …/reveal answers the value. */
export const apiKeyView = z.object({
  id: z.number(),
  key_name: z.string(),
  key_value: z.string(),
  scopes: z.array(z.string()),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const apiKeysAnswer = z.object({ all_keys: z.array(apiKeyView) });
export const apiKeySavedAnswer = z.object({ message: z.string(), data: apiKeyView });
export type ApiKeySavedAnswer = z.infer<typeof apiKeySavedAnswer>;
export const apiKeyRevealAnswer = z.object({ id: z.number(), key_value: z.string() });
export const apiKeyErrors = errorAnswers(400, 401, 403, 404, 409, 413, 422);

/** The masked form of a value: bullets, then its last 4 characters. */
export const maskApiKey = (value: string) => `${'•'.repeat(12)}${value.slice(-4)}`;

// The read-only integration API (X-API-Key).

export const integrationPageQuery = z.object({ cursor: cursorField, limit: limitField(100) });

export const integrationPunchesQuery = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    employee_id: z.string().trim().max(64).optional(),
    cursor: cursorField,
    limit: limitField(100),
  })
  .superRefine(periodCheck(Infinity));

/** An employee as the integration API gives it: the employee view's own fields, none of the web's. */
export const integrationEmployee = employeeView
  .pick({
    id: true,
    employee_id: true,
    name: true,
    title: true,
    email: true,
    department_id: true,
    department_name: true,
    hourly_rate: true,
  })
  .extend({ status: z.string(), created_at: z.string(), updated_at: z.string() });
export const integrationDepartment = z.object({
  id: z.number(),
  dp_name: z.string(),
  dp_type: z.string(),
  exclude_from_reports: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const integrationPunch = z.object({
  id: z.number(),
  employee_ref: z.number(),
  employee_id: z.string(),
  work_date: z.string(),
  time_in: z.string(),
  time_out: z.string().nullable(),
  type: z.string(),
  deduction: z.string(),
  notes: z.string().nullable(),
  source: z.string(),
});
const next = { next_cursor: z.string().nullable() };
export const integrationEmployeesAnswer = z.object({ data: z.array(integrationEmployee), ...next });
export const integrationDepartmentsAnswer = z.object({ data: z.array(integrationDepartment) });
export const integrationPunchesAnswer = z.object({ data: z.array(integrationPunch), ...next });
export const integrationReportsAnswer = z.object({
  data: z.array(z.object({ name: z.string(), title: z.string(), params: z.array(z.string()) })),
});

/** GET /api/integration/reports/{name}: the parameters of POST /getdata, as a query string. */
export const integrationReportQuery = z.object({
  employee_id: z.string().max(20).optional(),
  department_id: z.string().max(20).optional(),
  start_date: z.string().max(20).optional(),
  end_date: z.string().max(20).optional(),
  show_deleted_employees: z.string().max(10).optional(),
  page: z.string().max(10).optional(),
  page_size: z.string().max(10).optional(),
});
export const integrationReportParams = z.object({ name: z.string().trim().min(1).max(80) });
