import { beforeAll, describe, expect, it } from 'vitest';
import { zonedToUtc } from '../src/lib/time';
import { type Account, createAccount, createEmployee, createEmployeeLogin } from './factories';
import { useTestApp } from './helper';

/**
 * POST /api/with-deductions on both databases: every figure is the time engine's (the reports' Daily Summary
 * gives the same cents per day), checked against sums done by hand. $18.75 an hour = 1875 cents; a day's pay
 * is minutes × 1875 / 60, rounded half up once per day.
 */
const t = useTestApp();
const RATE = '18.75';

async function account(zone: string, rounding: string | null = null) {
  const a = await createAccount(t);
  const set = await t.app.inject({
    method: 'POST',
    url: '/settings',
    headers: a.auth,
    payload: { time_zone: zone, time_rounding: rounding },
  });
  expect(set.statusCode, set.body).toBe(200);
  const e = await createEmployeeLogin(t, a, {
    name: 'Pat Payday',
    hourly_rate: RATE,
    view_pay_information: 1,
    run_reports: 1,
  });
  return { a, e, zone };
}
type Fixture = Awaited<ReturnType<typeof account>>;

let seq = 0;
/** A punch written as stored (local wall times in the account's zone); a time out before the time in is the next day. */
async function punch(
  f: Fixture,
  date: string,
  timeIn: string,
  timeOut: string,
  type: 'None' | 'Lunch' | 'Break' = 'None',
  deduction: 'Auto' | 'Manual' = 'Auto',
) {
  const outDate =
    timeOut < timeIn
      ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      : date;
  const time_in = zonedToUtc(date, timeIn, f.zone).toISOString();
  await t.db
    .insertInto('punches')
    .values({
      account_id: f.a.accountId,
      employee_ref: f.e.id,
      client_id: `earn${Date.now()}${(seq += 1)}`,
      work_date: date,
      time_in,
      time_out: zonedToUtc(outDate, timeOut, f.zone).toISOString(),
      type,
      deduction,
      received_in_at: time_in,
      source: 'manual',
      created_at: time_in,
      updated_at: time_in,
    })
    .execute();
}

