import { z } from 'zod';
import {
  CUSTOM_FIELD_TYPES,
  DEFAULT_DEPARTMENT_TYPE,
  DEPARTMENT_TYPES,
  EMPLOYEE_STATUSES,
  PIN_MAX_LENGTH,
} from './constants';
import { optionalText, requiredText, userIdField } from './fields';

/** Booleans as the old client sends them: true/false, 1/0, '1'/'0', 'true'/'false'. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], {
    error: 'must be true or false.',
  })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

const positiveId = (label: string) =>
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
        .positive(`${label} is required.`)
        .max(2_147_483_647, `${label} is too large.`),
    );

/** Hourly rate in dollars, ≥ 0 with at most 2 decimals; answered in cents so no float ever reaches the database. */
export const hourlyRate = z
  .union([z.number(), z.string().trim()], { error: 'Hourly rate must be a number.' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.replace(/^\$/, '');
    if (s === '') return 0;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Hourly rate must be a number of at least 0 with at most 2 decimals.',
      });
      return z.NEVER;
    }
    return Math.round(Number(s) * 100);
  });

export const pinField = z
  .union([z.string(), z.number()], { error: 'PIN must be digits.' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{0,${PIN_MAX_LENGTH}}$`), `PIN must be at most ${PIN_MAX_LENGTH} digits.`),
  );

export const EMPLOYEE_FLAGS = [
  'permission_app',
  'permission_site',
  'email_notification',
  'send_check_in_notification',
  'send_check_out_notification',
  'solo_mode',
  'use_card_or_pin',
  'allow_other_employees',
  'create_time_entries',
  'edit_time_entries',
  'punch_in_out',
  'run_reports',
  'view_gps_location',
  'view_pay_information',
] as const;
export type EmployeeFlag = (typeof EMPLOYEE_FLAGS)[number];

const flagShape = Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, flag.optional()])) as {
  [K in EmployeeFlag]: z.ZodOptional<typeof flag>;
};

/** Custom field values keyed by field id; null or '' clears a value. */
export const customValues = z
  .record(
    z.string().regex(/^\d{1,10}$/, 'Custom field keys must be field ids.'),
    z.union([
      z.string().max(500, 'A custom field value must be at most 500 characters.'),
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
  pin: pinField.nullish(),
  clear_pin: flag.optional(),
  status: z.enum(EMPLOYEE_STATUSES, { error: 'Status must be active or inactive.' }).optional(),
  custom_fields: customValues.optional(),
  ...flagShape,
  // The form's alias of view_gps_location (spec §3).
  view_gps_location_information: flag.optional(),
});
export type EmployeeBody = z.output<typeof employeeBody>;

export const SEARCH_STATUSES = ['All', 'In', 'Out'] as const;
/** POST /api/search: the spec's {query} plus the search panel's filters. */
export const searchBody = z.object({
  user_id: userIdField,
  query: z
    .string({ error: 'query must be text.' })
    .trim()
    .max(200, 'Search text must be at most 200 characters.')
    .default(''),
  department_id: z.union([positiveId('Department'), z.literal(''), z.null()]).optional(),
  /** Ticked: only employees whose own department is the chosen one; unticked: also everyone when the department is assigned to all employees. */
  current_department: flag.optional(),
  status: z.enum(SEARCH_STATUSES, { error: 'Status must be All, In or Out.' }).default('Out'),
  show_deleted: flag.optional(),
});
export type SearchBody = z.output<typeof searchBody>;

export const departmentBody = z.object({
  user_id: userIdField,
  dp_name: requiredText('Department name', 120),
  // The spec's old client sends '1' as a default; anything that is not one of the ten types is refused, absence means 'Department'.
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

export interface EmployeeView {
  id: number;
  user_id: number;
  employee_id: string;
  name: string;
  title: string | null;
  email: string | null;
  department_id: number;
  department_name: string;
  hourly_rate: string;
  has_pin: boolean;
  status: string;
  clocked_in: boolean;
  has_login: boolean;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  custom_fields: Record<string, string>;
  permission_app: boolean;
  permission_site: boolean;
  email_notification: boolean;
  send_check_in_notification: boolean;
  send_check_out_notification: boolean;
  solo_mode: boolean;
  use_card_or_pin: boolean;
  allow_other_employees: boolean;
  create_time_entries: boolean;
  edit_time_entries: boolean;
  punch_in_out: boolean;
  run_reports: boolean;
  view_gps_location: boolean;
  view_pay_information: boolean;
}

export interface DepartmentView {
  id: number;
  user_id: number;
  dp_name: string;
  dp_type: string;
  exclude_from_reports: boolean;
  use_company_settings: boolean;
  assign_to_all_employees: boolean;
  employee_count: number;
  /** Current employees of the department with an open shift (the 'In' of the department list). */
  clocked_in_count: number;
  created_at: string;
  updated_at: string;
}

export interface CustomFieldView {
  id: number;
  user_id: number;
  field_name: string;
  field_type: string;
  field_options: boolean;
  allow_duplicates: boolean;
  value_count: number;
  created_at: string;
  updated_at: string;
}

export interface ImportIssue {
  row: number;
  field: string;
  reason: string;
}
export interface ImportAnswer {
  message: string;
  preview: boolean;
  total_rows: number;
  valid_rows: number;
  imported: number;
  errors: ImportIssue[];
  new_departments: string[];
}
export interface UploadedEmployee {
  id: number;
  name: string;
  employee_id: string;
  email: string | null;
  hourly_rate: string;
}

/** Template columns; custom fields follow them, headed by their field names. */
export const IMPORT_COLUMNS = [
  'Name',
  'Employee ID',
  'Department',
  'Title',
  'Email',
  'Hourly Rate',
  'PIN',
] as const;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
