import { REPORTS } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';

/**
 * The remaining reports on both databases, against figures worked out by hand (UTC account, Auto deductions).
 * The period Thu 2026-01-29 .. Tue 2026-02-03 crosses a month end (Jan 31 is a Saturday, Feb 1 a Sunday).
 *
 * Dana (Ops, $20.00/h):
 *   Thu Jan 29 09:00–17:00          → 480 min, $160.00
 *   Sat Jan 31 10:00–14:00          → 240 min,  $80.00
 *   Sun Feb 1  10:00–12:00          → 120 min,  $40.00
 *   Mon Feb 2  09:00–17:00, Auto lunch 12:00–13:00 → worked 480, deducted 60, paid 420 → 420 × 20 / 60 = $140.00
 *   Tue Feb 3  09:00–13:00          → 240 min,  $80.00
 *   sums: worked 1560, deducted 60, paid 1500, $500.00, 5 days
 * Eli (Ops, $15.00/h, deleted after his punches, i.e. mid-period):
 *   Fri Jan 30 08:00–12:00 → 240 min, $60.00;  Mon Feb 2 08:00–10:00 → 120 min, $30.00
 * Finn (Site, excluded from reports, $30.00/h): Thu Jan 29 09:00–10:00 → in no time report
 * Ops together: worked 1920, deducted 60, paid 1860, $590.00, 7 days.
 */
const t = useTestApp();
let a: Account;
let other: Account;
const ids = { dana: 0, eli: 0, finn: 0, ops: 0, site: 0, empty: 0 };

const run = (who: { auth: Record<string, string> }, body: object) =>
  t.app.inject({ method: 'POST', url: '/getdata', headers: who.auth, payload: body });
