import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
} from './factories';
import { useTestApp } from './helper';

/**
 * The employee portal's calls on both databases: every permission flag both ways over the API (the same
 * employee with the flag on, then off), the employee's own reports through POST /getdata (forced to
 * themself), and their badge QR.
 */
const t = useTestApp();

const ALL_ON = {
  permission_site: 1,
  punch_in_out: 1,
  create_time_entries: 1,
  edit_time_entries: 1,
  run_reports: 1,
  view_gps_location: 1,
  view_pay_information: 1,
};
type Flag = Exclude<keyof typeof ALL_ON, 'permission_site'>;

interface Login {
  id: number;
  code: string;
  email: string;
  auth: { authorization: string };
}

let a: Account;
let departmentId: number;
let me: Login;
const record = () => ({
  name: 'Morgan Own',
  employee_id: me.code,
  department_id: departmentId,
  email: me.email,
});

/** Switches one flag of the employee (the manager's PUT /employees/{id}); the login stays valid. */
async function setFlag(flag: Flag, on: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/employees/${me.id}`,
    headers: a.auth,
    payload: { ...record(), ...ALL_ON, [flag]: on ? 1 : 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: me.auth, ...(payload === undefined ? {} : { payload }) });

let seq = 0;
/** A closed punch of the employee, written as stored, with a position. */
async function storedPunch(day: string) {
  seq += 1;
  return t.db
    .insertInto('punches')
    .values({
      account_id: a.accountId,
      employee_ref: me.id,
      client_id: `portal${Date.now()}${seq}`,
      work_date: day,
      time_in: `${day}T09:00:00.000Z`,
      time_out: `${day}T12:00:00.000Z`,
      received_in_at: `${day}T09:00:00.000Z`,
      source: 'station',
      latitude: 52.52,
      longitude: 13.405,
      created_at: `${day}T09:00:00.000Z`,
      updated_at: `${day}T09:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  a = await createAccount(t);
  const set = await t.app.inject({
    method: 'POST',
    url: '/settings',
    headers: a.auth,
    payload: { time_zone: 'UTC', enable_gps_tracking: 1 },
  });
  expect(set.statusCode, set.body).toBe(200);
  departmentId = (await createDepartment(t, a, { dp_name: 'Portal Desk' })).id;
  me = await createEmployeeLogin(t, a, {
    name: 'Morgan Own',
    department_id: departmentId,
    hourly_rate: '20',
    ...ALL_ON,
  });
});

describe('each permission flag, on and off, over the API', () => {
  it('punch_in_out: clocks themself in and out only while on', async () => {
    await setFlag('punch_in_out', false);
    const off = await call('POST', '/api/clock-in', { employee_id: me.code, client_id: `pin${Date.now()}a` });
    expect(off.statusCode, off.body).toBe(403);
    await setFlag('punch_in_out', true);
    const on = await call('POST', '/api/clock-in', { employee_id: me.code, client_id: `pin${Date.now()}b` });
    expect(on.statusCode, on.body).toBe(200);
    const out = await call('POST', '/api/clock-out', {
      employee_id: me.code,
      client_id: `pin${Date.now()}c`,
    });
    expect(out.statusCode, out.body).toBe(200);
  });

  it('create_time_entries: adds a manual punch only while on', async () => {
    const body = { employee_id: me.id, date: '2026-01-12', time_in: '09:00', time_out: '10:00' };
    await setFlag('create_time_entries', false);
    const off = await call('POST', '/api/manual-punches', body);
    expect(off.statusCode, off.body).toBe(403);
    expect(off.json().message).toBeTruthy();
    await setFlag('create_time_entries', true);
    expect((await call('POST', '/api/manual-punches', body)).statusCode).toBe(201);
  });

  it('edit_time_entries: edits and deletes their own punch only while on', async () => {
    const { id } = await storedPunch('2026-01-13');
    const body = { employee_id: me.id, date: '2026-01-13', time_in: '08:00', time_out: '12:00' };
    await setFlag('edit_time_entries', false);
    expect((await call('PUT', `/api/manual-punches/${id}`, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/manual-punches/${id}`)).statusCode).toBe(403);
    await setFlag('edit_time_entries', true);
    expect((await call('PUT', `/api/manual-punches/${id}`, body)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/manual-punches/${id}`)).statusCode).toBe(200);
  });

  it('run_reports: runs their own report only while on', async () => {
    const body = { reportname: 'Daily Summary', start_date: '2026-01-01', end_date: '2026-01-31' };
    await setFlag('run_reports', false);
    expect((await call('POST', '/getdata', body)).statusCode).toBe(403);
    await setFlag('run_reports', true);
    expect((await call('POST', '/getdata', body)).statusCode).toBe(200);
  });

  it('view_gps_location: sees the positions of their punches only while on', async () => {
    await storedPunch('2026-01-14');
    const positions = async () =>
      (await call('GET', `/api/manual-punches/${me.id}`))
        .json()
        .data.map((p: { latitude: number | null }) => p.latitude);
    await setFlag('view_gps_location', false);
    expect((await positions()).every((l: number | null) => l === null)).toBe(true);
    await setFlag('view_gps_location', true);
    expect(await positions()).toContain(52.52);
  });

  it('view_pay_information: reads earnings only while on', async () => {
    const body = { employee_id: me.code, start_date: '2026-01-01', end_date: '2026-01-31' };
    await setFlag('view_pay_information', false);
    expect((await call('POST', '/api/with-deductions', body)).statusCode).toBe(403);
    await setFlag('view_pay_information', true);
    const on = await call('POST', '/api/with-deductions', body);
    expect(on.statusCode, on.body).toBe(200);
    // 2026-01-14: 09:00–12:00 = 180 min at $20 = $60.00.
    expect(on.json().data.earnings.daily['2026-01-14']).toBe(6000);
  });
});

