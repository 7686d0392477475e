import type { EmployeeStatus, PunchSource } from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { lastLinkTo, type Session, signUp, type TestApp, uniqueSuffix } from './helper';

/**
 * Test fixtures, made one way everywhere: through the HTTP API where a route makes the row, so a
 * fixture is what a real client could have made; straight into the table only for rows no route
 * makes (a punch at a chosen past instant).
 */

export interface Account extends Session {
  accountId: number;
}

function answer<T>(res: LightMyRequestResponse, status: number, what: string): T {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** A new account, signed up through POST /api/register, and its owner's session. */
export async function createAccount(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Account> {
  const owner = await signUp(t.app, overrides);
  const { account_id: accountId } = await t.db
    .selectFrom('users')
    .select('account_id')
    .where('id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  return { ...owner, accountId };
}

/** A department of the owner's account, through POST /departments. */
export async function createDepartment(
  t: TestApp,
  owner: Session,
  fields: { dp_name?: string; [field: string]: unknown } = {},
): Promise<{ id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/departments',
    headers: owner.auth,
    payload: { user_id: owner.userId, dp_name: `Dept ${uniqueSuffix()}`, ...fields },
  });
  return { id: answer<{ data: { id: number } }>(res, 201, 'creating a department').data.id };
}

export interface EmployeeFields {
  name?: string;
  employee_id?: string;
  department_id?: number;
  email?: string;
  pin?: string;
  status?: EmployeeStatus;
  [flagOrField: string]: unknown;
}

/** An employee of the owner's account (in a new department unless one is given), through POST /employees. */
export async function createEmployee(
  t: TestApp,
  owner: Session,
  fields: EmployeeFields = {},
): Promise<{ id: number; code: string }> {
  const department_id = fields.department_id ?? (await createDepartment(t, owner)).id;
  const code = fields.employee_id ?? `E${uniqueSuffix()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/employees',
    headers: owner.auth,
    payload: { user_id: owner.userId, name: 'Sam Worker', ...fields, employee_id: code, department_id },
  });
  return { id: answer<{ data: { id: number } }>(res, 201, 'creating an employee').data.id, code };
}

/**
 * An employee with their own login: created with Site Login and an e-mail (which mails a
 * set-password link), the link used through POST /password-update, then POST /api/login.
 */
export async function createEmployeeLogin(
  t: TestApp,
  owner: Session,
  fields: EmployeeFields = {},
  password = 'employee pass 1',
): Promise<{ id: number; code: string; email: string; auth: { authorization: string } }> {
  const email = (fields.email ?? `worker${uniqueSuffix()}@example.com`).toLowerCase();
  const employee = await createEmployee(t, owner, { permission_site: 1, ...fields, email });
  const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
  answer(
    await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...link, password, password_confirmation: password },
    }),
    200,
    'setting the employee password',
  );
  const login = answer<{ access_token: string }>(
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } }),
    200,
    'the employee login',
  );
  return { ...employee, email, auth: { authorization: `Bearer ${login.access_token}` } };
}

/** A time station of the owner's account paired at once ("This browser"), through POST /api/stations. */
export async function createStation(
  t: TestApp,
  owner: Session,
  name = 'Front door',
): Promise<{ id: number; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stations',
    headers: owner.auth,
    payload: { name, pair: 'this-browser' },
  });
  const created = answer<{ station: { id: number }; token: string }>(res, 201, 'creating a station');
  return { id: created.station.id, token: created.token };
}

/**
 * A punch written straight to the table: no route makes a punch at an arbitrary past instant with
 * its raw fields (clock-in stamps now; manual punches take local wall-clock times).
 */
export async function insertPunch(
  t: TestApp,
  accountId: number,
  employeeRef: number,
  punch: {
    time_in: string;
    time_out?: string | null;
    client_id?: string;
    source?: PunchSource;
    /** The local day of time_in in the account's zone; by default its UTC day (a UTC account's). */
    work_date?: string;
  },
  /** Another handle than the test's database: a transaction of the test's own. */
  db: TestApp['db'] = t.db,
): Promise<{ id: number }> {
  return db
    .insertInto('punches')
    .values({
      account_id: accountId,
      employee_ref: employeeRef,
      client_id: punch.client_id ?? `p${uniqueSuffix()}`,
      work_date: punch.work_date ?? punch.time_in.slice(0, 10),
      time_in: punch.time_in,
      time_out: punch.time_out ?? null,
      received_in_at: punch.time_in,
      source: punch.source ?? 'manual',
      created_at: punch.time_in,
      updated_at: punch.time_in,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
