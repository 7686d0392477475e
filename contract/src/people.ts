import { z } from 'zod';
import {
  CUSTOM_FIELD_TYPES,
  DEFAULT_DEPARTMENT_TYPE,
  DEPARTMENT_TYPES,
  EMPLOYEE_STATUSES,
  PIN_MAX_LENGTH,
} from './constants';
import { errorAnswers } from './errors';
import { EMPLOYEE_FLAGS, type EmployeeFlag } from './permissions';
import { FIRST_DAY, isoDate, optionalText, requiredText, safeString, userIdField } from './fields';
import { cursorField, limitField, pageAnswerFields } from './paging';

/** Booleans as the old client sends them: true/false, 1/0, '1'/'0', 'true'/'false'. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], {
    error: 'must be true or false.',
  })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

export const positiveId = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, `${label} must be a number.`),
      ],
      { error: `${label} is required.` },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number.`)
        // 0 is the old client's "nothing chosen"; a negative id is a wrong one.
        .min(0, `${label} must not be negative.`)
        .refine((n) => n !== 0, `${label} is required.`)
        .max(2_147_483_647, `${label} is too large.`),
    );

/** The most cards one PDF prints (125 Letter sheets of eight). */
export const PRINT_CARDS_MAX = 1000;
/**
 * POST /api/employees/print-cards: the chosen employees (ids), or one department's, or everyone's (neither),
 * current ones in the caller's reach, as Letter sheets of eight cards.
 */
export const printCardsBody = z.object({
  employee_ids: z
    .array(positiveId('Employee'), { error: 'employee_ids must be a list of employee ids.' })
    .min(1, 'Choose at least one employee.')
    .max(PRINT_CARDS_MAX, `At most ${PRINT_CARDS_MAX} cards can be printed at once.`)
    .optional(),
  department_id: positiveId('Department').optional(),
});
export type PrintCardsBody = z.output<typeof printCardsBody>;

/** Hourly rate in dollars, ≥ 0 with at most 2 decimals; answered as checked decimal text that the server turns into cents. */
export const hourlyRate = z
  .union([z.number(), z.string().trim()], { error: 'Hourly rate must be a number.' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(/^\$/, '');
    if (s === '') return '0';
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Hourly rate must be a number of at least 0 with at most 2 decimals.',
      });
      return z.NEVER;
    }
    return s;
  });