describe("an employee's own reports through POST /getdata", () => {
  let other: { id: number; code: string };
  beforeAll(async () => {
    // A colleague in the same department with time in the period: never in the employee's results.
    other = await createEmployee(t, a, {
      name: 'Casey Colleague',
      department_id: departmentId,
      hourly_rate: '30',
    });
    await t.db
      .insertInto('punches')
      .values({
        account_id: a.accountId,
        employee_ref: other.id,
        client_id: `colleague${Date.now()}`,
        work_date: '2026-01-14',
        time_in: '2026-01-14T08:00:00.000Z',
        time_out: '2026-01-14T16:00:00.000Z',
        received_in_at: '2026-01-14T08:00:00.000Z',
        source: 'station',
        created_at: '2026-01-14T08:00:00.000Z',
        updated_at: '2026-01-14T08:00:00.000Z',
      })
      .execute();
    await createDepartment(t, a, { dp_name: 'Elsewhere' });
  });
  const run = (reportname: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/getdata', { reportname, start_date: '2026-01-01', end_date: '2026-01-31', ...extra });

  it('runs Activity, Daily Summary, Department Summary and Shift Details over themself only', async () => {
    const activity = await run('Activity');
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().data.length).toBeGreaterThan(0);
    expect(new Set(activity.json().data.map((r: { name: string }) => r.name))).toEqual(
      new Set(['Morgan Own']),
    );

    const daily = (await run('Daily Summary')).json();
    expect(daily.data.map((r: { employee_id: string }) => r.employee_id)).not.toContain(other.code);
    // Their own 2026-01-14 only: 180 paid minutes, $60.00 (the colleague's 8 hours are not theirs).
    expect(daily.data.find((r: { date: string }) => r.date === '2026-01-14')).toMatchObject({
      paid: 180,
      earnings: 6000,
    });

    const departments = (await run('Department Summary')).json();
    expect(departments.data).toHaveLength(1);
    expect(departments.data[0]).toMatchObject({ dp_name: 'Portal Desk', total_employees: 1 });

    const shifts = await run('shift details');
    expect(shifts.statusCode).toBe(200);
    expect(shifts.json().report).toBe('Shift Details');
    expect(shifts.json().data.every((r: { employee_id: string }) => r.employee_id === me.code)).toBe(true);

    const csv = await run('Daily Summary', { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Morgan Own');
    expect(csv.body).not.toContain('Casey Colleague');
  });

  it('leaves the pay out (columns, cells, totals and exports) without View Pay Information', async () => {
    await setFlag('view_pay_information', false);
    try {
      for (const name of ['Daily Summary', 'Department Summary']) {
        const res = await run(name);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(
          body.columns.some((c: { kind: string }) => c.kind === 'money'),
          name,
        ).toBe(false);
        expect(body.data.length, name).toBeGreaterThan(0);
        for (const row of [...body.data, body.totals ?? {}])
          expect(
            Object.keys(row).some((k) => /earnings|rate|pay/i.test(k)),
            `${name} ${JSON.stringify(row)}`,
          ).toBe(false);
        const csv = await run(name, { format: 'csv' });
        expect(csv.statusCode).toBe(200);
        expect(csv.body, name).not.toMatch(/Earnings|\$/);
      }
    } finally {
      await setFlag('view_pay_information', true);
    }
    // With it, the pay is there.
    const daily = (await run('Daily Summary')).json();
    expect(daily.columns.map((c: { key: string }) => c.key)).toContain('earnings');
  });

  it("refuses a manager's report (403 with the list they may run), another employee (404) and over 366 days (400)", async () => {
    for (const name of ['Payroll Summary', 'Employee List', 'admin-list', 'Timesheet']) {
      const res = await run(name);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toContain('Daily Summary');
    }
    const theirs = await run('Daily Summary', { employee_id: other.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBeTruthy();
    const long = await call('POST', '/getdata', {
      reportname: 'Activity',
      start_date: '2025-01-01',
      end_date: '2026-01-05',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('366');
    const unknown = await run('No Such Report');
    expect(unknown.statusCode).toBe(400);
  });

  it('lets a manager run Activity for any employee of the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: {
        reportname: 'Activity',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        employee_id: other.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ name: 'Casey Colleague', type: 'None', hours: 480, late_sync: 'No' }),
    ]);
    expect(res.json().totals).toMatchObject({ hours: 480 });
  });
});

describe('the badge QR of the QR page', () => {
  it('shows the employee their own signed badge, changes when a manager regenerates it, and hides others', async () => {
    const mine = await call('GET', `/api/employee/${me.id}/generate-qr`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ employee_id: me.code, name: 'Morgan Own' });
    expect(mine.json().qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const regen = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${me.id}/regenerate-badge`,
      headers: a.auth,
    });
    expect(regen.statusCode).toBe(200);
    const after = await call('GET', `/api/employee/${me.id}/generate-qr`);
    expect(after.json().qr_code).not.toBe(mine.json().qr_code);
    // The profile's QR (POST /api/generate-qr-code) is the same signed badge, not the bare Employee ID.
    const profile = await call('POST', '/api/generate-qr-code', {});
    expect(profile.statusCode).toBe(200);
    expect(profile.json().qr_code).toBe(after.json().qr_code);
    const someone = await createEmployee(t, a);
    expect((await call('GET', `/api/employee/${someone.id}/generate-qr`)).statusCode).toBe(404);
    const stranger: Account = await createAccount(t);
    const fromOther = await t.app.inject({
      method: 'GET',
      url: `/api/employee/${me.id}/generate-qr`,
      headers: stranger.auth,
    });
    expect(fromOther.statusCode).toBe(404);
  });
});