const ok = async (body: object) => {
  const res = await run(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const period = { start_date: '2026-01-29', end_date: '2026-02-03' };
const settings = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/settings', headers: a.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
type R = Record<string, unknown>;

beforeAll(async () => {
  a = await createAccount(t);
  other = await createAccount(t);
  ids.ops = (await createDepartment(t, a, { dp_name: 'Ops' })).id;
  ids.site = (await createDepartment(t, a, { dp_name: 'Site', exclude_from_reports: true })).id;
  ids.empty = (await createDepartment(t, a, { dp_name: 'Empty' })).id;
  ids.dana = (await createEmployee(t, a, { name: 'Dana', department_id: ids.ops, hourly_rate: '20' })).id;
  ids.eli = (await createEmployee(t, a, { name: 'Eli', department_id: ids.ops, hourly_rate: '15' })).id;
  ids.finn = (await createEmployee(t, a, { name: 'Finn', department_id: ids.site, hourly_rate: '30' })).id;
  const manual = async (employee: number, date: string, time_in: string, time_out: string, type = 'None') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: a.auth,
      payload: { employee_id: employee, date, time_in, time_out, type, deduction: 'Auto' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await manual(ids.dana, '2026-01-29', '09:00', '17:00');
  await manual(ids.dana, '2026-01-31', '10:00', '14:00');
  await manual(ids.dana, '2026-02-01', '10:00', '12:00');
  await manual(ids.dana, '2026-02-02', '09:00', '17:00');
  await manual(ids.dana, '2026-02-02', '12:00', '13:00', 'Lunch');
  await manual(ids.dana, '2026-02-03', '09:00', '13:00');
  await manual(ids.eli, '2026-01-30', '08:00', '12:00');
  await manual(ids.eli, '2026-02-02', '08:00', '10:00');
  await manual(ids.finn, '2026-01-29', '09:00', '10:00');
  const gone = await t.app.inject({ method: 'DELETE', url: `/employees/${ids.eli}`, headers: a.auth });
  expect(gone.statusCode).toBe(200);
});

describe('POST /getdata: the remaining reports', () => {
  it('Weekly Summary: weeks start on Monday by default, on Sunday or Saturday when the account says so', async () => {
    const weeks = async () => {
      const body = await ok({ reportname: 'Weekly Summary', ...period });
      return {
        rows: body.data.map((r: R) => [
          r.name,
          r.week_start,
          r.days,
          r.worked,
          r.deducted,
          r.paid,
          r.earnings,
        ]),
        totals: body.totals,
      };
    };
    // Monday weeks: Jan 26 – Feb 1 holds Dana's Jan 29, 31, Feb 1 (480 + 240 + 120 = 840, $280.00) and Eli's
    // Jan 30; Feb 2 – 8 holds Dana's Feb 2, 3 (worked 720, deducted 60, paid 660, $220.00) and Eli's Feb 2.
    expect((await settings({})).week_start).toBe('Monday');
    const monday = await weeks();
    expect(monday.rows).toEqual([
      ['Dana', '2026-01-26', 3, 840, 0, 840, 28000],
      ['Dana', '2026-02-02', 2, 720, 60, 660, 22000],
      ['Eli', '2026-01-26', 1, 240, 0, 240, 6000],
      ['Eli', '2026-02-02', 1, 120, 0, 120, 3000],
    ]);
    expect(monday.totals).toMatchObject({ days: 7, worked: 1920, deducted: 60, paid: 1860, earnings: 59000 });

    // Sunday weeks: Jan 25 – 31 holds Dana's Jan 29, 31 (720, $240.00); Feb 1 – 7 holds Feb 1, 2, 3
    // (worked 120 + 480 + 240 = 840, deducted 60, paid 780, $40 + $140 + $80 = $260.00).
    expect((await settings({ week_start: 'Sunday' })).week_start).toBe('Sunday');
    expect((await weeks()).rows).toEqual([
      ['Dana', '2026-01-25', 2, 720, 0, 720, 24000],
      ['Dana', '2026-02-01', 3, 840, 60, 780, 26000],
      ['Eli', '2026-01-25', 1, 240, 0, 240, 6000],
      ['Eli', '2026-02-01', 1, 120, 0, 120, 3000],
    ]);

    // Saturday weeks: Jan 24 – 30 holds Dana's Jan 29 only; Jan 31 – Feb 6 holds Jan 31 .. Feb 3
    // (worked 240 + 120 + 480 + 240 = 1080, paid 1020, $80 + $40 + $140 + $80 = $340.00).
    await settings({ week_start: 'Saturday' });
    expect((await weeks()).rows.filter((r: unknown[]) => r[0] === 'Dana')).toEqual([
      ['Dana', '2026-01-24', 1, 480, 0, 480, 16000],
      ['Dana', '2026-01-31', 4, 1080, 60, 1020, 34000],
    ]);
    await settings({ week_start: 'Monday' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: a.auth,
      payload: { week_start: 'Friday' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('leaves the excluded department out of the time reports and keeps the deleted employee in his period', async () => {
    const daily = await ok({ reportname: 'Daily Summary', ...period });
    const names = daily.data.map((r: R) => `${r.name} ${r.date} ${r.paid}`);
    expect(names).toEqual([
      'Dana 2026-01-29 480',
      'Dana 2026-01-31 240',
      'Dana 2026-02-01 120',
      'Dana 2026-02-02 420',
      'Dana 2026-02-03 240',
      'Eli 2026-01-30 240',
      'Eli 2026-02-02 120',
    ]);
    expect(daily.totals).toMatchObject({ worked: 1920, deducted: 60, paid: 1860, earnings: 59000 });
    const counter = await ok({ reportname: 'attendance-counter', ...period });
    expect(counter.data.map((r: R) => [r.name, r.days_present])).toEqual([
      ['Dana', 5],
      ['Eli', 2],
    ]);
    expect(counter.totals).toMatchObject({ days_present: 7 });
    // Finn's department is excluded: asking for him directly answers nothing, not an error.
    expect((await ok({ reportname: 'Daily Summary', ...period, employee_id: ids.finn })).data).toEqual([]);
  });

  it('Department Summary: per department employees, worked and paid hours and earnings, with totals', async () => {
    // Ops: Dana and Eli (deleted, but with time in the period) → 2; worked 1920, paid 1860, $590.00.
    // Empty: no one. Site: excluded from reports, so not listed.
    const body = await ok({ reportname: 'Department Summary', ...period });
    expect(body.data.map((r: R) => [r.dp_name, r.total_employees, r.worked, r.paid, r.earnings])).toEqual([
      ['Empty', 0, 0, 0, 0],
      ['Ops', 2, 1920, 1860, 59000],
    ]);
    expect(body.totals).toMatchObject({ total_employees: 2, worked: 1920, paid: 1860, earnings: 59000 });
    // Feb 3 alone: only Dana's 09:00–13:00 (240 min, $80.00); Eli, deleted and without time then, is not counted.
    const one = await ok({
      reportname: 'department-summary',
      start_date: '2026-02-03',
      end_date: '2026-02-03',
    });
    expect(one.report).toBe('department-summary');
    expect(one.data.find((r: R) => r.dp_name === 'Ops')).toMatchObject({
      total_employees: 1,
      worked: 240,
      paid: 240,
      earnings: 8000,
    });
    expect((await run(a, { reportname: 'Department Summary' })).statusCode).toBe(400);
  });

  it('Weekday Summary: per employee Monday to Sunday, days worked, paid hours and earnings', async () => {
    const body = await ok({ reportname: 'Weekday Summary', ...period });
    expect(body.data.map((r: R) => [r.name, r.weekday, r.days, r.paid, r.earnings])).toEqual([
      ['Dana', 'Monday', 1, 420, 14000],
      ['Dana', 'Tuesday', 1, 240, 8000],
      ['Dana', 'Thursday', 1, 480, 16000],
      ['Dana', 'Saturday', 1, 240, 8000],
      ['Dana', 'Sunday', 1, 120, 4000],
      ['Eli', 'Monday', 1, 120, 3000],
      ['Eli', 'Friday', 1, 240, 6000],
    ]);
    expect(body.totals).toMatchObject({ days: 7, paid: 1860, earnings: 59000 });
  });

  it("Employee Details: one employee's days with totals; another account's employee is 404", async () => {
    const body = await ok({ reportname: 'Employee Details', ...period, employee_id: ids.dana });
    expect(body.data.map((r: R) => [r.date, r.worked, r.deducted, r.paid, r.earnings])).toEqual([
      ['2026-01-29', 480, 0, 480, 16000],
      ['2026-01-31', 240, 0, 240, 8000],
      ['2026-02-01', 120, 0, 120, 4000],
      ['2026-02-02', 480, 60, 420, 14000],
      ['2026-02-03', 240, 0, 240, 8000],
    ]);
    expect(body.totals).toMatchObject({ worked: 1560, deducted: 60, paid: 1500, earnings: 50000 });
    // Eli left mid-period: his details still answer (240 × 15 / 60 = 6,000; 120 × 15 / 60 = 3,000).
    const left = await ok({ reportname: 'Employee Details', ...period, employee_id: ids.eli });
    expect(left.data.map((r: R) => [r.date, r.paid, r.earnings])).toEqual([
      ['2026-01-30', 240, 6000],
      ['2026-02-02', 120, 3000],
    ]);
    expect((await run(a, { reportname: 'Employee Details', ...period })).statusCode).toBe(400);
    const theirs = await run(other, { reportname: 'Employee Details', ...period, employee_id: ids.dana });
    expect(theirs.statusCode).toBe(404);
  });

  it('Attendance Only: presence with first in and last out, and zero hours in the Daily Summary', async () => {
    const day = { start_date: '2026-02-02', end_date: '2026-02-02' };
    await settings({ attendance_mode: 'Attendance Only' });
    try {
      const daily = await ok({ reportname: 'Daily Summary', ...day });
      expect(daily.data.map((r: R) => [r.name, r.worked, r.deducted, r.paid, r.earnings])).toEqual([
        ['Dana', 0, 0, 0, 0],
        ['Eli', 0, 0, 0, 0],
      ]);
      const only = await ok({ reportname: 'attendance-only', ...day });
      expect(only.data.map((r: R) => [r.name, r.first_in, r.last_out])).toEqual([
        ['Dana', '2026-02-02T09:00:00.000Z', '2026-02-02T17:00:00.000Z'],
        ['Eli', '2026-02-02T08:00:00.000Z', '2026-02-02T10:00:00.000Z'],
      ]);
      expect(only.columns.map((c: { key: string }) => c.key)).not.toContain('paid');
    } finally {
      await settings({ attendance_mode: 'Attendance and Time Tracking' });
    }
  });

  it("runs an employee's own reports over themself only, and answers 403 to the managers' ones", async () => {
    const worker = await createEmployeeLogin(t, a, { name: 'Wren', department_id: ids.site, run_reports: 1 });
    const res = await run(worker, { reportname: 'Daily Summary', ...period });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.every((r: R) => r.name === 'Wren')).toBe(true);
    expect((await run(worker, { reportname: 'admin-list' })).statusCode).toBe(403);
  });

  it('runs each simple report by its name', async () => {
    await createStation(t, a, 'Front door');
    // Dana clocked in a minute ago (never before today's midnight UTC): In now, and Present today.
    const now = Date.now();
    const since = new Date(
      Math.max(now - 60_000, Date.parse(new Date(now).toISOString().slice(0, 10))),
    ).toISOString();
    await insertPunch(t, a.accountId, ids.dana, { time_in: since, source: 'station' });
    const rows = async (reportname: string, extra: object = {}) => {
      const body = await ok({ reportname, ...extra });
      expect(body.report).toBe(reportname);
      return body.data as R[];
    };

    expect(await rows('admin-list')).toEqual([
      expect.objectContaining({ email: a.email, permissions: 'Full', departments: 'All' }),
    ]);
    expect((await rows('department-list')).map((r) => r.dp_name)).toEqual(['Empty', 'Ops', 'Site']);
    expect((await rows('department-members', { department_id: ids.ops })).map((r) => r.name)).toEqual([
      'Dana',
    ]);
    expect((await run(a, { reportname: 'department-members' })).statusCode).toBe(400);
    expect((await rows('department-summary', period)).map((r) => r.dp_name)).toEqual(['Empty', 'Ops']);
    expect((await rows('attendance-counter', period)).map((r) => r.days_present)).toEqual([5, 2]);
    expect((await rows('attendance-only', period)).length).toBe(7);
    expect((await rows('device-status')).map((r) => [r.name, r.revoked_at])).toEqual([['Front door', null]]);
    // Who is in now: current employees of departments in reports (Eli is deleted, Finn's department excluded).
    expect((await rows('employee-status')).map((r) => [r.name, r.status, r.since])).toEqual([
      ['Dana', 'In', since],
    ]);
    expect((await rows('daily-attendance')).map((r) => [r.name, r.status, r.first_in])).toEqual([
      ['Dana', 'Present', since],
    ]);
    expect(await rows('daily-attendance', { department_id: ids.empty })).toEqual([]);
  });

  it('runs and exports every report of the contract list (the registry serves exactly those names)', async () => {
    for (const r of REPORTS) {
      const body = { reportname: r.name, ...period, employee_id: ids.dana, department_id: ids.ops };
      const screen = await run(a, body);
      expect(screen.statusCode, `${r.name}: ${screen.body}`).toBe(200);
      for (const format of ['csv', 'xlsx']) {
        const file = await run(a, { ...body, format });
        expect(file.statusCode, `${r.name} ${format}: ${file.body}`).toBe(200);
      }
    }
    // Every report three times (screen, CSV, XLSX): on PostgreSQL beside other runs it passed 30 s.
  }, 90_000);
});
