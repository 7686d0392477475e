import { addPayTotals, EMPTY_PAY_TOTALS, hoursFromMinutes, type PayTotals } from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { payChunk } from '../src/modules/time/pay/period-pay';
import { type Account, createAccount, createDepartment, createEmployee } from './factories';
import { lastLinkTo, useTestApp } from './helper';

/**
 * The pay pipeline in the figures people are paid from (docs/RULES.md#pay-lines): Payroll Summary, Timesheet,
 * the employee's earnings and the exports, on both databases. Every expected figure is worked out by hand below
 * from the statute's text; the rate is $20.00 an hour, so 1.5× is $30.00 and 2× $40.00. Accounts are in UTC with
 * weeks from Monday unless a test says otherwise.
 *
 * A pay line is rounded once, as the hours shown (2 decimals) × the rate × its multiplier; a clerk's calculator
 * check (`calculator`) holds every Payroll Summary row to it.
 */
const t = useTestApp();
const RATE = 2000;

type Who = { auth: { authorization: string } } | null;
const call = (who: Who, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** A punch written as stored: UTC instants, its local day, its type and deduction. */
async function punch(
  a: Account,
  employee: number,
  time_in: string,
  time_out: string,
  extra: { type?: 'None' | 'Lunch' | 'Break'; work_date?: string; deduction?: 'Auto' | 'Manual' } = {},
) {
  await t.db
    .insertInto('punches')
    .values({
      account_id: a.accountId,
      employee_ref: employee,
      client_id: `pr-${employee}-${time_in}-${extra.type ?? 'None'}`,
      work_date: extra.work_date ?? time_in.slice(0, 10),
      time_in,
      time_out,
      type: extra.type ?? 'None',
      deduction: extra.deduction ?? 'Auto',
      received_in_at: time_in,
      source: 'manual',
      created_at: time_in,
      updated_at: time_in,
    })
    .execute();
}
/** A day's work from `from` to `to` (UTC, HH:MM; `to` on the next day when before `from`). */
const shift = (a: Account, e: number, day: string, from: string, to: string) =>
  punch(a, e, `${day}T${from}:00.000Z`, `${to < from ? nextDay(day) : day}T${to}:00.000Z`, {
    work_date: day,
  });
const lunch = (a: Account, e: number, day: string, from: string, to: string) =>
  punch(a, e, `${day}T${from}:00.000Z`, `${day}T${to}:00.000Z`, { type: 'Lunch' });
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const setRules = async (a: Account, preset: string, effective_from = '2000-01-01') =>
  ok(await call(a, 'PUT', '/api/pay-rules', { effective_from, preset }));
const report = async (who: Who, reportname: string, start_date: string, end_date: string, extra = {}) =>
  ok(await call(who, 'POST', '/getdata', { reportname, start_date, end_date, ...extra })) as {
    columns: { key: string; label: string }[];
    data: Record<string, number | string | null>[];
    totals: Record<string, number | string | null>;
  };
const dayWhy = async (who: Who, employee: number, date: string) =>
  ok(await call(who, 'GET', `/api/employees/${employee}/days/${date}`)) as { totals: PayTotals };

async function hire(a: Account, name: string, fields: Record<string, unknown> = {}) {
  return (await createEmployee(t, a, { name, hourly_rate: '20.00', ...fields })).id;
}

/** A pay line by hand: the hours shown × rate × multiplier, rounded half up once (to the cent). */
const line = (minutes: number, multiplier = 1) =>
  Math.round((Math.round(hoursFromMinutes(minutes) * 100) * RATE * multiplier) / 100);

/**
 * The clerk's check of a Payroll Summary row with one rate: Regular Hours × rate, Overtime Hours × rate × 1.5,
 * Double Time Hours × rate × 2, each rounded once, plus the premium, is the gross.
 */
function calculator(row: Record<string, number | string | null>) {
  const rate = Number(row.rate);
  const cents = (minutes: number, m: number) =>
    Math.round((Math.round(hoursFromMinutes(minutes) * 100) * rate * m) / 100);
  expect(
    cents(Number(row.regular), 1) +
      cents(Number(row.overtime), 1.5) +
      cents(Number(row.double_time), 2) +
      Number(row.premium),
    `${row.name}: hours shown × rate`,
  ).toBe(row.gross);
}

/** The Payroll Summary row of one employee over a period, checked with the calculator. */
async function payroll(a: Account, name: string, start: string, end: string) {
  const body = await report(a, 'Payroll Summary', start, end);
  const row = body.data.find((r) => r.name === name);
  expect(row, `${name} in Payroll Summary`).toBeDefined();
  calculator(row!);
  return row!;
}

/** The sum of the days' why over [start, end] (each day's share of its pay period's lines; weekly by default). */
async function whySum(a: Account, employee: number, days: string[]) {
  let sum = EMPTY_PAY_TOTALS;
  for (const d of days) sum = addPayTotals(sum, (await dayWhy(a, employee, d)).totals);
  return sum;
}
const week = (monday: string) =>
  Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

/** What a Payroll Summary row says, as pay totals, to compare with the why and the earnings. */
const rowTotals = (r: Record<string, number | string | null>) => ({
  regular: r.regular,
  overtime: r.overtime,
  double_time: r.double_time,
  premium_cents: r.premium,
  gross_cents: r.gross,
});

describe('reports paid by the pay pipeline', () => {
  it('an FLSA week of six 8-hour days: 8 hours over 40 at 1.5× (29 U.S.C. §207(a)(1))', async () => {
    const a = await createAccount(t);
    await setRules(a, 'us_flsa');
    const e = await hire(a, 'Fran Flsa');
    const days = week('2026-03-02');
    for (const d of days.slice(0, 6)) await shift(a, e, d, '09:00', '17:00');
    // 6 × 480 = 2,880 min in the workweek: 2,400 regular, the 480 past 40 h overtime (Saturday's).
    // Lines: 40.00 h × $20 = $800.00; 8.00 h × $30 = $240.00.
    const row = await payroll(a, 'Fran Flsa', '2026-03-02', '2026-03-08');
    expect(row).toMatchObject({ worked: 2880, paid: 2880, regular: 2400, overtime: 480, double_time: 0 });
    expect(row).toMatchObject({ premium: 0, gross: 80_000 + 24_000 });
    expect([line(2400), line(480, 1.5)]).toEqual([80_000, 24_000]);
    // The days' why over the workweek adds up to the row, to the cent (the period is that workweek).
    expect(await whySum(a, e, days)).toMatchObject({ ...rowTotals(row), paid: 2880 });
    expect((await dayWhy(a, e, '2026-03-07')).totals).toMatchObject({ regular: 0, overtime: 480 });

    // Timesheet: the day's pay on its last punch, the same totals.
    const sheet = await report(a, 'Timesheet', '2026-03-02', '2026-03-08');
    expect(sheet.columns.map((c) => c.label).slice(-5)).toEqual([
      'Regular Hours',
      'Overtime Hours',
      'Double Time Hours',
      'Premium',
      'Gross Pay',
    ]);
    expect(sheet.data.map((r) => r.overtime)).toEqual([0, 0, 0, 0, 0, 480]);
    expect(sheet.totals).toMatchObject({ regular: 2400, overtime: 480, gross: 104_000 });

    // The employee's earnings: the same split and gross, day by day and in all.
    const earned = ok(
      await call(a, 'POST', '/api/with-deductions', {
        employee_id: e,
        start_date: '2026-03-02',
        end_date: '2026-03-08',
      }),
    ).data;
    expect(earned.totals).toMatchObject({
      regular_minutes: 2400,
      overtime_minutes: 480,
      double_time_minutes: 0,
      premium_cents: 0,
      gross_cents: 104_000,
    });
    expect(earned.days.at(-1)).toMatchObject({
      date: '2026-03-07',
      overtime_minutes: 480,
      gross_cents: 24_000,
    });

    // The exports carry the columns: CSV text and XLSX numbers.
    const csv = await call(a, 'POST', '/getdata', {
      reportname: 'Payroll Summary',
      start_date: '2026-03-02',
      end_date: '2026-03-08',
      format: 'csv',
    });
    expect(csv.statusCode).toBe(200);
    const [header, first] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(
      'Employee ID,Name,Department,Worked Hours,Paid Hours,Regular Hours,Overtime Hours,Double Time Hours,Hourly Rate,Premium,Adjustments,Gross Pay',
    );
    expect(first).toMatch(
      /,48\.00,48\.00,40\.00,8\.00,0\.00,"?\$?20\.00"?,"?\$?0\.00"?,"?\$?0\.00"?,"?\$?1,?040\.00"?$/,
    );
    for (const format of ['xlsx', 'pdf'] as const) {
      const file = await call(a, 'POST', '/getdata', {
        reportname: 'Timesheet',
        start_date: '2026-03-02',
        end_date: '2026-03-08',
        format,
      });
      expect(file.statusCode, format).toBe(200);
    }
  });

  it('a California 13-hour day with one lunch: 8 h regular, 4 h at 1.5×, 1 h at 2×, one meal premium (Labor Code §510, §512, §226.7)', async () => {
    const a = await createAccount(t);
    await setRules(a, 'us_california');
    const e = await hire(a, 'Cal Long');
    // 07:00–20:30 with an Auto lunch 12:00–12:30: 810 min worked, 780 paid (13 h).
    await shift(a, e, '2026-03-09', '07:00', '20:30');
    await lunch(a, e, '2026-03-09', '12:00', '12:30');
    // §510(a): the first 8 h regular, 8 to 12 h at 1.5× (240 min), past 12 h at 2× (60 min).
    // §512(a): 780 min of work (more than 10 h) needs a second meal period; one was taken, so §226.7(c) adds one
    // hour at the regular rate. Lines: 8.00 h × $20 = $160; 4.00 h × $30 = $120; 1.00 h × $40 = $40; + $20.
    const row = await payroll(a, 'Cal Long', '2026-03-09', '2026-03-15');
    expect(row).toMatchObject({ worked: 810, paid: 780, regular: 480, overtime: 240, double_time: 60 });
    expect(row).toMatchObject({ premium: 2000, gross: 16_000 + 12_000 + 4_000 + 2_000 });
    expect(await whySum(a, e, week('2026-03-09'))).toMatchObject(rowTotals(row));
  });

  it('a California week with work on all seven days: the seventh day at 1.5× for 8 h and 2× after (Labor Code §510(a))', async () => {
    const a = await createAccount(t);
    await setRules(a, 'us_california');
    const e = await hire(a, 'Sev Enday');
    const days = week('2026-03-16');
    // Monday to Saturday 09:00–17:30 with a 30-minute lunch: 480 paid a day, one meal period each (§512 met).
    for (const d of days.slice(0, 6)) {
      await shift(a, e, d, '09:00', '17:30');
      await lunch(a, e, d, '12:00', '12:30');
    }
    // Sunday 09:00–19:30 with a lunch: 600 paid; 600 min of work is not more than 10 h, so one meal suffices.
    await shift(a, e, days[6], '09:00', '19:30');
    await lunch(a, e, days[6], '12:00', '12:30');
    // Mon–Fri 2,400 regular; Saturday past 40 h in the workweek: 480 overtime; Sunday, the seventh consecutive
    // day: its first 8 h overtime (480), the 2 h after 8 double time (120). Rates do not stack.
    // Lines: 40.00 h × $20 = $800; 16.00 h × $30 = $480; 2.00 h × $40 = $80.
    const row = await payroll(a, 'Sev Enday', days[0], days[6]);
    expect(row).toMatchObject({ paid: 3480, regular: 2400, overtime: 960, double_time: 120, premium: 0 });
    expect(row.gross).toBe(80_000 + 48_000 + 8_000);
    expect((await dayWhy(a, e, days[6])).totals).toMatchObject({
      regular: 0,
      overtime: 480,
      double_time: 120,
    });
    expect(await whySum(a, e, days)).toMatchObject(rowTotals(row));
  });

  it('an ArbZG 7-hour day with a 15-minute punched break: 15 more minutes deducted (ArbZG §4)', async () => {
    const a = await createAccount(t);
    await setRules(a, 'de_arbzg');
    const e = await hire(a, 'Greta Pause');
    // 08:00–15:15 with a punched Auto break 12:00–12:15: 435 worked, 420 after the break. §4: more than 6 h of
    // work needs 30 minutes of breaks; 15 taken, 15 more deducted: 405 paid = 6.75 h × $20 = $135.00.
    await shift(a, e, '2026-03-23', '08:00', '15:15');
    await punch(a, e, '2026-03-23T12:00:00.000Z', '2026-03-23T12:15:00.000Z', { type: 'Break' });
    const row = await payroll(a, 'Greta Pause', '2026-03-23', '2026-03-23');
    expect(row).toMatchObject({ worked: 435, paid: 405, regular: 405, overtime: 0, gross: 13_500 });
    const sheet = await report(a, 'Timesheet', '2026-03-23', '2026-03-23');
    expect(sheet.data.at(-1)).toMatchObject({ day_total: 405, regular: 405, gross: 13_500 });
  });

  it('a rule change in the middle of a month: days before it keep theirs, and the preview equals the reports after saving', async () => {
    const a = await createAccount(t);
    const e = await hire(a, 'Mid Month');
    // Tue Apr 14 08:00–18:00, no lunch: 600 min. Wed Apr 15 08:00–18:00 with a 30-minute lunch: 570 paid.
    await shift(a, e, '2026-04-14', '08:00', '18:00');
    await shift(a, e, '2026-04-15', '08:00', '18:00');
    await lunch(a, e, '2026-04-15', '12:00', '12:30');
    const body = { effective_from: '2026-04-15', preset: 'us_california' };
    const preview = ok(
      await call(a, 'POST', '/api/pay-rules/preview', {
        ...body,
        start_date: '2026-04-01',
        end_date: '2026-04-30',
      }),
    );
    const previewed = preview.employees.find((r: { id: number }) => r.id === e);
    ok(await call(a, 'PUT', '/api/pay-rules', body));
    // Apr 14 under none: 600 regular. Apr 15 under California §510: 480 regular, 90 overtime (meal taken).
    // Lines: (600 + 480 =) 18.00 h × $20 = $360.00; 1.50 h × $30 = $45.00.
    const row = await payroll(a, 'Mid Month', '2026-04-01', '2026-04-30');
    expect(row).toMatchObject({ paid: 1170, regular: 1080, overtime: 90, double_time: 0, premium: 0 });
    expect(row.gross).toBe(36_000 + 4_500);
    expect(previewed.after).toEqual({
      worked: row.worked,
      paid: row.paid,
      regular: row.regular,
      overtime: row.overtime,
      double_time: row.double_time,
      premium_cents: row.premium,
      gross_cents: row.gross,
    });
    // Before the change, everything regular: 19.50 h × $20 = $390.00.
    expect(previewed.before).toMatchObject({ regular: 1170, overtime: 0, gross_cents: 39_000 });
    expect((await dayWhy(a, e, '2026-04-14')).totals).toMatchObject({ regular: 600, overtime: 0 });
    expect((await dayWhy(a, e, '2026-04-15')).totals).toMatchObject({ regular: 480, overtime: 90 });
  });

  it('a night shift over midnight into a new workweek belongs to the week it starts in (29 U.S.C. §207)', async () => {
    const a = await createAccount(t);
    await setRules(a, 'us_flsa');
    const e = await hire(a, 'Nora Night');
    // Mon–Fri Mar 23–27 8 h each (2,400), then Sunday Mar 29 22:00 → Monday 06:00 (480): the shift is Sunday's,
    // so its 480 min are past 40 h in the workweek of Mar 23 and overtime. Monday Mar 30 14:00–22:00 opens a
    // new workweek: regular.
    for (const d of week('2026-03-23').slice(0, 5)) await shift(a, e, d, '09:00', '17:00');
    await shift(a, e, '2026-03-29', '22:00', '06:00');
    await shift(a, e, '2026-03-30', '14:00', '22:00');
    const row = await payroll(a, 'Nora Night', '2026-03-23', '2026-03-30');
    expect(row).toMatchObject({ paid: 3360, regular: 2880, overtime: 480 });
    expect(row.gross).toBe(line(2880) + line(480, 1.5)); // 48.00 h × $20 + 8.00 h × $30 = $960 + $240
    expect(row.gross).toBe(96_000 + 24_000);
    const next = await payroll(a, 'Nora Night', '2026-03-30', '2026-04-05');
    expect(next).toMatchObject({ paid: 480, regular: 480, overtime: 0, gross: 16_000 }); // 8.00 h × $20
  });

  it('a daylight-saving night is paid the hours it had (America/Los_Angeles, California)', async () => {
    const a = await createAccount(t);
    ok(await call(a, 'POST', '/settings', { time_zone: 'America/Los_Angeles' }));
    await setRules(a, 'us_california');
    const e = await hire(a, 'Dee Ess');
    // Spring forward: Sat Mar 7 22:00 PST (06:00Z) → Sun Mar 8 06:00 PDT (13:00Z) is 7 h, not 8; a lunch 01:00–
    // 01:30 PST on the next local day is the shift's: 390 paid, regular (not over 8 h), the meal taken.
    await punch(a, e, '2026-03-08T06:00:00.000Z', '2026-03-08T13:00:00.000Z', { work_date: '2026-03-07' });
    await punch(a, e, '2026-03-08T09:00:00.000Z', '2026-03-08T09:30:00.000Z', {
      type: 'Lunch',
      work_date: '2026-03-08',
    });
    const spring = await payroll(a, 'Dee Ess', '2026-03-07', '2026-03-07');
    expect(spring).toMatchObject({
      worked: 420,
      paid: 390,
      regular: 390,
      overtime: 0,
      premium: 0,
      gross: 13_000,
    });
    // Fall back: Sat Oct 31 22:00 PDT (05:00Z) → Sun Nov 1 06:00 PST (14:00Z) is 9 h; a lunch 00:00–00:30 PDT:
    // 510 paid, 30 of them past 8 h (§510): 8.00 h × $20 + 0.50 h × $30 = $160.00 + $15.00.
    await punch(a, e, '2026-11-01T05:00:00.000Z', '2026-11-01T14:00:00.000Z', { work_date: '2026-10-31' });
    await punch(a, e, '2026-11-01T07:00:00.000Z', '2026-11-01T07:30:00.000Z', {
      type: 'Lunch',
      work_date: '2026-11-01',
    });
    const fall = await payroll(a, 'Dee Ess', '2026-10-31', '2026-10-31');
    expect(fall).toMatchObject({ worked: 540, paid: 510, regular: 480, overtime: 30, gross: 16_000 + 1_500 });
    expect((await dayWhy(a, e, '2026-10-31')).totals).toMatchObject(rowTotals(fall));
  });

  it("a monthly pay period: each day's why is its share of the month's lines, the days adding up to Payroll Summary to the cent", async () => {
    const a = await createAccount(t);
    const e = await hire(a, 'Monthly Clerk', { hourly_rate: '31.41' });
    ok(
      await call(a, 'PUT', '/api/pay-periods/settings', {
        frequency: 'monthly',
        anchor_date: '2026-11-01',
        forgotten_after_minutes: 720,
      }),
    );
    // Ten days of 8 h 07 min (487 min) at $31.41 in November 2026, no rules.
    const days = [...week('2026-11-02').slice(0, 5), ...week('2026-11-09').slice(0, 5)];
    for (const d of days) await shift(a, e, d, '08:00', '16:07');
    // By hand: the month's one regular line is 4,870 min = 81.17 h shown × $31.41 = $2,549.5497 → $2,549.55.
    // Shares of each week's line instead would be 2 × (40.58 h × $31.41 = $1,274.6178 → $1,274.62) = $2,549.24.
    const row = await payroll(a, 'Monthly Clerk', '2026-11-01', '2026-11-30');
    expect(row.gross).toBe(254_955);
    const sum = await whySum(a, e, days);
    expect(sum.gross_cents).toBe(254_955);
    expect(sum).toEqual(expect.objectContaining(rowTotals(row)));
  });

  it('Attendance Only: presence, no pay and no overtime', async () => {
    const a = await createAccount(t);
    await setRules(a, 'us_california');
    ok(await call(a, 'POST', '/settings', { attendance_mode: 'Attendance Only' }));
    const e = await hire(a, 'Ada Tends');
    await shift(a, e, '2026-03-09', '07:00', '20:30');
    const row = (await report(a, 'Payroll Summary', '2026-03-09', '2026-03-09')).data[0];
    expect(row).toMatchObject({ paid: 0, regular: 0, overtime: 0, double_time: 0, premium: 0, gross: 0 });
    expect((await dayWhy(a, e, '2026-03-09')).totals).toMatchObject({ paid: 0, overtime: 0, gross_cents: 0 });
  });
});

describe('who sees which rows', () => {
  it("a department-scoped administrator sees only their departments' rows; another account sees none", async () => {
    const owner = await createAccount(t);
    ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
    await setRules(owner, 'us_flsa');
    const warehouse = (await createDepartment(t, owner, { dp_name: 'Warehouse' })).id;
    const office = (await createDepartment(t, owner, { dp_name: 'Office' })).id;
    const inside = await hire(owner, 'Pat Packer', { department_id: warehouse });
    const outside = await hire(owner, 'Cleo Clerk', { department_id: office });
    for (const e of [inside, outside]) await shift(owner, e, '2026-03-02', '09:00', '17:00');
    const email = `wire${Date.now()}@example.com`;
    ok(
      await call(owner, 'POST', '/api/administrators', {
        name: 'Wanda Warehouse',
        email,
        access: 'departments',
        department_ids: [warehouse],
      }),
      201,
    );
    const password = 'scoped admin pass 8';
    const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    ok(await call(null, 'POST', '/password-update', { ...link, password, password_confirmation: password }));
    const login = ok(await call(null, 'POST', '/api/login', { email, password }));
    const scoped = { auth: { authorization: `Bearer ${login.access_token}` } };
    for (const name of ['Payroll Summary', 'Timesheet']) {
      const mine = await report(scoped, name, '2026-03-02', '2026-03-02');
      expect(
        mine.data.map((r) => r.name),
        name,
      ).toEqual(['Pat Packer']);
      expect(mine.totals.gross, name).toBe(16_000);
    }
    const all = await report(owner, 'Payroll Summary', '2026-03-02', '2026-03-02');
    expect(all.data.map((r) => r.name)).toEqual(['Cleo Clerk', 'Pat Packer']);
    // Computed one employee at a time (chunks of a big account), the same rows and totals.
    const usual = payChunk.employees;
    payChunk.employees = 1;
    try {
      expect(await report(owner, 'Payroll Summary', '2026-03-02', '2026-03-02')).toEqual(all);
    } finally {
      payChunk.employees = usual;
    }
    const other = await createAccount(t);
    expect((await report(other, 'Payroll Summary', '2026-03-02', '2026-03-02')).data).toEqual([]);
  });
});
