import { describe, expect, it } from 'vitest';
import { zonedToUtc } from '../src/lib/time';
import { type Account, createAccount, createEmployee } from './factories';
import { useTestApp } from './helper';

/** Audit probes of how punches become hours and money, hand-computed. */
const t = useTestApp();

async function account(settings: Record<string, unknown>) {
  const a = await createAccount(t);
  const set = await t.app.inject({ method: 'POST', url: '/settings', headers: a.auth, payload: settings });
  expect(set.statusCode, set.body).toBe(200);
  return a;
}

let seq = 0;
/** A punch at local wall times of `zone` (a time out before the time in is the next day). */
async function punch(
  a: Account,
  employeeRef: number,
  zone: string,
  date: string,
  timeIn: string,
  timeOut: string | null,
  type: 'None' | 'Lunch' | 'Break' = 'None',
  deduction: 'Auto' | 'Manual' = 'Auto',
) {
  const time_in = zonedToUtc(date, timeIn.slice(0, 5), zone);
  if (timeIn.length > 5) time_in.setUTCSeconds(Number(timeIn.slice(6)));
  let time_out: string | null = null;
  if (timeOut) {
    const outDate =
      timeOut < timeIn
        ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
        : date;
    const o = zonedToUtc(outDate, timeOut.slice(0, 5), zone);
    if (timeOut.length > 5) o.setUTCSeconds(Number(timeOut.slice(6)));
    time_out = o.toISOString();
  }
  await t.db
    .insertInto('punches')
    .values({
      account_id: a.accountId,
      employee_ref: employeeRef,
      client_id: `audit${Date.now()}${(seq += 1)}`,
      work_date: date,
      time_in: time_in.toISOString(),
      time_out,
      type,
      deduction,
      received_in_at: time_in.toISOString(),
      source: 'manual',
      created_at: time_in.toISOString(),
      updated_at: time_in.toISOString(),
    })
    .execute();
}

