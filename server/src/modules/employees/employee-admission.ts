import {
  EMPLOYEE_FLAGS,
  effectiveFlags,
  type EmployeeBody,
  type EmployeeFlag,
  type EmployeeStatus,
  type ErrorCode,
  messages,
} from '@punchclock/contract';
import { type AppError, conflict, isUniqueViolation, unprocessable } from '../../lib/errors';
import { centsFromDecimal } from '../../lib/money';
import type { CustomValue } from '../custom-fields/custom-fields.repository';
import { normaliseFieldValue } from '../custom-fields/field-values';
import type { EmployeesRepos } from './employees.repositories';

/*
 * Admission of new and changed employees: a batch's rows (a form is a batch of one, a spreadsheet a batch of many),
 * their flags, and the checks every row passes before anything is written.
 */

export type Flags = Record<EmployeeFlag, number>;

/**
 * A new employee's flags where the body is silent: App Login (what lets them punch at a time station) on;
 * everything else off, Punch In/Out (punching from their own login) included.
 */
export const CREATE_FLAGS = {
  ...(Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, 0])) as Flags),
  permission_app: 1,
};

/** The flags the body sends; absent ones keep their value (or the create default). */
export function sentFlags(body: EmployeeBody): Partial<Flags> {
  const out: Partial<Flags> = {};
  for (const f of EMPLOYEE_FLAGS) if (body[f] !== undefined) out[f] = Number(body[f]);
  if (body.view_gps_location_information !== undefined && body.view_gps_location === undefined)
    out.view_gps_location = Number(body.view_gps_location_information);
  return out;
}

/** Flags as stored: the sent ones over the base, then the hierarchy (an option whose group is off is off). */
export const storedFlags = (base: Flags, sent: Partial<Flags>): Flags => effectiveFlags({ ...base, ...sent });

/** One employee of a batch to create (a form is a batch of one, a spreadsheet a batch of many). */
export interface NewEmployee {
  /** Where the row came from (the spreadsheet's row number; 1 for a form): issues name it. */
  row: number;
  /** An employee being changed: it is no duplicate of itself. */
  id?: number;
  /** An existing department, or one an import names (made with the batch when the account lacks it). */
  department: { id: number } | { name: string };
  name: string;
  employee_id: string;
  title: string | null;
  email: string | null;
  hourly_rate_cents: number;
  pin: string | null;
  status?: EmployeeStatus;
  flags: Partial<Flags>;
  /** Raw custom values keyed by field id; null or '' clears one. */
  custom: Record<string, unknown>;
}
/** A batch row from the form's fields: the contract's `employeeBody`, or the part of it a spreadsheet row holds. */
export const newEmployee = (
  row: number,
  department: NewEmployee['department'],
  f: Pick<EmployeeBody, 'name' | 'employee_id' | 'title' | 'email' | 'hourly_rate' | 'pin'> &
    Partial<Pick<EmployeeBody, 'status'>>,
  more: Partial<Pick<NewEmployee, 'flags' | 'custom'>> = {},
): NewEmployee => ({
  row,
  department,
  name: f.name,
  employee_id: f.employee_id,
  title: f.title || null,
  email: f.email || null,
  hourly_rate_cents: centsFromDecimal(f.hourly_rate ?? '0'),
  pin: f.pin || null,
  status: f.status,
  flags: more.flags ?? {},
  custom: more.custom ?? {},
});

/** A row an import could not read: only its custom values are checked, and it is never written. */
export interface MalformedRow {
  row: number;
  malformed: true;
  custom: Record<string, unknown>;
}
export type BatchRow = NewEmployee | MalformedRow;

export interface EmployeeIssue {
  row: number;
  /** 'department_id', 'employee_id', 'email' or 'custom_fields.<field id>'. */
  key: string;
  message: string;
  /**
   * Taken only by an earlier row of the same batch (a code, e-mail or custom value), not by an employee of the
   * account.
   */
  repeated?: boolean;
}

export type Checked = NewEmployee & { values: { field_id: number; value: string | null }[] };

/** An Employee ID as uniqueness compares it: its letter case aside. */
export const codeKey = (code: string) => code.toLowerCase();
/** A department named in an import: any case, runs of spaces as one ("Café  Staff" is "Café Staff"). */
export const departmentKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

const isWhole = (r: BatchRow): r is NewEmployee => !('malformed' in r);
const heldByOther = (holders: Map<string, number[]>, key: string, self?: number) =>
  (holders.get(key) ?? []).some((id) => id !== self);
function holdersOf<T>(rows: T[], key: (r: T) => string | null, id: (r: T) => number) {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), id(r)]);
  }
  return out;
}

/** What a form is told about its one row: a missing department first (422), then taken codes (409), then custom values (422). */
export function refusal(issues: EmployeeIssue[]): AppError {
  const own = issues.filter((i) => !i.key.startsWith('custom_fields.'));
  const errors = Object.fromEntries((own.length ? own : issues).map((i) => [i.key, [i.message]]));
  const first = Object.values(errors)[0][0];
  if (errors.department_id) return unprocessable(errors.department_id[0], errors);
  return own.length ? conflict(first, errors, TAKEN[own[0].key]) : unprocessable(first, errors);
}

/** The code of a conflict by the field whose value is taken (the first of the row's issues). */
const TAKEN: Record<string, ErrorCode> = { employee_id: 'employee.id_taken', email: 'employee.email_taken' };

