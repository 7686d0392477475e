import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../src/db/schema';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from '../factories';
import { dialect, lastLinkTo, type TestApp } from '../helper';

/** Text put in every row of account A that no other caller may ever be shown. */
export const MARKER = 'Zqxmarker';

export const TABLES: (keyof DB)[] = [
  'accounts',
  'departments',
  'import_batches',
  'employees',
  'users',
  'auth_tokens',
  'settings',
  'custom_fields',
  'custom_field_values',
  'employee_rates',
  'pay_rule_versions',
  'schedules',
  'api_keys',
  'faqs',
  'stations',
  'punches',
  'activity_logs',
];

/**
 * Columns a call may touch without writing anything a person asked for: a station's "last seen"
 * is stamped whenever its token is presented, even on a refused call.
 */
const VOLATILE: Partial<Record<keyof DB, string[]>> = { stations: ['last_seen_at'] };

/**
 * Row count and a hash of the rows of every table (optionally only account `accountId`'s rows).
 * PostgreSQL hashes on the server in one query (md5 of the rows as JSON); SQLite rows are hashed here.
 */
export async function snapshot(t: TestApp, accountId?: number): Promise<Record<string, string>> {
  if (dialect === 'postgres') {
    const parts = TABLES.map((table) => {
      const where =
        accountId === undefined
          ? sql``
          : sql` where x.${sql.ref(table === 'accounts' ? 'id' : 'account_id')} = ${accountId}`;
      const row = sql`(to_jsonb(x) - ${(VOLATILE[table] ?? []).join(',') || '-'}::text)::text`;
      return sql<{ t: string; n: number; h: string }>`select ${table}::text as t, count(*)::int as n,
        coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as h from ${sql.table(table)} x${where}`;
    });
    const { rows } = await sql<{
      t: string;
      n: number;
      h: string;
    }>`${sql.join(parts, sql` union all `)}`.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h.slice(0, 16)}`]));
  }
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    let q = t.db.selectFrom(table).selectAll();
    if (accountId !== undefined)
      q = q.where(sql.ref(table === 'accounts' ? 'id' : 'account_id'), '=', accountId);
    const rows = (await q.execute()) as Record<string, unknown>[];
    const skip = VOLATILE[table] ?? [];
    const lines = rows
      .map((r) =>
        JSON.stringify(
          Object.keys(r)
            .sort()
            .filter((k) => !skip.includes(k))
            .map((k) => [k, r[k] === null || r[k] === undefined ? null : String(r[k])]),
        ),
      )
      .sort();
    out[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

export interface World {
  a: Account;
  b: Account;
  /** Account A's rows that callers aim at. */
  ids: {
    departmentId: number;
    spareDepartmentId: number;
    victimRef: number;
    victimCode: string;
    victimPunchId: number;
    fieldId: number;
    stationId: number;
    spareStationId: number;
    faqId: number;
    apiKeyId: number;
    /** The activity log row of a refused synced punch (Punches that need attention). */
    conflictId: number;
  };
  employee: { id: number; code: string; email: string; auth: { authorization: string } };
  employeePassword: string;
  station: { id: number; token: string; auth: { authorization: string } };
  revoked: { authorization: string };
  /** A revoked station of A (whose unsent punches a re-paired tablet hands over). */
  revokedStationId: number;
  /** An administrator of A for one other department only (with its own employee and punch): never the victim's. */
  scoped: { departmentId: number; email: string; password: string; auth: { authorization: string } };
}

/** What names account A's rows outside the scoped administrator's department: it must never be shown them. */
export const OTHER_DEPARTMENT_ROWS = [`Victim ${MARKER}`, `Dept ${MARKER}`, `Spare ${MARKER}`];

/**
 * Row count and a hash of account A's rows outside the scoped administrator's department (departments, their
 * employees, and those employees' punches, rates and custom values): what the scoped administrator must not change.
 */
export async function otherDepartmentsSnapshot(t: TestApp, w: World): Promise<string> {
  const a = w.a.accountId;
  const own = w.scoped.departmentId;
  const employees = t.db
    .selectFrom('employees')
    .select('id')
    .where('account_id', '=', a)
    .where('department_id', '!=', own);
  const rows = await Promise.all([
    t.db.selectFrom('departments').selectAll().where('account_id', '=', a).where('id', '!=', own).execute(),
    t.db
      .selectFrom('employees')
      .selectAll()
      .where('account_id', '=', a)
      .where('department_id', '!=', own)
      .execute(),
    t.db.selectFrom('punches').selectAll().where('employee_ref', 'in', employees).execute(),
    t.db.selectFrom('employee_rates').selectAll().where('employee_ref', 'in', employees).execute(),
    t.db.selectFrom('custom_field_values').selectAll().where('employee_ref', 'in', employees).execute(),
  ]);
  const lines = rows.map((table) =>
    table
      .map((r) =>
        JSON.stringify(
          Object.entries(r as Record<string, unknown>)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, v]) => [k, v === null || v === undefined ? null : String(v)]),
        ),
      )
      .sort()
      .join('\n'),
  );
  return createHash('sha256').update(lines.join('\n--\n')).digest('hex');
}

/** A's owner invites an administrator for `departmentId` only; they set their password by the mailed link. */
export async function scopedAdministrator(t: TestApp, a: Account, departmentId: number) {
  const plan = await t.app.inject({
    method: 'PUT',
    url: '/api/account/plan',
    headers: a.auth,
    payload: { plan: 'pro' },
  });
  if (plan.statusCode !== 200) throw new Error(`plan: ${plan.body}`);
  const email = `scopedproof${Date.now()}@example.com`;
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/administrators',
    headers: a.auth,
    payload: { name: 'Scoped Proof', email, access: 'departments', department_ids: [departmentId] },
  });
  if (invite.statusCode !== 201) throw new Error(`invite: ${invite.body}`);
  const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
  const password = 'scoped proof pass 3';
  const set = await t.app.inject({
    method: 'POST',
    url: '/password-update',
    payload: { ...link, password, password_confirmation: password },
  });
  if (set.statusCode !== 200) throw new Error(`password: ${set.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return { departmentId, email, password, auth: { authorization: `Bearer ${login.json().access_token}` } };
}

/** Two accounts; A holds a department, a victim employee with a punch, a field, stations, an employee login. */
export async function seedWorld(t: TestApp): Promise<World> {
  const a = await createAccount(t);
  const b = await createAccount(t);
  const dept = await createDepartment(t, a, { dp_name: `Dept ${MARKER}` });
  const spare = await createDepartment(t, a, { dp_name: `Spare ${MARKER}` });
  const victim = await createEmployee(t, a, {
    name: `Victim ${MARKER}`,
    department_id: dept.id,
    email: `victim${Date.now()}@example.com`,
  });
  const punch = await insertPunch(t, a.accountId, victim.id, {
    time_in: '2026-01-05T09:00:00.000Z',
    time_out: '2026-01-05T17:00:00.000Z',
  });
  const field = await t.app.inject({
    method: 'POST',
    url: '/api/fields',
    headers: a.auth,
    payload: { field_name: `Field ${MARKER}`, field_type: 'text' },
  });
  if (field.statusCode !== 201) throw new Error(`field: ${field.body}`);
  // The FAQ carries no marker: the account's employees may read FAQs.
  const faq = await t.app.inject({
    method: 'POST',
    url: '/api/faqs',
    headers: a.auth,
    payload: { question: 'Where do I park?', answer: 'Behind the building.', topic: 'Site' },
  });
  if (faq.statusCode !== 201) throw new Error(`faq: ${faq.body}`);
  const apiKey = await t.app.inject({
    method: 'POST',
    url: '/api/apikeys',
    headers: a.auth,
    payload: { key_name: `Key ${MARKER}`, key_value: `pck_world_${Date.now()}_abcdefghijklmnopqrstuvwxyz` },
  });
  if (apiKey.statusCode !== 201) throw new Error(`api key: ${apiKey.body}`);
  const employeePassword = 'employee pass 1';
  const employee = await createEmployeeLogin(t, a, { name: 'Own Worker' }, employeePassword);
  const station = await createStation(t, a, 'Door');
  const spareStation = await createStation(t, a, `Spare ${MARKER}`);
  const gone = await createStation(t, a, `Revoked ${MARKER}`);
  const revoke = await t.app.inject({ method: 'DELETE', url: `/api/stations/${gone.id}`, headers: a.auth });
  if (revoke.statusCode !== 200) throw new Error(`revoke: ${revoke.body}`);
  // A synced punch the server refused (an "out" with no open shift): a conflict naming the victim.
  const conflict = await t.app.inject({
    method: 'POST',
    url: '/api/punches/sync',
    headers: { authorization: `Station ${station.token}` },
    payload: {
      punches: [
        {
          client_id: `seedconflict${Date.now()}`,
          kind: 'out',
          employee_id: victim.code,
          device_time: new Date().toISOString(),
        },
      ],
    },
  });
  if (conflict.json().results?.[0]?.status !== 'conflict') throw new Error(`conflict: ${conflict.body}`);
  const conflictLog = await t.db
    .selectFrom('activity_logs')
    .select('id')
    .where('account_id', '=', a.accountId)
    .where('action', '=', 'punch.conflict')
    .executeTakeFirstOrThrow();
  // A token that was valid once: log in, log out, keep it.
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: a.email, password: a.password },
  });
  const revoked = { authorization: `Bearer ${login.json().access_token}` };
  const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: revoked });
  if (out.statusCode !== 200) throw new Error(`logout: ${out.body}`);
  // A department of A beside the victim's, with its own employee and punch, and an administrator of it alone.
  const ownDept = await createDepartment(t, a, { dp_name: 'Scoped Own' });
  const ownEmployee = await createEmployee(t, a, { name: 'Own Person', department_id: ownDept.id });
  await insertPunch(t, a.accountId, ownEmployee.id, {
    time_in: '2026-01-06T09:00:00.000Z',
    time_out: '2026-01-06T17:00:00.000Z',
  });
  const scoped = await scopedAdministrator(t, a, ownDept.id);
  return {
    a,
    b,
    ids: {
      departmentId: dept.id,
      spareDepartmentId: spare.id,
      victimRef: victim.id,
      victimCode: victim.code,
      victimPunchId: punch.id,
      fieldId: field.json().data.id,
      stationId: station.id,
      spareStationId: spareStation.id,
      faqId: faq.json().data.id,
      apiKeyId: apiKey.json().data.id,
      conflictId: conflictLog.id,
    },
    employee,
    employeePassword,
    station: { ...station, auth: { authorization: `Station ${station.token}` } },
    revoked,
    revokedStationId: gone.id,
    scoped,
  };
}

/** A multipart/form-data body with one file and some text fields. */
export function multipart(
  field: string,
  fileName: string,
  type: string,
  content: Buffer,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----proof${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An answer that leaks how the server is built: stack frames or source file paths. */
export function leaksInternals(body: string): boolean {
  return /\bat [\w$.<>]+ \(|\bat (?:file:\/\/)?\/[\w/.-]+:\d+|\/(?:src|node_modules|work)\/[\w/.-]+\.(?:ts|js)\b|\.ts:\d+/.test(
    body,
  );
}
