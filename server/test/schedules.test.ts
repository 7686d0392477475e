import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';
import { scopedAdministrator } from './proof/world';

/**
 * Schedules on both databases (docs/RULES.md#schedules). Account a is UTC, late grace 5 and early grace 10
 * minutes (pay rules from 2026-01-01). Ops works Monday to Friday 09:00–17:00; Ben overrides it with Monday
 * 07:00–15:00 only; Site has no schedule. The week of 2026-01-05 (Monday) to 2026-01-09, worked out by hand:
 *   Ana Mon 09:04–17:00  in grace: 0 late          Ana Tue 09:12–16:45  12 late, 15 early
 *   Ana Wed 09:00–16:55  5 early, in grace: 0      Ana Thu  no punch:   absent
 *   Ana Fri 08:55–17:05  on time                   Ben Mon 09:00–17:00  120 late against his own 07:00 start
 *   Cal (Site) punches late but has no schedule: no row.
 */
const t = useTestApp();
let a: Account;
let b: Account;
const ids = { ops: 0, site: 0, ana: 0, ben: 0, cal: 0 };
const week = (
  day: { start: string; end: string } | null,
  weekend: { start: string; end: string } | null = null,
) => ({
  Sunday: weekend,
  Monday: day,
  Tuesday: day,
  Wednesday: day,
  Thursday: day,
  Friday: day,
  Saturday: weekend,
});
const NINE_TO_FIVE = week({ start: '09:00', end: '17:00' });