/** A race past the checks still meets the unique indexes: answered as the conflict the checks would give. */
export const uniqueToConflict = (e: unknown): never => {
  if (isUniqueViolation(e)) {
    const login = /users/.test(String((e as Error).message));
    throw conflict(
      login ? messages.people.loginEmailTaken : messages.people.employeeIdTaken,
      login ? { email: [messages.people.loginEmailTaken] } : undefined,
      login ? 'employee.login_email_taken' : 'employee.id_taken',
    );
  }
  throw e;
};

/**
 * Checks a batch against the account and against its own earlier rows, in a fixed number of queries
 * whatever its size: the department is the account's, the code and e-mail are free, custom values fit
 * their field and are not taken where duplicates are not allowed.
 */
export async function checkBatch(r: EmployeesRepos, accountId: number, rows: BatchRow[]) {
  const whole = rows.filter(isWhole);
  const named = whole.some((w) => 'name' in w.department);
  const departmentIds = whole.flatMap((w) => ('id' in w.department ? [w.department.id] : []));
  const departments = await r.departments.current(accountId, named ? undefined : departmentIds);
  const codes = whole.map((w) => w.employee_id);
  const emails = whole.flatMap((w) => (w.email ? [w.email] : []));
  const held = codes.length ? await r.employees.identities(accountId, codes, emails) : [];
  // Employee IDs are one whatever their letter case: a station typing "a001" must never reach another employee
  // than "A001" (the clock finds the exact code).
  const codeHolders = holdersOf(
    held,
    (h) => codeKey(h.employee_id),
    (h) => h.id,
  );
  const emailHolders = holdersOf(
    held,
    (h) => h.email,
    (h) => h.id,
  );

  const fieldIds = [...new Set(rows.flatMap((w) => Object.keys(w.custom).map(Number)))];
  const fields = new Map(
    (fieldIds.length ? await r.fields.list(accountId, fieldIds) : []).map((f) => [f.id, f]),
  );
  const normalised = rows.map((w) =>
    Object.entries(w.custom).map(([key, raw]) => {
      const field = fields.get(Number(key));
      return { key, field, v: field ? normaliseFieldValue(field, raw) : null };
    }),
  );
  const unique = [...fields.values()].filter((f) => !f.allow_duplicates).map((f) => f.id);
  const candidates = normalised.flatMap((vs) =>
    vs.flatMap(({ field, v }) =>
      field && !field.allow_duplicates && v && 'value' in v && v.value !== null ? [v.value] : [],
    ),
  );
  const taken = candidates.length ? await r.fields.currentValues(accountId, unique, candidates) : [];
  const valueHolders = holdersOf(
    taken,
    (t) => `${t.field_id}:${t.value}`,
    (t) => t.employee_ref,
  );

  const issues: EmployeeIssue[] = [];
  const good: Checked[] = [];
  const seen = { codes: new Set<string>(), emails: new Set<string>(), values: new Set<string>() };
  rows.forEach((w, i) => {
    const before = issues.length;
    const self = isWhole(w) ? w.id : undefined;
    const issue = (key: string, message: string, repeated?: boolean) =>
      issues.push({ row: w.row, key, message, ...(repeated ? { repeated } : {}) });
    const values: Checked['values'] = [];
    for (const { key, field, v } of normalised[i]) {
      const at = `custom_fields.${key}`;
      if (!field || !v) issue(at, messages.people.fieldNotFound);
      else if ('error' in v) issue(at, v.error);
      else if (v.value === null || field.allow_duplicates)
        values.push({ field_id: field.id, value: v.value });
      else {
        const valueKey = `${field.id}:${v.value}`;
        const valueTaken = heldByOther(valueHolders, valueKey, self);
        if (valueTaken || seen.values.has(valueKey))
          issue(at, messages.people.fieldValueTaken(field.field_name), !valueTaken);
        else values.push({ field_id: field.id, value: v.value });
      }
    }
    if (!isWhole(w)) return;
    if ('id' in w.department && !departments.some((d) => d.id === (w.department as { id: number }).id))
      issue('department_id', messages.people.departmentNotFound);
    const codeTaken = heldByOther(codeHolders, codeKey(w.employee_id), self);
    if (codeTaken || seen.codes.has(codeKey(w.employee_id)))
      issue('employee_id', messages.people.employeeIdTaken, !codeTaken);
    const emailTaken = !!w.email && heldByOther(emailHolders, w.email, self);
    if (w.email && (emailTaken || seen.emails.has(w.email)))
      issue('email', messages.people.emailTaken, !emailTaken);
    if (issues.length > before) return;
    seen.codes.add(codeKey(w.employee_id));
    if (w.email) seen.emails.add(w.email);
    for (const v of values) seen.values.add(`${v.field_id}:${v.value}`);
    good.push({ ...w, values });
  });
  const known = new Map(departments.map((d) => [departmentKey(d.dp_name), d.id]));
  return { good, issues, known };
}

/** Custom values to insert for the given employees (a null value is a removal: nothing to insert). */
export const valuesToInsert = (rows: { id: number; values: Checked['values'] }[]): CustomValue[] =>
  rows.flatMap((w) =>
    w.values.flatMap((v) =>
      v.value === null ? [] : [{ employee_ref: w.id, field_id: v.field_id, value: v.value }],
    ),
  );
