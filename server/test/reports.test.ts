import ExcelJS from 'exceljs';
import { messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createDepartment, createEmployee, insertPunch } from './factories';
import { useTestApp } from './helper';

/**
 * POST /getdata on both databases, against figures worked out by hand (UTC account; the time engine's own unit
 * tests cover zones, daylight saving and rounding rules in depth).
 *
 * Avery (Ops, $18.75/h):
 *   Mar 2: 09:00–17:00 with an Auto lunch 12:00–12:30 inside → worked 480, deducted 30, paid 450 → $140.63
 *          (gross 480 min = $150.00, deduction $9.37)
 *   Mar 3: 08:57–17:02 → 485 min → 485 × 18.75 / 60 = $151.5625 → $151.56; with 10-minute rounding 09:00–17:00 = $150.00
 *   Mar 4: clocked in 09:00, never out → an open shift, never paid
 * Blake (Ops, $20.00/h, deleted after the period): Mar 2 10:00–12:00 → 120 min → $40.00
 * Casey (Site, excluded from reports, $30.00/h): Mar 2 09:00–10:00 → in no time report
 */
const t = useTestApp();
let a: Account;
let other: Account;
const ids = { avery: 0, blake: 0, casey: 0, ops: 0 };

const run = (who: Account, body: object) =>
  t.app.inject({ method: 'POST', url: '/getdata', headers: who.auth, payload: body });
const period = { start_date: '2026-03-02', end_date: '2026-03-04' };