export const pinField = z
  .union([z.string(), z.number()], { error: 'PIN must be digits.' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{0,${PIN_MAX_LENGTH}}$`), `PIN must be at most ${PIN_MAX_LENGTH} digits.`),
  );

const flagShape = Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, flag.optional()])) as {
  [K in EmployeeFlag]: z.ZodOptional<typeof flag>;
};

/** Custom field values keyed by field id; null or '' clears a value. */
export const customValues = z
  .record(
    z.string().regex(/^\d{1,10}$/, 'Custom field keys must be field ids.'),
    z.union([
      safeString('A custom field value').max(500, 'A custom field value must be at most 500 characters.'),
      z.number(),
      z.null(),
    ]),
  )
  .refine((r) => Object.keys(r).length <= 200, 'Too many custom fields.');

/** POST /employees and PUT /employees/{id}. An empty PIN on update keeps the old one; `clear_pin` removes it. */
export const employeeBody = z.object({
  user_id: userIdField,
  name: requiredText('Name', 120),
  department_id: positiveId('Department'),
  employee_id: requiredText('Employee ID', 40).pipe(
    z.string().regex(/^[\w.\-/ ]+$/, 'Employee ID may hold letters, digits, spaces and . - _ / only.'),
  ),
  title: optionalText('Title', 120),
  email: z
    .string({ error: 'Email must be text.' })
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.union([z.literal(''), z.email('Please enter a valid email address.')]))
    .nullish(),
  hourly_rate: hourlyRate.nullish(),
  /**
   * An edit that changes the hourly rate: the local day (account zone) the new rate is paid from, today when
   * left out; days before it keep the rate they were worked at. At most today. With the rate unchanged it
   * corrects the day the current rate is paid from (its history has a change; otherwise nothing moves).
   */
  rate_effective_from: isoDate.nullish(),
  pin: pinField.nullish(),
  clear_pin: flag.optional(),
  status: z.enum(EMPLOYEE_STATUSES, { error: 'Status must be active or inactive.' }).optional(),
  custom_fields: customValues.optional(),
  ...flagShape,
  // The old form's alias of view_gps_location, still accepted.
  view_gps_location_information: flag.optional(),
});
export type EmployeeBody = z.output<typeof employeeBody>;

export const SEARCH_STATUSES = ['All', 'In', 'Out'] as const;
/** POST /api/search: the old client's {query} plus the search panel's filters. */
export const searchBody = z.object({
  user_id: userIdField,
  query: safeString('Search text', { error: 'query must be text.' })
    .trim()
    .max(200, 'Search text must be at most 200 characters.')
    .default(''),
  department_id: z.union([positiveId('Department'), z.literal(''), z.null()]).optional(),
  /** Ticked: only employees whose own department is the chosen one; unticked: also everyone when the department is assigned to all employees. */
  current_department: flag.optional(),
  status: z.enum(SEARCH_STATUSES, { error: 'Status must be All, In or Out.' }).default('Out'),
  show_deleted: flag.optional(),
  /** A page: `next_cursor` / `prev_cursor` of the previous answer (send the same filters), and its size. */
  cursor: cursorField,
  limit: limitField(),
});
export type SearchBody = z.output<typeof searchBody>;

export const departmentBody = z.object({
  user_id: userIdField,
  dp_name: requiredText('Department name', 120),
  // The old client sends '1' as a default; anything that is not one of the ten types is refused,
  // absence means 'Department'.
  dp_type: z
    .enum(DEPARTMENT_TYPES, { error: `Department type must be one of: ${DEPARTMENT_TYPES.join(', ')}.` })
    .default(DEFAULT_DEPARTMENT_TYPE),
  exclude_from_reports: flag.default(false),
  use_company_settings: flag.default(true),
  assign_to_all_employees: flag.default(false),
});
export type DepartmentBody = z.output<typeof departmentBody>;

/** DELETE /departments/{id}?move_to={id}: members move to another department instead of blocking the delete. */
export const departmentDeleteQuery = z.object({
  user_id: userIdField,
  move_to: positiveId('Target department').optional(),
});

export const customFieldBody = z.object({
  user_id: userIdField,
  field_name: requiredText('Field name', 80),
  field_type: z.enum(CUSTOM_FIELD_TYPES, {
    error: `Field type must be one of: ${CUSTOM_FIELD_TYPES.join(', ')}.`,
  }),
  /** Spec: the Allow Duplicates boolean, sent as text on create. */
  field_options: flag.default(true),
});
export type CustomFieldBody = z.output<typeof customFieldBody>;

/** The old client's user_id in a path or query: accepted, but the account always comes from the token. */
export const userParams = z.object({ user_id: z.string().max(40) });
export const userQuery = z.object({ user_id: userIdField });

/**
 * The old client's bulk ids: `emp_id[]=[1,2,3]`, `emp_id[]=1&emp_id[]=2`, or `emp_id=1,2`; answered as `ids`.
 */
export function parseIdList(...raw: unknown[]): number[] {
  const text = raw
    .flat()
    .filter((v) => v !== undefined && v !== null)
    .map(String)
    .join(',');
  const ids = [...text.matchAll(/\d{1,10}/g)]
    .map((m) => Number(m[0]))
    .filter((n) => n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)];
}
const idListText = z.union([z.string().max(200_000), z.array(z.string().max(200_000))]).optional();
export const bulkIdsQuery = (name: string) =>
  z
    .object({ [`${name}[]`]: idListText, [name]: idListText })
    .transform((q) => ({ ids: parseIdList(q[`${name}[]`], q[name]) }));

const flagAnswers = Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, z.boolean()])) as {
  [K in EmployeeFlag]: z.ZodBoolean;
};

/** One employee as every employees answer gives it (rates as "12.50", never the PIN). */
export const employeeView = z.object({
  id: z.number(),
  user_id: z.number(),
  employee_id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  department_id: z.number(),
  department_name: z.string(),
  hourly_rate: z.string(),
  has_pin: z.boolean(),
  status: z.enum(EMPLOYEE_STATUSES),
  clocked_in: z.boolean(),
  has_login: z.boolean(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Values keyed by custom field id. */
  custom_fields: z.record(z.string(), z.string()),
  ...flagAnswers,
});
export type EmployeeView = z.infer<typeof employeeView>;

export const departmentView = z.object({
  id: z.number(),
  user_id: z.number(),
  dp_name: z.string(),
  dp_type: z.enum(DEPARTMENT_TYPES),
  exclude_from_reports: z.boolean(),
  use_company_settings: z.boolean(),
  assign_to_all_employees: z.boolean(),
  employee_count: z.number(),
  /** Current employees of the department with an open shift (the 'In' of the department list). */
  clocked_in_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DepartmentView = z.infer<typeof departmentView>;

export const customFieldView = z.object({
  id: z.number(),
  user_id: z.number(),
  field_name: z.string(),
  field_type: z.enum(CUSTOM_FIELD_TYPES),
  field_options: z.boolean(),
  allow_duplicates: z.boolean(),
  value_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomFieldView = z.infer<typeof customFieldView>;

export const importIssue = z.object({ row: z.number(), field: z.string(), reason: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;
export const importAnswer = z.object({
  message: z.string(),
  preview: z.boolean(),
  total_rows: z.number(),
  valid_rows: z.number(),
  imported: z.number(),
  errors: z.array(importIssue),
  new_departments: z.array(z.string()),
  /** Header cells that name no import column and no custom field: their values are not imported. */
  ignored_columns: z.array(z.string()),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
export const uploadedEmployee = z.object({
  id: z.number(),
  name: z.string(),
  employee_id: z.string(),
  email: z.string().nullable(),
  hourly_rate: z.string(),
});
export type UploadedEmployee = z.infer<typeof uploadedEmployee>;
export const uploadedEmployeesAnswer = z.object({ data: z.array(uploadedEmployee) });

// Answers of the people routes (employees, badges, departments, custom fields).
/** Paged lists also answer the cursor of the page before (null on the first page). */
const employeePageFields = { ...pageAnswerFields, prev_cursor: z.string().nullable() };
export const employeesAnswer = z.object({ data: z.array(employeeView), ...employeePageFields });
export const employeeAnswer = z.object({ data: employeeView });
/** The day the rate an employee had before their first change is kept from: the first day any date may be. */
export const RATES_SINCE = FIRST_DAY;
/**
 * GET /api/employees/:id/rates: the employee's hourly rates by the day each took effect, newest first; empty
 * while the rate has never changed. The oldest row's effective_from is RATES_SINCE: the rate before the first change.
 */
export const employeeRatesAnswer = z.object({
  data: z.array(z.object({ effective_from: z.string(), hourly_rate: z.string(), set_at: z.string() })),
});
export type EmployeeRatesAnswer = z.output<typeof employeeRatesAnswer>;
/**
 * PUT /api/employees/:id/rates: a change of the hourly rate alone, as an edit makes it. It also takes a deleted
 * employee of the account, whose days reports still pay, so a wrong rate can be corrected after they left.
 */
export const rateChangeBody = employeeBody
  .pick({ rate_effective_from: true })
  .extend({ hourly_rate: hourlyRate });
export type RateChangeBody = z.output<typeof rateChangeBody>;
export const searchAnswer = z.object({ employees: z.array(employeeView), ...employeePageFields });
export const employeeSavedAnswer = z.object({
  message: z.string(),
  data: employeeView,
  /** The e-mail a set-password invitation went to, when one was sent. */
  invited: z.string().optional(),
});
export type EmployeeSavedAnswer = z.infer<typeof employeeSavedAnswer>;
export const deletedAnswer = z.object({ message: z.string(), deleted: z.number() });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;
export const employeeQrAnswer = z.object({
  qr_code: z.string(),
  employee_id: z.string(),
  name: z.string(),
  message: z.string(),
});
export type EmployeeQrAnswer = z.infer<typeof employeeQrAnswer>;
export const employeeQrStatusAnswer = z.object({ status: z.literal('success'), data: employeeQrAnswer });
export const badgeRegeneratedAnswer = z.object({ message: z.string(), qr_code: z.string() });
export type BadgeRegeneratedAnswer = z.infer<typeof badgeRegeneratedAnswer>;
export const departmentsAnswer = z.array(departmentView);
export const departmentsStatusAnswer = z.object({ status: z.literal('success'), data: departmentsAnswer });
export const departmentDetailAnswer = z.object({ data: departmentView, members: z.array(employeeView) });
export type DepartmentDetailAnswer = z.infer<typeof departmentDetailAnswer>;
export const departmentSavedAnswer = z.object({ message: z.string(), data: departmentView });
export type DepartmentSavedAnswer = z.infer<typeof departmentSavedAnswer>;
export const customFieldsAnswer = z.object({ data: z.array(customFieldView) });
export const customFieldSavedAnswer = z.object({ message: z.string(), data: customFieldView });
export type CustomFieldSavedAnswer = z.infer<typeof customFieldSavedAnswer>;
/** The error answers of the people routes. */
export const peopleErrors = errorAnswers(400, 401, 403, 404, 409, 413, 422);
/** A file answer (PDF, XLSX): bytes under the route's `produces` type. */
export const fileAnswer = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });

/** An employee's own fields as the employee list and the import template head them, in that order. */
export const EMPLOYEE_COLUMNS = [
  'Name',
  'Employee ID',
  'Department',
  'Title',
  'Email',
  'Hourly Rate',
] as const;
/** Template columns; custom fields follow them, headed by their field names. */
export const IMPORT_COLUMNS = [...EMPLOYEE_COLUMNS, 'PIN'] as const;
/**
 * How an import header is matched to a column or a custom field: letters and digits only, any case, so "E-mail",
 * "Hourly Rate ($)" and "employee_id" read as Email, Hourly Rate and Employee ID.
 */
export const importColumnKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
/**
 * The import column a name stands for (as importColumnKey reads names; a custom field may not take one: an
 * import matches its columns by name), or undefined.
 */
export const importColumnNamed = (name: string): (typeof IMPORT_COLUMNS)[number] | undefined =>
  IMPORT_COLUMNS.find((c) => importColumnKey(c) === importColumnKey(name));
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