const run = (a: Account, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/getdata', headers: a.auth, payload });

describe('display rounding on the per-punch reports', () => {
  it('Timesheet and Activity show the rounded in/out times their hours come from when display rounding is on', async () => {
    const zone = 'America/Chicago';
    const a = await account({
      time_zone: zone,
      time_rounding: '10 Minutes',
      display_round_in_out_times: true,
    });
    const e = await createEmployee(t, a, { hourly_rate: '20.00' });
    // 09:04–17:26 CST (UTC−6) = 15:04Z–23:26Z; rounded to 10 minutes: 09:00–17:30 = 15:00Z–23:30Z, 510 minutes.
    await punch(a, e.id, zone, '2026-03-02', '09:04', '17:26');
    const period = { start_date: '2026-03-02', end_date: '2026-03-02', employee_id: e.id };
    for (const reportname of ['Timesheet', 'Activity']) {
      const [row] = (await run(a, { reportname, ...period })).json().data;
      expect(row, reportname).toMatchObject({
        time_in: '2026-03-02T15:00:00.000Z',
        time_out: '2026-03-02T23:30:00.000Z',
        hours: 510,
      });
    }
    // The file shows the same: 9:00 AM – 5:30 PM, 8.50 hours (not 9:04 AM – 5:26 PM beside 8.50).
    const csv = (await run(a, { reportname: 'Timesheet', ...period, format: 'csv' })).body;
    // Then the day's pay: 8.50 regular hours, no overtime or double time, no premium, 8.50 h × $20.00 = $170.00.
    expect(csv.split(/\r?\n/)[1]).toMatch(
      /,None,03\/02\/26 9:00 AM,03\/02\/26 5:30 PM,8\.50,8\.50,8\.50,0\.00,0\.00,0\.00,170\.00$/,
    );
    // Display rounding off: the raw times, the same 510 minutes.
    const off = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: a.auth,
      payload: { display_round_in_out_times: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [raw] = (await run(a, { reportname: 'Timesheet', ...period })).json().data;
    expect(raw).toMatchObject({
      time_in: '2026-03-02T15:04:00.000Z',
      time_out: '2026-03-02T23:26:00.000Z',
      hours: 510,
    });
  });
});

describe('periods at the ends of the calendar', () => {
  it('answers 400 for days past 9998 or before 1900 instead of a garbage week, a 500 or an endless loop', async () => {
    const a = await account({ time_zone: 'UTC' });
    const e = await createEmployee(t, a, { hourly_rate: '10.00' });
    const hours = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/employee-hours?employee_id=${e.id}&${q}`, headers: a.auth });
    // Before: SQLite answered 200 with end_date '+010000-01' (addDays past 9999); PostgreSQL a 500.
    expect((await hours('start_date=9999-12-31')).statusCode).toBe(400);
    // Before: the week of 0000-01-01 starts in year −1 ('-000001-12'); on PostgreSQL the period's day loop never
    // ended and the server ran out of memory.
    expect((await hours('start_date=0000-01-01')).statusCode).toBe(400);
    // Before (PostgreSQL): the day after 9999-12-31, '+010000-01', sorts before it: endless loop, out of memory.
    const earn = await t.app.inject({
      method: 'POST',
      url: '/api/with-deductions',
      headers: a.auth,
      payload: { employee_id: e.id, start_date: '9999-12-01', end_date: '9999-12-31' },
    });
    expect(earn.statusCode, earn.body).toBe(400);
    expect(earn.body).toContain('Date must lie between 1900-01-01 and 9998-12-31.');
    const report = await run(a, {
      reportname: 'Daily Summary',
      start_date: '9999-12-01',
      end_date: '9999-12-31',
    });
    expect(report.statusCode, report.body).toBe(400);
    // The calendar's ordinary range still runs.
    expect((await hours('start_date=2026-03-02')).statusCode).toBe(200);
    expect(
      (await run(a, { reportname: 'Daily Summary', start_date: '9998-12-01', end_date: '9998-12-31' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('Time Rounding before 1970 (negative epoch milliseconds)', () => {
  it('the database rounds 1969 punches half up to the step like the engine (Daily Summary = Timesheet)', async () => {
    const a = await account({
      time_zone: 'UTC',
      time_rounding: '10 Minutes',
      display_round_in_out_times: true,
    });
    const e = await createEmployee(t, a, { hourly_rate: '60.00' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: a.auth,
      payload: { employee_id: e.id, date: '1969-12-31', time_in: '23:43', time_out: '23:57' },
    });
    expect(made.statusCode, made.body).toBe(201);
    // 23:43 → 23:40 and 23:57 → 00:00 (nearest 10 minutes): 20 minutes worked, 20 × 6000 / 60 = 2000 cents.
    // Before: the database's integer division truncates toward zero for instants before 1970, so 23:43
    // (−17 min) became 23:50 and the day was 10 minutes, 1000 cents, while Timesheet said 20.
    const period = { start_date: '1969-12-31', end_date: '1969-12-31' };
    const daily = (await run(a, { reportname: 'Daily Summary', ...period })).json();
    expect(daily.data.map((r: { worked: number; earnings: number }) => [r.worked, r.earnings])).toEqual([
      [20, 2000],
    ]);
    expect(daily.data[0].first_in).toBe('1969-12-31T23:40:00.000Z');
    expect(daily.data[0].last_out).toBe('1970-01-01T00:00:00.000Z');
    const payroll = (await run(a, { reportname: 'Payroll Summary', ...period })).json();
    // Payroll's one pay line: 20 min shown as 0.33 h × $60.00 = $19.80 (docs/RULES.md#pay-lines).
    expect(payroll.totals).toMatchObject({ paid: 20, regular: 20, gross: 1980 });
    const sheet = (await run(a, { reportname: 'Timesheet', ...period })).json();
    expect(sheet.data.map((r: { hours: number }) => r.hours)).toEqual([20]);
  });
});

describe('a night shift’s lunch after midnight', () => {
  it('is deducted on the shift’s day and makes no day of its own in summaries or earnings', async () => {
    const zone = 'America/New_York';
    const a = await account({ time_zone: zone });
    const e = await createEmployee(t, a, { hourly_rate: '20.00' });
    // Tue Nov 3 22:00 → Wed 06:13 = 493 minutes, Auto lunch Wed 01:00–01:20 (dated Wed): 473 paid minutes,
    // 473 × 2,000 / 60 = 15,766.67 → 15,767 cents, all on Nov 3. Before: a row of zeros for Nov 4 as well.
    await punch(a, e.id, zone, '2026-11-03', '22:00', '06:13');
    await punch(a, e.id, zone, '2026-11-04', '01:00', '01:20', 'Lunch');
    const period = { start_date: '2026-11-01', end_date: '2026-11-30' };
    const daily = (await run(a, { reportname: 'Daily Summary', ...period })).json();
    expect(
      daily.data.map((r: { date: string; paid: number; earnings: number }) => [r.date, r.paid, r.earnings]),
    ).toEqual([['2026-11-03', 473, 15_767]]);
    const weekday = (await run(a, { reportname: 'Weekday Summary', ...period })).json();
    expect(weekday.data).toHaveLength(1);
    expect(weekday.data[0]).toMatchObject({ days: 1, paid: 473, earnings: 15_767 });
    const earnings = await t.app.inject({
      method: 'POST',
      url: '/api/with-deductions',
      headers: a.auth,
      payload: { employee_id: e.id, ...period },
    });
    expect(earnings.json().data.earnings.daily).toEqual({ '2026-11-03': 15_767 });
  });
});