const earnings = (auth: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/with-deductions', headers: auth, payload });

async function ok(f: Fixture, start_date: string, end_date: string) {
  const res = await earnings(f.e.auth, { employee_id: f.e.code, start_date, end_date });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The Daily Summary's earnings per day for the same period (the manager runs it). */
async function dailySummary(f: Fixture, start_date: string, end_date: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/getdata',
    headers: f.a.auth,
    payload: { reportname: 'Daily Summary', start_date, end_date, employee_id: f.e.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.json().data.map((r: { date: string; earnings: number }) => [r.date, r.earnings]),
  );
}

describe('earnings and deductions, by hand, without rounding (New York)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await account('America/New_York');
    // Mon 5 Jan: work 09:00–17:00 (480 min), Lunch Auto 12:00–12:30 (30 min) → paid 450.
    await punch(f, '2026-01-05', '09:00', '17:00');
    await punch(f, '2026-01-05', '12:00', '12:30', 'Lunch', 'Auto');
    // Tue 6 Jan: work 09:00–17:07 (487 min), Lunch Manual 12:00–12:45 (45 min, recorded, paid) → paid 487.
    await punch(f, '2026-01-06', '09:00', '17:07');
    await punch(f, '2026-01-06', '12:00', '12:45', 'Lunch', 'Manual');
    // Wed 7 Jan: 22:00 to 06:30 on Thursday (510 min), all on Wednesday, the day it started.
    await punch(f, '2026-01-07', '22:00', '06:30');
  });

  it('pays each day paid minutes × rate, rounded half up once per day', async () => {
    const d = await ok(f, '2026-01-01', '2026-01-31');
    // 450 × 1875 / 60 = 14062.5 → 14063; 487 × 1875 / 60 = 15218.75 → 15219; 510 × 1875 / 60 = 15937.5 → 15938.
    expect(d.earnings.daily).toEqual({ '2026-01-05': 14063, '2026-01-06': 15219, '2026-01-07': 15938 });
    // Weeks start on Monday: all three days are the week of 5 Jan. 14063 + 15219 + 15938 = 45220.
    expect(d.earnings.weekly).toEqual({ '2026-01-05': 45220 });
    expect(d.earnings.monthly).toEqual({ '2026-01': 45220 });
    expect(d.rate_cents).toBe(1875);
    expect(d.totals).toEqual({
      worked_minutes: 480 + 487 + 510,
      deducted_minutes: 30,
      manual_break_minutes: 45,
      paid_minutes: 450 + 487 + 510,
      // 480 × 1875 / 60 = 15000 before the Auto lunch; the other days lose nothing.
      original_earnings: 15000 + 15219 + 15938,
      deduction_amount: 937,
      earnings: 45220,
      // The pay pipeline's figures (no pay rules: all regular), one pay line rounded once
      // (docs/RULES.md#pay-lines): 1,447 min shown as 24.12 h × $18.75 = $452.25.
      regular_minutes: 1447,
      overtime_minutes: 0,
      double_time_minutes: 0,
      premium_cents: 0,
      gross_cents: 45225,
      adjustments_cents: 0,
    });
    expect(d.adjustments).toEqual([]);
    // The days' gross are the line's shares and add up to it.
    expect(d.days.reduce((n: number, day: { gross_cents: number }) => n + day.gross_cents, 0)).toBe(45225);
    expect(await dailySummary(f, '2026-01-01', '2026-01-31')).toEqual(d.earnings.daily);
  });

  it('lists Auto lunches as deductions of their pay and Manual ones as recorded with nothing taken off', async () => {
    const d = await ok(f, '2026-01-01', '2026-01-31');
    expect(d.deductions.daily).toEqual([
      {
        date_or_key: '2026-01-05',
        deduction_type: 'Auto',
        minutes: 30,
        // 15000 − 14063 = 937 = 6.2467 % → 6.25.
        deduction_percentage: 6.25,
        original_earnings: 15000,
        deduction_amount: 937,
        earnings_after_deduction: 14063,
      },
      {
        date_or_key: '2026-01-06',
        deduction_type: 'Manual',
        minutes: 45,
        deduction_percentage: 0,
        original_earnings: 15219,
        deduction_amount: 0,
        earnings_after_deduction: 15219,
      },
    ]);
    // The week: 937 of 46157 = 2.0300 % → 2.03.
    expect(d.deductions.weekly[0]).toEqual({
      date_or_key: '2026-01-05',
      deduction_type: 'Auto',
      minutes: 30,
      deduction_percentage: 2.03,
      original_earnings: 46157,
      deduction_amount: 937,
      earnings_after_deduction: 45220,
    });
    expect(d.deductions.monthly.map((r: { deduction_type: string }) => r.deduction_type)).toEqual([
      'Auto',
      'Manual',
    ]);
  });

  it('defaults to the current month and lets a manager ask for any employee of the account', async () => {
    const res = await earnings(f.a.auth, { employee_id: f.e.id });
    expect(res.statusCode, res.body).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: f.zone }).format(new Date());
    expect(res.json().data.start_date).toBe(`${today.slice(0, 7)}-01`);
    expect(res.json().data.employee).toEqual({ id: f.e.id, employee_id: f.e.code, name: 'Pat Payday' });
  });
});