beforeAll(async () => {
  a = await createAccount(t);
  other = await createAccount(t);
  ids.ops = (await createDepartment(t, a, { dp_name: 'Ops' })).id;
  const site = (await createDepartment(t, a, { dp_name: 'Site', exclude_from_reports: true })).id;
  ids.avery = (
    await createEmployee(t, a, { name: 'Avery', department_id: ids.ops, hourly_rate: '18.75' })
  ).id;
  ids.blake = (await createEmployee(t, a, { name: 'Blake', department_id: ids.ops, hourly_rate: '20' })).id;
  ids.casey = (await createEmployee(t, a, { name: 'Casey', department_id: site, hourly_rate: '30.00' })).id;
  const manual = async (employee: number, date: string, time_in: string, time_out: string, type = 'None') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: a.auth,
      payload: { employee_id: employee, date, time_in, time_out, type, deduction: 'Auto' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await manual(ids.avery, '2026-03-02', '09:00', '17:00');
  await manual(ids.avery, '2026-03-02', '12:00', '12:30', 'Lunch');
  await manual(ids.avery, '2026-03-03', '08:57', '17:02');
  await insertPunch(t, a.accountId, ids.avery, { time_in: '2026-03-04T09:00:00.000Z', source: 'station' });
  await manual(ids.blake, '2026-03-02', '10:00', '12:00');
  await manual(ids.casey, '2026-03-02', '09:00', '10:00');
  const gone = await t.app.inject({ method: 'DELETE', url: `/employees/${ids.blake}`, headers: a.auth });
  expect(gone.statusCode).toBe(200);
});

describe('POST /getdata', () => {
  it('Daily Summary: one row per employee and day, to the minute and the cent, with totals', async () => {
    const res = await run(a, { reportname: 'Daily Summary', ...period, user_id: 999999 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const pick = (r: Record<string, unknown>) => [
      r.name,
      r.date,
      r.worked,
      r.deducted,
      r.paid,
      r.open_shifts,
      r.earnings,
    ];
    expect(body.data.map(pick)).toEqual([
      ['Avery', '2026-03-02', 480, 30, 450, 0, 14063],
      ['Avery', '2026-03-03', 485, 0, 485, 0, 15156],
      ['Avery', '2026-03-04', 0, 0, 0, 1, 0],
      ['Blake', '2026-03-02', 120, 0, 120, 0, 4000],
    ]);
    expect(body.totals).toMatchObject({
      worked: 1085,
      deducted: 30,
      paid: 1055,
      open_shifts: 1,
      earnings: 33219,
    });
    expect(body.data[0].first_in).toBe('2026-03-02T09:00:00.000Z');
    expect(body.columns.find((c: { key: string }) => c.key === 'earnings')).toEqual({
      key: 'earnings',
      label: 'Earnings',
      kind: 'money',
    });
    expect([body.page, body.last_page, body.total]).toEqual([1, 1, 4]);
  });

  it('Payroll Summary: worked and paid hours, their pay lines, rate, premium and gross per employee, and a totals row', async () => {
    // No pay rules (preset none): every paid minute regular, one pay line a rate rounded once as the hours shown
    // × the rate (docs/RULES.md#pay-lines). Avery 935 paid min = 15.58 h × $18.75 = $292.125 → $292.13; Blake
    // 120 min = 2.00 h × $20.00 = $40.00.
    const body = (await run(a, { reportname: 'payroll summary', ...period })).json();
    const none = { overtime: 0, double_time: 0, premium: 0 };
    expect(body.data).toEqual([
      {
        employee_id: expect.any(String),
        name: 'Avery',
        dp_name: 'Ops',
        worked: 965,
        paid: 935,
        regular: 935,
        ...none,
        rate: 1875,
        adjustments: 0,
        gross: 29213,
      },
      {
        employee_id: expect.any(String),
        name: 'Blake',
        dp_name: 'Ops',
        worked: 120,
        paid: 120,
        regular: 120,
        ...none,
        rate: 2000,
        adjustments: 0,
        gross: 4000,
      },
    ]);
    expect(body.totals).toMatchObject({ worked: 1085, paid: 1055, regular: 1055, ...none, gross: 33213 });
  });

  it('Timesheet: every punch of the day in order, the day total on its last punch', async () => {
    const body = (await run(a, { reportname: 'Timesheet', ...period, employee_id: ids.avery })).json();
    expect(
      body.data.map((r: Record<string, unknown>) => [
        r.date,
        r.type,
        r.hours,
        r.day_total,
        r.regular,
        r.gross,
      ]),
    ).toEqual([
      ['2026-03-02', 'None', 480, null, null, null],
      // The days' gross are shares of the period's regular line, 935 min = 15.58 h × $18.75 = $292.125 →
      // $292.13 (docs/RULES.md#pay-lines): 29,213 × 450/935 = 14,059.7 and × 485/935 = 15,153.3, floors
      // 14,059 + 15,153 = 29,212, the cent left to the larger remainder: 14,060 and 15,153. The open day: 0.
      ['2026-03-02', 'Lunch', 30, 450, 450, 14060],
      ['2026-03-03', 'None', 485, 485, 485, 15153],
      // Still open: no length yet (an empty cell, 'N/A'), not 0.00 hours; nothing paid on its day so far.
      ['2026-03-04', 'None', null, 0, 0, 0],
    ]);
    const activity = (await run(a, { reportname: 'Activity', ...period, employee_id: ids.avery })).json();
    expect(activity.data.map((r: Record<string, unknown>) => r.hours)).toEqual([480, 30, 485, null]);
    expect(activity.totals.hours).toBe(965);
    const csv = (await run(a, { reportname: 'Timesheet', ...period, employee_id: ids.avery, format: 'csv' }))
      .body;
    // Date, Employee ID, Name, Type, Time In, Time Out, Hours, Day Total (paid), then the day's pay (Regular,
    // Overtime, Double Time Hours, Premium, Gross Pay): empty Time Out and Hours, nothing paid yet.
    expect(csv.trim().split(/\r?\n/).at(-2)).toMatch(/,None,[^,]+,,,0\.00(,0\.00){5}$/);
  });

  it('follows Time Rounding: 10 minutes makes 08:57–17:02 paid as 09:00–17:00', async () => {
    const set = (time_rounding: string | null) =>
      t.app.inject({ method: 'POST', url: '/settings', headers: a.auth, payload: { time_rounding } });
    expect((await set('10 Minutes')).statusCode).toBe(200);
    const body = (
      await run(a, { reportname: 'Daily Summary', start_date: '2026-03-03', end_date: '2026-03-03' })
    ).json();
    expect(body.data.map((r: Record<string, unknown>) => [r.worked, r.earnings])).toEqual([[480, 15000]]);
    expect((await set(null)).statusCode).toBe(200);
  });

  it('lists employees (deleted ones on request) and departments with their counts', async () => {
    const names = async (extra: object) =>
      (await run(a, { reportname: 'Employee List', ...extra }))
        .json()
        .data.map((r: { name: string; status: string }) => `${r.name}:${r.status}`);
    expect(await names({})).toEqual(['Avery:active', 'Casey:active']);
    expect(await names({ show_deleted_employees: true })).toEqual([
      'Avery:active',
      'Blake:deleted',
      'Casey:active',
    ]);
    const depts = (await run(a, { reportname: 'Department List' })).json();
    const ops = depts.data.find((d: { dp_name: string }) => d.dp_name === 'Ops');
    expect(ops).toMatchObject({ total_employees: 2, total_active_employees: 1, total_deleted_employees: 1 });
    expect(depts.totals.total_employees).toBe(3);
  });

  it('pages big results on the server, with totals over the whole result', async () => {
    const body = (await run(a, { reportname: 'Daily Summary', ...period, page: 2, page_size: 3 })).json();
    expect([body.data.length, body.page, body.last_page, body.total, body.totals.earnings]).toEqual([
      1, 2, 2, 4, 33219,
    ]);
  });

  it('exports the same rows as CSV and XLSX (numbers as numbers)', async () => {
    const csv = await run(a, { reportname: 'Daily Summary', ...period, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="Daily_Summary-2026-03-02-2026-03-04.csv"',
    );
    expect(csv.body).toContain('140.63');
    // A UTF-8 byte-order mark first, so Excel reads accented names right on a double-click.
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(csv.body.slice(1)).toMatch(/^Date,Employee ID,Name,/);
    const xlsx = await run(a, { reportname: 'Payroll Summary', ...period, format: 'xlsx' });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const gross = header.indexOf('Gross Pay') + 1;
    expect(sheet.getRow(2).getCell(gross).value).toBe(292.13);
    const pdf = await run(a, { reportname: 'Timesheet', ...period, format: 'pdf' });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes exact hours into XLSX (shown with 2 decimals), so a SUM of the column equals the total row', async () => {
    // Three days of 29 minutes: each shows 0.48, the total 87 minutes 1.45. Rounded cells summed to 1.44.
    const n = await createAccount(t);
    const e = await createEmployee(t, n, { hourly_rate: '10.00' });
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04'])
      await insertPunch(t, n.accountId, e.id, {
        time_in: `${day}T09:00:00.000Z`,
        time_out: `${day}T09:29:00.000Z`,
      });
    const res = await run(n, { reportname: 'Daily Summary', ...period, format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const paid = header.indexOf('Paid Hours') + 1;
    expect(paid).toBeGreaterThan(0);
    const cells = [2, 3, 4].map((r) => sheet.getRow(r).getCell(paid));
    const total = sheet.getRow(5).getCell(paid);
    expect(String(sheet.getRow(5).values)).toContain('Total');
    expect(cells.every((c) => c.numFmt === '0.00')).toBe(true);
    expect(Number(total.value)).toBeCloseTo(1.45, 9);
    expect(cells.reduce((sum, c) => sum + Number(c.value), 0)).toBeCloseTo(Number(total.value), 9);
  });

  it('names a report without a period (Employee List) without dates, whatever dates were sent', async () => {
    const csv = await run(a, { reportname: 'Employee List', ...period, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Employee_List.csv"');
  });

  it('tells a negative employee id from a missing one (400 with its own message)', async () => {
    const negative = await run(a, { reportname: 'Daily Summary', ...period, employee_id: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors.employee_id).toEqual(['Employee must not be negative.']);
    const details = await run(a, { reportname: 'Employee Details', ...period, employee_id: 0 });
    expect(details.statusCode).toBe(400);
    expect(details.json().message).toContain('Employee');
  });

  it('shows another account nothing: its ids answer 404, its own run is empty', async () => {
    expect(
      (await run(other, { reportname: 'Daily Summary', ...period, employee_id: ids.avery })).statusCode,
    ).toBe(404);
    expect((await run(other, { reportname: 'Employee List', department_id: ids.ops })).statusCode).toBe(404);
    const mine = (await run(other, { reportname: 'Daily Summary', ...period })).json();
    expect([mine.data, mine.total]).toEqual([[], 0]);
  });

  it("takes a night shift's Auto lunch after midnight off that shift, in the database's sums and the engine's", async () => {
    // 22:00 → 06:30 local the next morning = 510 min, on the day it starts; an Auto lunch 01:00–01:30 on the next
    // local day lies inside it: paid 510 − 30 = 480 min → 480 × $60.00 / 60 = $480.00 (48000 cents); gross
    // 510 min = 51000. UTC sums in the database; Kathmandu (UTC+05:45) with 10-minute rounding runs the engine
    // (the times are on 10-minute marks, so rounding changes nothing). Periods of the shift's day alone and of
    // both days give the same.
    for (const [zone, settings] of [
      ['UTC', {}],
      ['Asia/Kathmandu', { time_rounding: '10 Minutes' }],
    ] as const) {
      const n = await createAccount(t);
      const set = await t.app.inject({
        method: 'POST',
        url: '/settings',
        headers: n.auth,
        payload: { time_zone: zone, ...settings },
      });
      expect(set.statusCode, set.body).toBe(200);
      const nia = (await createEmployee(t, n, { name: 'Nia', hourly_rate: '60.00' })).id;
      const offset = zone === 'UTC' ? 0 : 345 * 60_000;
      const utc = (local: string) => new Date(Date.parse(`${local}Z`) - offset).toISOString();
      const base = { account_id: n.accountId, employee_ref: nia, source: 'station' as const };
      await t.db
        .insertInto('punches')
        .values({
          ...base,
          client_id: `night-${zone}`,
          work_date: '2026-03-05',
          time_in: utc('2026-03-05T22:00:00.000'),
          time_out: utc('2026-03-06T06:30:00.000'),
          received_in_at: utc('2026-03-05T22:00:00.000'),
          created_at: utc('2026-03-05T22:00:00.000'),
          updated_at: utc('2026-03-06T06:30:00.000'),
        })
        .execute();
      const lunch = await t.app.inject({
        method: 'POST',
        url: '/api/manual-punches',
        headers: n.auth,
        payload: {
          employee_id: nia,
          date: '2026-03-06',
          time_in: '01:00',
          time_out: '01:30',
          type: 'Lunch',
          deduction: 'Auto',
        },
      });
      expect(lunch.statusCode, lunch.body).toBe(201);
      for (const end_date of ['2026-03-05', '2026-03-06']) {
        const daily = (
          await run(n, { reportname: 'Daily Summary', start_date: '2026-03-05', end_date })
        ).json();
        const night = daily.data.find((r: { date: string }) => r.date === '2026-03-05');
        expect(night, `${zone} to ${end_date}`).toMatchObject({
          worked: 510,
          deducted: 30,
          paid: 480,
          earnings: 48000,
        });
        const payroll = (
          await run(n, { reportname: 'Payroll Summary', start_date: '2026-03-05', end_date })
        ).json();
        // 480 paid min = 8.00 h × $60.00 = $480.00, all regular (no pay rules).
        expect(payroll.data[0], `${zone} to ${end_date}`).toMatchObject({
          paid: 480,
          regular: 480,
          gross: 48000,
        });
      }
    }
  });

  it('refuses bad input with a message, and refuses callers without reports', async () => {
    const refused = async (body: object, status = 400) => {
      const res = await run(a, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().message as string;
    };
    expect(await refused({ reportname: 'Nope' })).toBe(messages.reports.unknownReport);
    expect(await refused({})).toBe(messages.reports.selectReport);
    expect(await refused({ reportname: 'Daily Summary' })).toBe(messages.reports.paramRequired('Start date'));
    expect(
      await refused({ reportname: 'Daily Summary', start_date: '2026-03-05', end_date: '2026-03-01' }),
    ).toBe(messages.reports.startAfterEnd);
    expect(
      await refused({ reportname: 'Daily Summary', start_date: '2025-01-01', end_date: '2026-01-02' }),
    ).toBe(messages.reports.rangeTooLong(366));
    expect(await refused({ reportname: 'Daily Summary', ...period, employee_id: 'abc' })).toMatch(/number/);
    expect(await refused({ reportname: 'Daily Summary', ...period, format: 'docx' })).toMatch(/format/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/getdata', payload: { reportname: 'Daily Summary' } }))
        .statusCode,
    ).toBe(401);
  });
});