const put = (who: { auth: Record<string, string> }, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/schedules', headers: who.auth, payload: payload as object });
const putOwn = (who: { auth: Record<string, string> }, id: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/employees/${id}/schedule`,
    headers: who.auth,
    payload: payload as object,
  });
const list = (who: { auth: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: '/api/schedules', headers: who.auth });
const scheduleRows = async () =>
  (await t.db.selectFrom('schedules').selectAll().orderBy('id').execute()).map((r) => JSON.stringify(r));

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
  ids.ops = (await createDepartment(t, a, { dp_name: 'Ops' })).id;
  ids.site = (await createDepartment(t, a, { dp_name: 'Site' })).id;
  ids.ana = (await createEmployee(t, a, { name: 'Ana', employee_id: 'AN1', department_id: ids.ops })).id;
  ids.ben = (await createEmployee(t, a, { name: 'Ben', employee_id: 'BE1', department_id: ids.ops })).id;
  ids.cal = (await createEmployee(t, a, { name: 'Cal', employee_id: 'CA1', department_id: ids.site })).id;
  const rules = await t.app.inject({
    method: 'PUT',
    url: '/api/pay-rules',
    headers: a.auth,
    payload: {
      effective_from: '2026-01-01',
      preset: 'none',
      overrides: { late_grace_minutes: 5, early_grace_minutes: 10 },
    },
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const shifts: [number, string, string][] = [
    [ids.ana, '2026-01-05T09:04:00Z', '2026-01-05T17:00:00Z'],
    [ids.ana, '2026-01-06T09:12:00Z', '2026-01-06T16:45:00Z'],
    [ids.ana, '2026-01-07T09:00:00Z', '2026-01-07T16:55:00Z'],
    [ids.ana, '2026-01-09T08:55:00Z', '2026-01-09T17:05:00Z'],
    [ids.ben, '2026-01-05T09:00:00Z', '2026-01-05T17:00:00Z'],
    [ids.cal, '2026-01-05T11:00:00Z', '2026-01-05T17:00:00Z'],
  ];
  for (const [ref, time_in, time_out] of shifts)
    await insertPunch(t, a.accountId, ref, { time_in, time_out });
});

describe('PUT /api/schedules and /api/employees/:id/schedule', () => {
  it('refuses bad input with a 400 that says what is wrong, and changes nothing', async () => {
    const ok = await put(a, { department_id: ids.ops, days: NINE_TO_FIVE });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await scheduleRows();
    const bad: [unknown, RegExp][] = [
      [
        { department_id: ids.ops, days: week({ start: '9:00', end: '17:00' }) },
        /Monday start must be a time HH:MM/,
      ],
      [{ department_id: ids.ops, days: week({ start: '09:00', end: '24:00' }) }, /end must be a time HH:MM/],
      [
        { department_id: ids.ops, days: week({ start: '17:00', end: '09:00' }) },
        /end must be after the start/,
      ],
      [
        { department_id: ids.ops, days: week({ start: '22:00', end: '06:00' }) },
        /over midnight is not taken/,
      ],
      [{ department_id: ids.ops, days: { ...NINE_TO_FIVE, monday: null } }, /Unknown weekday: monday/],
      [{ department_id: ids.ops, days: { Monday: { start: '09:00', end: '17:00' } } }, /Tuesday must be/],
      [
        { department_id: ids.ops, days: week({ start: '09:00', end: '17:00', x: 1 } as never) },
        /Monday must be/,
      ],
      [{ department_id: 'x', days: NINE_TO_FIVE }, /department_id must be a number/],
      [{ department_id: ids.ops, days: NINE_TO_FIVE, extra: 1 }, /./],
      [{ days: NINE_TO_FIVE }, /department_id is required/],
    ];
    for (const [payload, message] of bad) {
      const res = await put(a, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatch(message);
    }
    const own = await putOwn(a, ids.ana, { days: week({ start: '10:00', end: '09:00' }) });
    expect(own.statusCode).toBe(400);
    expect(await scheduleRows()).toEqual(before);
  });

  it('keeps accounts apart, a scoped administrator to their departments, and employees out', async () => {
    // B's owner cannot set or read A's schedules: A's department and employee are not there for them.
    expect((await put(b, { department_id: ids.ops, days: NINE_TO_FIVE })).statusCode).toBe(404);
    expect((await putOwn(b, ids.ana, { days: null })).statusCode).toBe(404);
    expect((await list(b)).json()).toEqual({ departments: [], employees: [] });

    const scoped = await scopedAdministrator(t, a, ids.site);
    const before = await scheduleRows();
    expect((await put(scoped, { department_id: ids.ops, days: NINE_TO_FIVE })).statusCode).toBe(404);
    expect((await putOwn(scoped, ids.ana, { days: NINE_TO_FIVE })).statusCode).toBe(404);
    expect(await scheduleRows()).toEqual(before);

    const worker = await createEmployeeLogin(t, a, { department_id: ids.site });
    expect((await list(worker)).statusCode).toBe(403);
    expect((await put(worker, { department_id: ids.ops, days: NINE_TO_FIVE })).statusCode).toBe(403);
    expect((await putOwn(worker, worker.id, { days: null })).statusCode).toBe(403);

    // Their own department they set, and see only it; then it is cleared again (all days off).
    const site = await put(scoped, { department_id: ids.site, days: week({ start: '08:00', end: '12:00' }) });
    expect(site.statusCode, site.body).toBe(200);
    const seen = (await list(scoped)).json();
    expect(seen.departments.map((d: { department_id: number }) => d.department_id)).toEqual([ids.site]);
    expect(seen.departments[0].days.Monday).toEqual({ start: '08:00', end: '12:00' });
    await t.db.deleteFrom('schedules').where('department_id', '=', ids.site).execute();
  });

  it('answers the late, early and absent days of the week in the report; an override beats the department', async () => {
    const own = await putOwn(a, ids.ben, {
      days: { ...week(null), Monday: { start: '07:00', end: '15:00' } },
    });
    expect(own.statusCode, own.body).toBe(200);
    const listed = (await list(a)).json();
    expect(listed.employees).toEqual([
      {
        employee_ref: ids.ben,
        department_id: ids.ops,
        days: { ...week(null), Monday: { start: '07:00', end: '15:00' } },
      },
    ]);
    expect(listed.departments).toEqual([{ department_id: ids.ops, days: NINE_TO_FIVE }]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { reportname: 'Late and Absent', start_date: '2026-01-05', end_date: '2026-01-09' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const rows = body.data.map((r: Record<string, unknown>) => [
      r.name,
      r.date,
      r.scheduled_start,
      r.minutes_late,
      r.minutes_early,
      r.absent,
    ]);
    expect(rows).toEqual([
      ['Ana', '2026-01-05', '2026-01-05T09:00:00.000Z', 0, 0, 'No'],
      ['Ana', '2026-01-06', '2026-01-06T09:00:00.000Z', 12, 15, 'No'],
      ['Ana', '2026-01-07', '2026-01-07T09:00:00.000Z', 0, 0, 'No'],
      ['Ana', '2026-01-08', '2026-01-08T09:00:00.000Z', 0, 0, 'Yes'],
      ['Ana', '2026-01-09', '2026-01-09T09:00:00.000Z', 0, 0, 'No'],
      ['Ben', '2026-01-05', '2026-01-05T07:00:00.000Z', 120, 0, 'No'],
    ]);
    expect(body.totals).toMatchObject({ minutes_late: 132, minutes_early: 15, absent: '1 absent, 2 late' });

    // Clearing Ben's override puts him back on Ops's week: on time Monday, absent Tuesday to Friday.
    expect((await putOwn(a, ids.ben, { days: null })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { reportname: 'Late and Absent', start_date: '2026-01-05', end_date: '2026-01-09' },
    });
    const ben = again.json().data.filter((r: Record<string, unknown>) => r.name === 'Ben');
    expect(ben.map((r: Record<string, unknown>) => [r.minutes_late, r.absent])).toEqual([
      [0, 'No'],
      [0, 'Yes'],
      [0, 'Yes'],
      [0, 'Yes'],
      [0, 'Yes'],
    ]);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: {
        reportname: 'Late and Absent',
        start_date: '2026-01-05',
        end_date: '2026-01-09',
        format: 'csv',
      },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Minutes Late');
    expect(csv.body.split('\n').filter((l) => l.includes('Ana')).length).toBe(5);
  });

  it("counts today's late arrivals on the dashboard, apart from late syncs", async () => {
    // Account b, UTC, no pay rules (grace 0): Dee is in at 00:00 sharp (on time), Eve a minute or more after
    // (late), Fay late too but her own week has today off, Gus has not come (absent, not late).
    const dept = (await createDepartment(t, b, { dp_name: 'Always' })).id;
    const allDay = { start: '00:00', end: '23:59' };
    expect((await put(b, { department_id: dept, days: week(allDay, allDay) })).statusCode).toBe(200);
    const [dee, eve, fay] = await Promise.all(
      ['Dee', 'Eve', 'Fay', 'Gus'].map(
        async (name) => (await createEmployee(t, b, { name, department_id: dept })).id,
      ),
    );
    expect((await putOwn(b, fay, { days: week(null) })).statusCode).toBe(200);
    const now = Date.now();
    const midnight = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
    const late = new Date(Math.max(midnight + 61_000, now - 1000)).toISOString();
    await insertPunch(t, b.accountId, dee, { time_in: new Date(midnight).toISOString() });
    await insertPunch(t, b.accountId, eve, { time_in: late });
    await insertPunch(t, b.accountId, fay, { time_in: late });
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: b.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ late_arrivals_today: 1, late_syncs_today: 0 });
  });
});