describe('Time Rounding, on and off, on the same punches', () => {
  // 09:04–17:06 with a Lunch Auto 12:02–12:33.
  const seed = async (f: Fixture) => {
    await punch(f, '2026-02-02', '09:04', '17:06');
    await punch(f, '2026-02-02', '12:02', '12:33', 'Lunch', 'Auto');
  };

  it('without rounding: 482 worked, 31 deducted, 451 paid', async () => {
    const f = await account('America/Chicago');
    await seed(f);
    const d = await ok(f, '2026-02-01', '2026-02-28');
    // 451 × 1875 / 60 = 14093.75 → 14094; 482 × 1875 / 60 = 15062.5 → 15063.
    expect(d.earnings.daily).toEqual({ '2026-02-02': 14094 });
    expect(d.deductions.daily[0]).toMatchObject({ original_earnings: 15063, deduction_amount: 969 });
    expect(await dailySummary(f, '2026-02-01', '2026-02-28')).toEqual(d.earnings.daily);
  });

  it('with 10 minutes: 09:00–17:10 is 490 worked, 12:00–12:30 is 30 deducted, 460 paid', async () => {
    const f = await account('America/Chicago', '10 Minutes');
    await seed(f);
    const d = await ok(f, '2026-02-01', '2026-02-28');
    // 460 × 1875 / 60 = 14375; 490 × 1875 / 60 = 15312.5 → 15313.
    expect(d.earnings.daily).toEqual({ '2026-02-02': 14375 });
    expect(d.deductions.daily[0]).toMatchObject({
      minutes: 30,
      original_earnings: 15313,
      deduction_amount: 938,
      earnings_after_deduction: 14375,
    });
    expect(await dailySummary(f, '2026-02-01', '2026-02-28')).toEqual(d.earnings.daily);
  });

  it('with 10 minutes in Kathmandu (+05:45, where the engine rounds each punch itself): the same local times', async () => {
    const f = await account('Asia/Kathmandu', '10 Minutes');
    await seed(f);
    const d = await ok(f, '2026-02-01', '2026-02-28');
    expect(d.earnings.daily).toEqual({ '2026-02-02': 14375 });
    expect(d.totals).toMatchObject({ worked_minutes: 490, deducted_minutes: 30, paid_minutes: 460 });
  });
});

describe('a month across the spring daylight-saving change (New York, 8 March 2026)', () => {
  it('counts real minutes, and sums days into weeks and the month', async () => {
    const f = await account('America/New_York', '5 Minutes');
    await punch(f, '2026-03-07', '09:00', '17:00'); // 480 → 15000
    await punch(f, '2026-03-08', '01:00', '05:00'); // the clock skips 02:00–03:00: 180 → 5625
    await punch(f, '2026-03-09', '09:00', '17:00'); // 480 → 15000
    const d = await ok(f, '2026-03-01', '2026-03-31');
    expect(d.earnings.daily).toEqual({ '2026-03-07': 15000, '2026-03-08': 5625, '2026-03-09': 15000 });
    expect(d.earnings.weekly).toEqual({ '2026-03-02': 20625, '2026-03-09': 15000 });
    expect(d.earnings.monthly).toEqual({ '2026-03': 35625 });
    expect(d.deductions).toEqual({ daily: [], weekly: [], monthly: [] });
    expect(await dailySummary(f, '2026-03-01', '2026-03-31')).toEqual(d.earnings.daily);
  });
});

