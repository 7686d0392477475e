import { messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  insertPunch,
} from './factories';
import { lastLinkTo, useTestApp } from './helper';

/**
 * Department-scoped administrators (issue 13) on both databases: an administrator invited for chosen
 * departments sees and changes only those departments' employees, punches, badges, reports and dashboard;
 * another department's ids answer 404 as if they did not exist, and account setup answers 403.
 */
const t = useTestApp();
type Who = { auth: Record<string, string> };
const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.auth ?? {},
    payload: payload as object,
  });

let owner: Account;
let other: Account;
let scoped: Who;
let scopedId: number;
const dept = { warehouse: 0, office: 0, foreign: 0 };
const emp = { packer: 0, clerk: 0 };
const punch = { packer: 0, clerk: 0 };

/** Invites an administrator, sets their password through the mailed link, and logs them in. */
async function inviteAndLogIn(by: Account, body: Record<string, unknown>): Promise<Who & { id: number }> {
  const res = await call(by, 'POST', '/api/administrators', body);
  expect(res.statusCode, res.body).toBe(201);
  const email = String(body.email);
  const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
  const password = 'scoped admin pass 7';
  const set = await call(null, 'POST', '/password-update', {
    ...link,
    password,
    password_confirmation: password,
  });
  expect(set.statusCode, set.body).toBe(200);
  const login = await call(null, 'POST', '/api/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  return { id: res.json().data.id, auth: { authorization: `Bearer ${login.json().access_token}` } };
}

beforeAll(async () => {
  owner = await createAccount(t);
  other = await createAccount(t);
  expect((await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' })).statusCode).toBe(200);
  dept.warehouse = (await createDepartment(t, owner, { dp_name: 'Warehouse' })).id;
  dept.office = (await createDepartment(t, owner, { dp_name: 'Office' })).id;
  dept.foreign = (await createDepartment(t, other, { dp_name: 'Elsewhere' })).id;
  emp.packer = (await createEmployee(t, owner, { name: 'Pat Packer', department_id: dept.warehouse })).id;
  emp.clerk = (await createEmployee(t, owner, { name: 'Cleo Clerk', department_id: dept.office })).id;
  // Both clocked in an hour ago (open shifts), and a closed punch yesterday each.
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  for (const who of ['packer', 'clerk'] as const) {
    await insertPunch(t, owner.accountId, emp[who], { time_in: hourAgo });
    punch[who] = (
      await insertPunch(t, owner.accountId, emp[who], {
        time_in: new Date(Date.now() - 26 * 3_600_000).toISOString(),
        time_out: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      })
    ).id;
  }
  const invited = await inviteAndLogIn(owner, {
    name: 'Wanda Warehouse',
    email: `wanda${Date.now()}@example.com`,
    access: 'departments',
    department_ids: [dept.warehouse],
  });
  scoped = invited;
  scopedId = invited.id;
});

describe('department-scoped administrators', () => {
  it('are listed with their departments, here and in the Administrator List report', async () => {
    const rows = (await call(owner, 'GET', '/api/administrators')).json().data;
    expect(rows[1]).toMatchObject({
      id: scopedId,
      access: 'departments',
      permissions: 'Departments',
      departments: 'Warehouse',
      department_ids: [dept.warehouse],
    });
    expect(rows[0]).toMatchObject({
      role: 'Owner',
      access: 'full',
      departments: 'All',
      department_ids: null,
    });
    const report = await call(owner, 'POST', '/getdata', {
      reportname: 'Administrator List',
      user_id: owner.userId,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain('Warehouse');
  });

  it('see only their departments’ employees, in the list, the search, its count and one by one', async () => {
    const list = await call(scoped, 'GET', '/api/employees');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().data.map((e: { id: number }) => e.id),
      list.body.slice(0, 400),
    ).toEqual([emp.packer]);
    expect(list.json().total).toBe(1);
    const search = await call(scoped, 'POST', '/api/search', { query: '', status: 'All' });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().employees.map((e: { id: number }) => e.id)).toEqual([emp.packer]);
    expect(search.json().total).toBe(1);
    const named = await call(scoped, 'POST', '/api/search', { query: 'Cleo', status: 'All' });
    expect(named.json().total).toBe(0);
    expect((await call(scoped, 'GET', `/api/employees/${emp.packer}`)).statusCode).toBe(200);
    const hidden = await call(scoped, 'GET', `/api/employees/${emp.clerk}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(messages.employees.notFound);
    // The owner still sees everyone.
    expect((await call(owner, 'GET', '/api/employees')).json().total).toBe(2);
  });

  it('change only their departments’ employees; another department’s answer 404 and stay as they were', async () => {
    const put = await call(scoped, 'PUT', `/employees/${emp.clerk}`, {
      name: 'Hacked',
      employee_id: 'HACK',
      department_id: dept.warehouse,
    });
    expect(put.statusCode, put.body).toBe(404);
    const del = await call(scoped, 'DELETE', `/employees/${emp.clerk}`);
    expect(del.statusCode, del.body).toBe(404);
    const bulk = await call(scoped, 'POST', `/allemployees?emp_id[]=[${emp.packer},${emp.clerk}]`);
    expect(bulk.statusCode, bulk.body).toBe(404);
    const clerk = (await call(owner, 'GET', `/api/employees/${emp.clerk}`)).json().data;
    expect(clerk).toMatchObject({ name: 'Cleo Clerk', deleted_at: null });
    // Moving their own employee into another department, or adding one there, is refused as an unknown department.
    const move = await call(scoped, 'PUT', `/employees/${emp.packer}`, {
      name: 'Pat Packer',
      employee_id: 'PP1',
      department_id: dept.office,
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().message).toBe(messages.people.departmentNotFound);
    const add = await call(scoped, 'POST', '/employees', {
      name: 'New Office',
      employee_id: `NO${Date.now()}`,
      department_id: dept.office,
    });
    expect(add.statusCode).toBe(422);
    const ok = await call(scoped, 'POST', '/employees', {
      name: 'New Packer',
      employee_id: `NP${Date.now()}`,
      department_id: dept.warehouse,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await call(owner, 'GET', '/api/employees')).json().total).toBe(3);
  });

  it('see and fix only their departments’ punches', async () => {
    expect((await call(scoped, 'GET', `/api/manual-punches/${emp.packer}`)).statusCode).toBe(200);
    expect((await call(scoped, 'GET', `/api/manual-punches/${emp.clerk}`)).statusCode).toBe(404);
    const body = { date: '2026-01-05', time_in: '09:00', time_out: '10:00', type: 'None', deduction: 'Auto' };
    const theirs = await call(scoped, 'POST', '/api/manual-punches', { ...body, employee_id: emp.clerk });
    expect(theirs.statusCode, theirs.body).toBe(404);
    const mine = await call(scoped, 'POST', '/api/manual-punches', { ...body, employee_id: emp.packer });
    expect(mine.statusCode, mine.body).toBe(201);
    const edit = await call(scoped, 'PUT', `/api/manual-punches/${punch.clerk}`, {
      ...body,
      employee_id: emp.clerk,
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(messages.punches.dataNotFound);
    expect((await call(scoped, 'DELETE', `/api/manual-punches/${punch.clerk}`)).statusCode).toBe(404);
    const left = await t.db
      .selectFrom('punches')
      .select(['deleted_at', 'time_in'])
      .where('id', '=', punch.clerk)
      .executeTakeFirstOrThrow();
    expect(left.deleted_at).toBeNull();
    // A deleted employee of their department: their punches are still corrected there, not another department's.
    const gone = (await createEmployee(t, owner, { name: 'Gil Gone', department_id: dept.warehouse })).id;
    const made = await call(owner, 'POST', '/api/manual-punches', { ...body, employee_id: gone });
    expect(made.statusCode, made.body).toBe(201);
    expect((await call(owner, 'DELETE', `/employees/${gone}`)).statusCode).toBe(200);
    const fixed = await call(scoped, 'PUT', `/api/manual-punches/${made.json().data.id}`, {
      ...body,
      time_out: '11:00',
      employee_id: gone,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.time_out).toBe('11:00');
  });

  it('run reports and see the dashboard over their departments only', async () => {
    const list = await call(scoped, 'POST', '/getdata', {
      reportname: 'Employee List',
      user_id: owner.userId,
    });
    expect(list.statusCode, list.body).toBe(200);
    const text = JSON.stringify(list.json());
    expect(text).toContain('Pat Packer');
    expect(text).not.toContain('Cleo Clerk');
    const byEmployee = await call(scoped, 'POST', '/getdata', {
      reportname: 'Employee Details',
      employee_id: emp.clerk,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    expect(byEmployee.statusCode, byEmployee.body).toBe(404);
    const byDept = await call(scoped, 'POST', '/getdata', {
      reportname: 'Department Members',
      user_id: owner.userId,
      department_id: dept.office,
    });
    expect(byDept.statusCode).toBe(404);
    // Reports over the whole account (administrators, stations) are not theirs.
    for (const reportname of ['Administrator List', 'device-status']) {
      const res = await call(scoped, 'POST', '/getdata', { reportname, user_id: owner.userId });
      expect(res.statusCode, reportname).toBe(403);
      expect(res.json().message).toBe(messages.reports.accountWide);
    }
    expect(
      (await call(owner, 'POST', '/getdata', { reportname: 'device-status', user_id: owner.userId }))
        .statusCode,
    ).toBe(200);
    const dash = await call(scoped, 'GET', '/api/dashboard');
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json().in_now.map((s: { name: string }) => s.name)).toEqual(['Pat Packer']);
    expect(dash.json().hours_by_department.map((d: { department: string }) => d.department)).toEqual([
      'Warehouse',
    ]);
    expect((await call(owner, 'GET', '/api/dashboard')).json().in_now).toHaveLength(2);
  });

  it('see only their departments, and badges of their employees', async () => {
    const depts = await call(scoped, 'GET', '/departments');
    expect(depts.statusCode, depts.body).toBe(200);
    expect(JSON.stringify(depts.json())).toContain('Warehouse');
    expect(JSON.stringify(depts.json())).not.toContain('Office');
    expect((await call(scoped, 'GET', `/api/departments/${dept.office}`)).statusCode).toBe(404);
    expect((await call(scoped, 'GET', `/api/employees/qr/${emp.packer}`)).statusCode).toBe(200);
    expect((await call(scoped, 'GET', `/api/employees/qr/${emp.clerk}`)).statusCode).toBe(404);
    expect((await call(scoped, 'GET', `/api/employees/print/${emp.clerk}`)).statusCode).toBe(404);
    expect((await call(scoped, 'POST', `/api/employees/${emp.clerk}/regenerate-badge`)).statusCode).toBe(404);
  });

  it('cannot set up the account: departments, settings, API keys, administrators, plan, logs, import', async () => {
    const refused: [string, string, unknown?][] = [
      ['POST', '/departments', { dp_name: 'Sneaky' }],
      ['PUT', `/departments/${dept.warehouse}`, { dp_name: 'Renamed' }],
      ['POST', '/api/settings', { account_company_name: 'Mine now' }],
      ['GET', '/api/apikeys'],
      ['POST', '/api/administrators', { name: 'Friend', email: `friend${Date.now()}@example.com` }],
      ['PUT', `/api/administrators/${scopedId}`, { access: 'full' }],
      ['PUT', '/api/account/plan', { plan: 'enterprise' }],
      ['GET', '/api/activity-logs'],
      ['GET', '/api/stations'],
      ['GET', '/api/punch-conflicts'],
      ['POST', '/api/fields', { field_name: 'Badge colour', field_type: 'text' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(scoped, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    const imp = await t.app.inject({
      method: 'POST',
      url: '/employees/import',
      headers: { ...scoped.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName\r\n--x--\r\n',
    });
    expect(imp.statusCode).toBe(403);
    expect(imp.json().message).toBe(messages.account.scopedCannotImport);
  });

  it('take a change of access on their next call; the owner keeps full access', async () => {
    const wider = await call(owner, 'PUT', `/api/administrators/${scopedId}`, {
      access: 'departments',
      department_ids: [dept.warehouse, dept.office],
    });
    expect(wider.statusCode, wider.body).toBe(200);
    expect(wider.json()).toMatchObject({
      message: messages.account.adminAccessChanged,
      data: { departments: 'Office, Warehouse' },
    });
    expect((await call(scoped, 'GET', `/api/employees/${emp.clerk}`)).statusCode).toBe(200);
    const full = await call(owner, 'PUT', `/api/administrators/${scopedId}`, { access: 'full' });
    expect(full.json().data).toMatchObject({ access: 'full', permissions: 'Full', departments: 'All' });
    expect((await call(scoped, 'GET', '/api/apikeys')).statusCode).toBe(200);
    const back = await call(owner, 'PUT', `/api/administrators/${scopedId}`, {
      access: 'departments',
      department_ids: [dept.warehouse],
    });
    expect(back.statusCode).toBe(200);
    expect((await call(scoped, 'GET', `/api/employees/${emp.clerk}`)).statusCode).toBe(404);
    const demote = await call(owner, 'PUT', `/api/administrators/${owner.userId}`, {
      access: 'departments',
      department_ids: [dept.warehouse],
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe(messages.account.ownerKeepsFullAccess);
    const log = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('account_id', '=', owner.accountId)
      .where('action', '=', 'administrator.access_changed')
      .execute();
    expect(log).toHaveLength(3);
  });

  it('refuse another account’s departments or administrators, and bad input, with a message', async () => {
    const foreign = await call(owner, 'PUT', `/api/administrators/${scopedId}`, {
      access: 'departments',
      department_ids: [dept.foreign],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(messages.account.adminDepartmentNotFound);
    expect((await call(other, 'PUT', `/api/administrators/${scopedId}`, { access: 'full' })).statusCode).toBe(
      404,
    );
    for (const payload of [
      { access: 'departments', department_ids: [] },
      { access: 'departments' },
      { access: 'god' },
      { access: 'departments', department_ids: ['x'] },
      { access: 'departments', department_ids: [1.5] },
      // Past PostgreSQL's integer: refused before the database (a 500 there before).
      { access: 'departments', department_ids: [2 ** 31] },
      { access: 'departments', department_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { access: 'full\u0000' },
      { access: null },
    ]) {
      const res = await call(owner, 'PUT', `/api/administrators/${scopedId}`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const invite = await call(owner, 'POST', '/api/administrators', {
      name: 'No Departments',
      email: `nodept${Date.now()}@example.com`,
      access: 'departments',
      department_ids: [],
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().message).toBe('Choose at least one department.');
    // Nothing changed: still the warehouse only.
    const rows = (await call(owner, 'GET', '/api/administrators')).json().data;
    expect(rows.find((r: { id: number }) => r.id === scopedId).department_ids).toEqual([dept.warehouse]);
  });

  it('an employee login is unaffected and still reaches only its own record', async () => {
    const worker = await createEmployeeLogin(t, owner, { department_id: dept.office });
    expect((await call(worker, 'GET', '/api/employees')).statusCode).toBe(403);
    expect((await call(worker, 'GET', `/api/manual-punches/${worker.id}`)).statusCode).toBe(200);
  });
});
