import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { lastLinkTo, signUp, useTestApp, type Session } from './helper';

const t = useTestApp();

const call = (s: Session, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: s.auth, ...(payload ? { payload } : {}) });

async function department(s: Session) {
  const res = await call(s, 'POST', '/departments', {
    dp_name: `D${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const stored = (id: number) =>
  t.db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('permission hierarchy on save', () => {
  it('stores an option off while its group (Site Login, App Login, Send Email Notification) is off', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const res = await call(s, 'POST', '/employees', {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: false,
      create_time_entries: true,
      run_reports: true,
      permission_app: false,
      solo_mode: true,
      email_notification: false,
      send_check_in_notification: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data).toMatchObject({ create_time_entries: false, solo_mode: false });
    expect(await stored(id)).toMatchObject({
      create_time_entries: 0,
      run_reports: 0,
      solo_mode: 0,
      send_check_in_notification: 0,
    });

    // With the groups on, the options are kept; turning a group off later (other flags absent) clears them.
    const on = await call(s, 'PUT', `/employees/${id}`, {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: true,
      create_time_entries: true,
      permission_app: true,
      solo_mode: true,
      email_notification: true,
      send_check_in_notification: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      create_time_entries: 1,
      solo_mode: 1,
      send_check_in_notification: 1,
    });
    const off = await call(s, 'PUT', `/employees/${id}`, {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: false,
      permission_app: false,
      email_notification: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      create_time_entries: 0,
      solo_mode: 0,
      send_check_in_notification: 0,
    });
  });
});

describe('access', () => {
  it("answers 403 to an employee's own login on every people route, and changes nothing", async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const email = `own${Date.now()}@example.com`;
    const created = await call(s, 'POST', '/employees', {
      name: 'Own',
      department_id: dep,
      employee_id: 'O1',
      email,
      permission_site: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const q = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...q, password: 'own pass 123', password_confirmation: 'own pass 123' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'own pass 123' },
    });
    const me: Session = { ...s, auth: { authorization: `Bearer ${login.json().access_token}` } };
    const body = { name: 'X', department_id: dep, employee_id: 'X1' };
    for (const [method, url, payload] of [
      ['GET', '/api/employees'],
      ['GET', `/api/employees/${id}`],
      ['POST', '/api/search', { query: '' }],
      ['POST', '/employees', body],
      ['PUT', `/employees/${id}`, body],
      ['DELETE', `/employees/${id}`],
      ['POST', '/allemployees?emp_id[]=[1]'],
      // GET /api/employees/qr/{own id} is the employee's own badge (the QR page): test/portal.test.ts.
      ['GET', `/api/employees/print/${id}`],
      ['POST', `/api/employees/${id}/regenerate-badge`],
      ['GET', '/employees/imported'],
      ['GET', '/employees/export'],
      ['GET', '/departments'],
      ['GET', `/api/departments/${dep}`],
      ['POST', '/departments', { dp_name: 'Mine' }],
      ['DELETE', `/departments/${dep}`],
      ['GET', '/api/fields'],
      ['POST', '/api/fields', { field_name: 'F', field_type: 'text' }],
    ] as [string, string, object?][]) {
      const res = await call(me, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(messages.general.forbidden);
    }
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(1);
    expect((await call(s, 'GET', '/departments')).json()).toHaveLength(1);
  });
});

describe('activity log', () => {
  it('writes no entry when the change is refused, and one entry with each change', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const entries = async () =>
      (await t.db.selectFrom('activity_logs').select('action').orderBy('id').execute()).map((r) => r.action);
    const before = await entries();
    const body = { name: 'A', department_id: dep, employee_id: 'A1' };
    expect((await call(s, 'POST', '/employees', body)).statusCode).toBe(201);
    expect((await call(s, 'POST', '/employees', body)).statusCode).toBe(409);
    expect((await entries()).slice(before.length)).toEqual(['employee.created']);
  });
});