describe('Attendance Only', () => {
  it('earns nothing and deducts nothing: presence without hours or pay', async () => {
    const f = await account('UTC');
    const set = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: f.a.auth,
      payload: { attendance_mode: 'Attendance Only' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await punch(f, '2026-04-06', '09:00', '17:00');
    await punch(f, '2026-04-06', '12:00', '12:30', 'Lunch', 'Auto');
    const d = await ok(f, '2026-04-01', '2026-04-30');
    expect(d.earnings.daily).toEqual({ '2026-04-06': 0 });
    expect(d.deductions.daily).toEqual([]);
    expect(d.totals).toMatchObject({ paid_minutes: 0, original_earnings: 0, earnings: 0 });
  });
});

describe('who may ask, and bad input', () => {
  let f: Fixture;
  let other: Account;
  beforeAll(async () => {
    f = await account('UTC');
    other = await createAccount(t);
  });

  it('refuses an employee without View Pay Information (403)', async () => {
    const e = await createEmployeeLogin(t, f.a, { hourly_rate: RATE, view_pay_information: 0 });
    const res = await earnings(e.auth, { employee_id: e.code });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBeTruthy();
  });

  it("answers 404 for another employee's ID, and for another account's employee", async () => {
    const someone = await createEmployee(t, f.a, { hourly_rate: RATE });
    for (const [auth, id] of [
      [f.e.auth, someone.code],
      [f.e.auth, someone.id],
      [other.auth, f.e.code],
    ] as const) {
      const res = await earnings(auth, { employee_id: id });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Employee not found');
    }
  });

  it('still reads a deleted employee’s earnings and hours by record id (the reports still pay them), not by their freed code', async () => {
    const g = await account('UTC');
    await punch(g, '2026-01-06', '09:00', '17:00'); // 480 min × 1,875 / 60 = 15,000 cents
    const del = await t.app.inject({ method: 'DELETE', url: `/employees/${g.e.id}`, headers: g.a.auth });
    expect(del.statusCode, del.body).toBe(200);
    const period = { start_date: '2026-01-01', end_date: '2026-01-31' };
    const byId = await earnings(g.a.auth, { employee_id: g.e.id, ...period });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.earnings.daily).toEqual({ '2026-01-06': 15_000 });
    const hours = await t.app.inject({
      method: 'GET',
      url: `/api/employee-hours?employee_id=${g.e.id}&start_date=2026-01-06`,
      headers: g.a.auth,
    });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.json().totals.paid_minutes).toBe(480);
    const byCode = await earnings(g.a.auth, { employee_id: g.e.code, ...period });
    expect(byCode.statusCode).toBe(404);
  });

  it('refuses a missing employee_id, a period over 366 days or backwards (400 with a message), and no token (401)', async () => {
    const missing = await earnings(f.e.auth, {});
    expect(missing.statusCode).toBe(400);
    const long = await earnings(f.e.auth, {
      employee_id: f.e.code,
      start_date: '2025-01-01',
      end_date: '2026-01-02',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('366');
    const backwards = await earnings(f.e.auth, {
      employee_id: f.e.code,
      start_date: '2026-02-01',
      end_date: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    const hostile = await earnings(f.e.auth, {
      employee_id: { $ne: 1 },
      start_date: "'; drop table punches; --",
    });
    expect(hostile.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/with-deductions',
      payload: { employee_id: f.e.code },
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('GET /api/employee-hours', () => {
  it("gives the employee's own week day by day, and 404 for someone else", async () => {
    const f = await account('UTC');
    await punch(f, '2026-01-06', '09:00', '12:30'); // Tuesday: 210 min
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/employee-hours?start_date=2026-01-08',
      headers: f.e.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json();
    expect(week.start_date).toBe('2026-01-05');
    expect(week.days).toHaveLength(7);
    expect(week.days[1]).toEqual({
      date: '2026-01-06',
      worked_minutes: 210,
      paid_minutes: 210,
      open_shifts: 0,
    });
    expect(week.totals).toEqual({ worked_minutes: 210, paid_minutes: 210 });
    const someone = await createEmployee(t, f.a);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/employee-hours?employee_id=${someone.id}`,
      headers: f.e.auth,
    });
    expect(theirs.statusCode).toBe(404);
    const manager = await t.app.inject({
      method: 'GET',
      url: `/api/employee-hours?employee_id=${f.e.id}&start_date=2026-01-06`,
      headers: f.a.auth,
    });
    expect(manager.json().totals.paid_minutes).toBe(210);
    const managerOwn = await t.app.inject({ method: 'GET', url: '/api/employee-hours', headers: f.a.auth });
    expect(managerOwn.statusCode).toBe(400);
  });
});
