import {
  addPayTotals,
  EMPTY_PAY_TOTALS,
  messages,
  PAY_PRESET_NAMES,
  PAY_RULE_FIELDS,
  type PayTotals,
  payRuleTexts,
} from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementObserver } from '../src/db/database';
import { localDay } from '../src/lib/time';
import { addDays } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
} from './factories';
import { lastLinkTo, useTestApp } from './helper';

/**
 * Pay rules over HTTP on both databases (docs/RULES.md#pay-rules): the effective-dated versions, their refusals,
 * who may change them, the preview of a change, and the why of a day. Every figure is computed by hand in the
 * test from the statute it applies; accounts are in UTC (the default zone) with weeks from Monday.
 */
const t = useTestApp();

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

/** A punch through the manual-punch route, in the account's wall clock (UTC here). */
async function punch(
  owner: Account,
  employee: number,
  date: string,
  time_in: string,
  time_out: string,
  type: 'None' | 'Lunch' | 'Break' = 'None',
) {
  ok(
    await call(owner, 'POST', '/api/manual-punches', {
      employee_id: employee,
      date,
      time_in,
      time_out,
      type,
      deduction: 'Auto',
    }),
    201,
  );
}

const setRules = (who: Who, body: Record<string, unknown>) => call(who, 'PUT', '/api/pay-rules', body);
const dayOf = async (who: Who, employee: number, date: string) =>
  ok(await call(who, 'GET', `/api/employees/${employee}/days/${date}`)) as {
    date: string;
    punches: { id: number; time_in: string; time_out: string | null; type: string }[];
    steps: { step: string; rule: string; minutes: number; detail: string }[];
    flags: unknown[];
    totals: PayTotals;
  };
const totals = (figures: Partial<PayTotals>): PayTotals => ({ ...EMPTY_PAY_TOTALS, ...figures });
const sum = (list: PayTotals[]) => list.reduce(addPayTotals, EMPTY_PAY_TOTALS);

async function employeeAt(owner: Account, name: string, rate: string, fields: Record<string, unknown> = {}) {
  return (await createEmployee(t, owner, { name, hourly_rate: rate, ...fields })).id;
}

const versionsIn = (accountId: number) =>
  t.db
    .selectFrom('pay_rule_versions')
    .select(['effective_from', 'preset', 'overrides'])
    .where('account_id', '=', accountId)
    .orderBy('effective_from')
    .execute();

describe('the pay-rule versions', () => {
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    a = await createAccount(t);
    b = await createAccount(t);
  });

  it('answers none before any is saved', async () => {
    expect(ok(await call(a, 'GET', '/api/pay-rules'))).toEqual({ current: null, history: [] });
  });

  it('refuses every bad input with the contract message and changes nothing', async () => {
    const good = { effective_from: '2026-03-01', preset: 'us_flsa' };
    ok(await setRules(a, good));
    const before = ok(await call(a, 'GET', '/api/pay-rules'));
    const logs = async () =>
      (
        await t.db
          .selectFrom('activity_logs')
          .select('id')
          .where('account_id', '=', a.accountId)
          .where('action', '=', 'pay_rules.set')
          .execute()
      ).length;
    const logged = await logs();
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown preset', { ...good, preset: 'us_texas' }, messages.payRules.unknownPreset(PAY_PRESET_NAMES)],
      [
        'negative minutes',
        { ...good, overrides: { daily_overtime_after: -5 } },
        messages.payRules.minutes('daily_overtime_after'),
      ],
      [
        'minutes that are not whole',
        { ...good, overrides: { weekly_overtime_after: 2400.5 } },
        messages.payRules.minutes('weekly_overtime_after'),
      ],
      [
        'a double-time threshold below the overtime threshold',
        { ...good, preset: 'us_california', overrides: { daily_double_after: 300 } },
        messages.payRules.doubleBelowOvertime,
      ],
      [
        'a date that is not a date',
        { ...good, effective_from: 'next monday' },
        'Date must be in the form YYYY-MM-DD.',
      ],
      [
        'a day that does not exist',
        { ...good, effective_from: '2026-02-30' },
        'Date is not a real calendar date.',
      ],
      [
        'overrides with unknown fields',
        { ...good, overrides: { weekly_ot: 2400 } },
        messages.payRules.unknownFields(['weekly_ot'], PAY_RULE_FIELDS),
      ],
      ['an unknown body field', { ...good, rules: {} }, messages.payRules.bodyUnknownFields(['rules'])],
      ['no preset', { effective_from: '2026-03-01' }, messages.payRules.unknownPreset(PAY_PRESET_NAMES)],
    ];
    for (const [what, body, message] of cases) {
      const res = await setRules(a, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const answer = res.json() as { message: string; code: string; errors: Record<string, string[]> };
      expect(answer.code, what).toBe('bad_request');
      expect(Object.values(answer.errors).flat(), what).toContain(message);
    }
    const preview = [
      [
        'a period that ends before it starts',
        { ...good, start_date: '2026-03-10', end_date: '2026-03-01' },
        messages.reports.startAfterEnd,
      ],
      [
        'an unknown preview field',
        { ...good, start_date: '2026-03-01', end_date: '2026-03-07', employee: 1 },
        messages.payRulesApi.previewUnknownFields(['employee']),
      ],
      ['a preview without a period', good, 'Date must be text in the form YYYY-MM-DD.'],
    ] as const;
    for (const [what, body, message] of preview) {
      const res = await call(a, 'POST', '/api/pay-rules/preview', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(Object.values(res.json().errors as Record<string, string[]>).flat(), what).toContain(message);
    }
    const employee = await employeeAt(a, 'Bad Day', '20.00');
    for (const day of ['2026-13-01', 'today'])
      expect((await call(a, 'GET', `/api/employees/${employee}/days/${day}`)).statusCode).toBe(400);
    expect(ok(await call(a, 'GET', '/api/pay-rules'))).toEqual(before);
    expect(await logs()).toBe(logged);
  });

  it('keeps history newest first, the version in force today as current, and replaces a day saved again', async () => {
    const c = await createAccount(t);
    const today = localDay(new Date(), 'UTC');
    const past = addDays(today, -40);
    const recent = addDays(today, -10);
    const future = addDays(today, 30);
    ok(await setRules(c, { effective_from: recent, preset: 'us_california' }));
    ok(await setRules(c, { effective_from: future, preset: 'de_arbzg' }));
    const saved = ok(
      await setRules(c, {
        effective_from: past,
        preset: 'us_flsa',
        overrides: { weekly_overtime_after: 2280 },
      }),
    ) as {
      message: string;
      data: { current: { effective_from: string }; history: { effective_from: string }[] };
    };
    expect(saved.message).toBe(messages.payRulesApi.set('FLSA', past));
    const read = ok(await call(c, 'GET', '/api/pay-rules'));
    expect(read).toEqual(saved.data);
    expect(
      read.history.map((v: { effective_from: string; preset: string }) => [v.effective_from, v.preset]),
    ).toEqual([
      [future, 'de_arbzg'],
      [recent, 'us_california'],
      [past, 'us_flsa'],
    ]);
    expect(read.current.effective_from).toBe(recent);
    expect(read.current.rules.daily_overtime_after).toBe(480);
    expect(read.current.created_by).toBe('Avery Manager');
    const flsa = read.history[2];
    expect(flsa.overrides).toEqual({ weekly_overtime_after: 2280 });
    expect(flsa.rules.weekly_overtime_after).toBe(2280);

    // The same day again replaces its version: still three, the day's rules the new ones.
    ok(await setRules(c, { effective_from: recent, preset: 'none' }));
    const after = ok(await call(c, 'GET', '/api/pay-rules'));
    expect(after.history.map((v: { preset: string }) => v.preset)).toEqual(['de_arbzg', 'none', 'us_flsa']);
    expect(after.current.preset).toBe('none');
    expect(await versionsIn(c.accountId)).toHaveLength(3);

    const logs = await t.db
      .selectFrom('activity_logs')
      .select(['details', 'user_id'])
      .where('account_id', '=', c.accountId)
      .where('action', '=', 'pay_rules.set')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.details)).toEqual([
      `Pay rules set to California from ${recent}.`,
      `Pay rules set to ArbZG from ${future}.`,
      `Pay rules set to FLSA from ${past}. Overrides: {"weekly_overtime_after":2280}.`,
      `Pay rules set to None from ${recent}. It replaces the California rules saved for that day.`,
    ]);
    expect(logs.every((l) => l.user_id === c.userId)).toBe(true);
  });

  it("keeps each account's rules its own", async () => {
    ok(await setRules(b, { effective_from: '2026-01-05', preset: 'de_arbzg' }));
    const mine = ok(await call(a, 'GET', '/api/pay-rules'));
    expect(mine.history.map((v: { preset: string }) => v.preset)).toEqual(['us_flsa']);
    const theirs = ok(await call(b, 'GET', '/api/pay-rules'));
    expect(theirs.history.map((v: { preset: string }) => v.preset)).toEqual(['de_arbzg']);
    // B's manager cannot open A's employee's day: to B it does not exist.
    const employee = await employeeAt(a, 'Only Mine', '20.00');
    expect((await call(b, 'GET', `/api/employees/${employee}/days/2026-03-04`)).statusCode).toBe(404);
  });
});

describe('who may read and change the rules', () => {
  let owner: Account;
  let scoped: Who;
  let inside: number;
  let outside: number;
  const password = 'scoped admin pass 7';
  beforeAll(async () => {
    owner = await createAccount(t);
    ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
    const warehouse = (await createDepartment(t, owner, { dp_name: 'Warehouse' })).id;
    const office = (await createDepartment(t, owner, { dp_name: 'Office' })).id;
    inside = await employeeAt(owner, 'Pat Packer', '20.00', { department_id: warehouse });
    outside = await employeeAt(owner, 'Cleo Clerk', '20.00', { department_id: office });
    const email = `wanda${Date.now()}@example.com`;
    ok(
      await call(owner, 'POST', '/api/administrators', {
        name: 'Wanda Warehouse',
        email,
        access: 'departments',
        department_ids: [warehouse],
      }),
      201,
    );
    const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    ok(await call(null, 'POST', '/password-update', { ...link, password, password_confirmation: password }));
    const login = ok(await call(null, 'POST', '/api/login', { email, password }));
    scoped = { auth: { authorization: `Bearer ${login.access_token}` } };
  });

  it("lets a department-scoped administrator read the rules and its departments' days, not change or preview", async () => {
    const body = { effective_from: '2026-03-02', preset: 'us_california' };
    expect((await setRules(scoped, body)).statusCode).toBe(403);
    expect(
      (
        await call(scoped, 'POST', '/api/pay-rules/preview', {
          ...body,
          start_date: '2026-03-02',
          end_date: '2026-03-08',
        })
      ).statusCode,
    ).toBe(403);
    expect(await versionsIn(owner.accountId)).toEqual([]);
    ok(await setRules(owner, body));
    expect(ok(await call(scoped, 'GET', '/api/pay-rules')).current.preset).toBe('us_california');
    expect((await call(scoped, 'GET', `/api/employees/${inside}/days/2026-03-04`)).statusCode).toBe(200);
    expect((await call(scoped, 'GET', `/api/employees/${outside}/days/2026-03-04`)).statusCode).toBe(404);
    // A manager has no days of their own.
    expect((await call(owner, 'GET', '/api/me/days/2026-03-04')).statusCode).toBe(403);
  });

  it('lets an employee open only their own day, with View Pay Information; no API key reaches them', async () => {
    const paid = await createEmployeeLogin(t, owner, { view_pay_information: 1 });
    const unpaid = await createEmployeeLogin(t, owner, { view_pay_information: 0 });
    await punch(owner, paid.id, '2026-03-04', '09:00', '17:00');
    const own = ok(await call(paid, 'GET', '/api/me/days/2026-03-04'));
    expect(own.totals.paid).toBe(480);
    expect(ok(await call(paid, 'GET', `/api/employees/${paid.id}/days/2026-03-04`))).toEqual(own);
    expect((await call(paid, 'GET', `/api/employees/${inside}/days/2026-03-04`)).statusCode).toBe(404);
    expect((await call(unpaid, 'GET', '/api/me/days/2026-03-04')).statusCode).toBe(403);
    expect((await call(unpaid, 'GET', `/api/employees/${unpaid.id}/days/2026-03-04`)).statusCode).toBe(403);
    for (const who of [paid, unpaid]) {
      expect((await call(who, 'GET', '/api/pay-rules')).statusCode).toBe(403);
      expect((await setRules(who, { effective_from: '2026-03-02', preset: 'none' })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/pay-rules')).statusCode).toBe(401);
    // An API key opens the read-only integration API only; no scope reaches the pay rules or a day's pay.
    const value = `pck_payrules_${Date.now()}_abcdefghijklmnopqrstuvwxyz`;
    const scopes = ['employees:read', 'departments:read', 'punches:read', 'reports:read'];
    ok(
      await call(owner, 'POST', '/api/apikeys', { key_name: 'Payroll sync', key_value: value, scopes }),
      201,
    );
    for (const [method, url] of [
      ['GET', '/api/pay-rules'],
      ['PUT', '/api/pay-rules'],
      ['GET', `/api/employees/${inside}/days/2026-03-04`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-api-key': value },
        payload: method === 'PUT' ? { effective_from: '2026-03-02', preset: 'none' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the why of a day', () => {
  it('explains a California 13-hour day with one lunch, to the minute and the cent', async () => {
    const owner = await createAccount(t);
    const carla = await employeeAt(owner, 'Carla Long', '20.00');
    ok(await setRules(owner, { effective_from: '2026-06-01', preset: 'us_california' }));
    // Wednesday 2026-06-03: 07:00 to 20:30 with a 30-minute Lunch (Auto, unpaid) at noon.
    await punch(owner, carla, '2026-06-03', '07:00', '20:30');
    await punch(owner, carla, '2026-06-03', '12:00', '12:30', 'Lunch');
    const day = await dayOf(owner, carla, '2026-06-03');
    // 810 min worked, the 30-min lunch unpaid: 780 paid. California Labor Code §510(a): the first 8 h (480)
    // regular, over 8 h at 1.5× up to 12 h (240), over 12 h at 2× (60). §512(a): 780 min of work is more than
    // 10 h, so it needs a second meal period; one was taken, so §226.7(c) adds one hour at the regular rate.
    // Money, one line each (the week has this day only): 8 h × $20 = $160.00, 4 h × $20 × 1.5 = $120.00,
    // 1 h × $20 × 2 = $40.00, the premium 1 h × $20 = $20.00: $340.00.
    const rate = 2000;
    expect(day.totals).toEqual(
      totals({
        worked: 810,
        paid: 780,
        regular: 8 * 60,
        overtime: 4 * 60,
        double_time: 60,
        premium_cents: 1 * rate,
        gross_cents: 8 * rate + 4 * rate * 1.5 + 1 * rate * 2 + 1 * rate,
      }),
    );
    expect(day.steps.map((s) => [s.step, s.minutes])).toEqual([
      ['breaks', 30],
      ['daily_overtime', 240],
      ['daily_overtime', 60],
      ['meal_premium', 60],
      ['money', 780],
    ]);
    expect(day.steps[1].rule).toBe(payRuleTexts.dailyOvertime('us_california', 480, 1.5));
    expect(day.steps[1].rule).toBe('California §510: over 8 h at 1.5×');
    expect(day.steps[2].rule).toBe('California §510: over 12 h at 2×');
    expect(day.steps[3].rule).toBe(payRuleTexts.mealPremium('us_california'));
    expect(day.punches.map((p) => [p.type, p.time_in, p.time_out])).toEqual([
      ['None', '2026-06-03T07:00:00.000Z', '2026-06-03T20:30:00.000Z'],
      ['Lunch', '2026-06-03T12:00:00.000Z', '2026-06-03T12:30:00.000Z'],
    ]);
    expect(day.flags).toEqual([]);
    // A day without work: its (no) punches and zeros.
    const rest = await dayOf(owner, carla, '2026-06-04');
    expect(rest).toEqual({ date: '2026-06-04', punches: [], steps: [], flags: [], totals: totals({}) });
  });

  it('pays days before a rule change in the middle of a month under the rules they had', async () => {
    const owner = await createAccount(t);
    const dana = await employeeAt(owner, 'Dana Mid', '20.00');
    ok(await setRules(owner, { effective_from: '2026-07-01', preset: 'us_flsa' }));
    ok(await setRules(owner, { effective_from: '2026-07-15', preset: 'us_california' }));
    // Wednesdays 2026-07-08 and 2026-07-22: 08:00 to 18:30 with a 30-minute Lunch: 630 worked, 600 paid.
    for (const date of ['2026-07-08', '2026-07-22']) {
      await punch(owner, dana, date, '08:00', '18:30');
      await punch(owner, dana, date, '12:00', '12:30', 'Lunch');
    }
    // 07-08, FLSA (29 U.S.C. §207(a)(1)): 10 h in a week of 10 h, all regular: 10 h × $20 = $200.00.
    const before = await dayOf(owner, dana, '2026-07-08');
    expect(before.totals).toEqual(totals({ worked: 630, paid: 600, regular: 600, gross_cents: 20000 }));
    expect(before.steps.map((s) => s.step)).toEqual(['breaks', 'money']);
    // 07-22, California §510(a): 8 h regular and 2 h at 1.5×: $160.00 + $60.00. One meal period taken for
    // 600 min of work (not more than 10 h): no premium (§512(a)).
    const after = await dayOf(owner, dana, '2026-07-22');
    expect(after.totals).toEqual(
      totals({ worked: 630, paid: 600, regular: 480, overtime: 120, gross_cents: 22000 }),
    );
    expect(after.steps.map((s) => s.step)).toEqual(['breaks', 'daily_overtime', 'money']);
  });
});

describe('the preview of a rule change', () => {
  it("answers each employee's pay before and after, and the after is what the days answer once saved", async () => {
    const owner = await createAccount(t);
    const eve = await employeeAt(owner, 'Eve Six', '25.00');
    const finn = await employeeAt(owner, 'Finn Long', '18.50');
    const idle = await employeeAt(owner, 'Ida Idle', '30.00');
    const week = [
      '2026-08-03',
      '2026-08-04',
      '2026-08-05',
      '2026-08-06',
      '2026-08-07',
      '2026-08-08',
      '2026-08-09',
    ];
    // Eve, Monday to Saturday: 08:00 to 17:30 with a 30-minute Lunch (570 worked, 540 paid a day).
    for (const date of week.slice(0, 6)) {
      await punch(owner, eve, date, '08:00', '17:30');
      await punch(owner, eve, date, '12:00', '12:30', 'Lunch');
    }
    // Finn, Monday: 06:00 to 19:00 without a break (780).
    await punch(owner, finn, week[0], '06:00', '19:00');
    // Another account's employee works the same week: the preview must not see them.
    const other = await createAccount(t);
    const stranger = await employeeAt(other, 'Stranger', '99.00');
    await punch(other, stranger, week[0], '06:00', '19:00');

    const body = {
      effective_from: '2026-08-01',
      preset: 'us_california',
      start_date: week[0],
      end_date: week[6],
    };
    const daysOf = async (employee: number) => Promise.all(week.map((d) => dayOf(owner, employee, d)));
    const beforeDays = { eve: await daysOf(eve), finn: await daysOf(finn) };
    const preview = ok(await call(owner, 'POST', '/api/pay-rules/preview', body)) as {
      employees: { id: number; name: string; before: PayTotals; after: PayTotals }[];
      totals: { before: PayTotals; after: PayTotals };
    };
    expect(await versionsIn(owner.accountId)).toEqual([]); // nothing saved
    expect(preview.employees.map((e) => e.name)).toEqual(['Eve Six', 'Finn Long', 'Ida Idle']);
    const row = (id: number) => preview.employees.find((e) => e.id === id)!;

    // Before (no rules: every paid minute regular): Eve 54 h × $25 = $1,350.00; Finn 13 h × $18.50 = $240.50.
    expect(row(eve).before).toEqual(totals({ worked: 3420, paid: 3240, regular: 3240, gross_cents: 135000 }));
    expect(row(finn).before).toEqual(totals({ worked: 780, paid: 780, regular: 780, gross_cents: 24050 }));
    expect(row(idle).before).toEqual(totals({}));
    expect(row(idle).after).toEqual(totals({}));
    // After, Eve (California Labor Code §510(a)): each day 8 h regular and 1 h daily overtime (6 h in all); the
    // week's regular hours, 48, are 8 over 40, which the workweek rule pays at 1.5× too (hours not already paid
    // as daily overtime). One meal period a day taken for 540 min of work: no premium. 40 h × $25 = $1,000.00
    // and 14 h × $25 × 1.5 = $525.00: $1,525.00.
    expect(row(eve).after).toEqual(
      totals({ worked: 3420, paid: 3240, regular: 2400, overtime: 840, gross_cents: 152500 }),
    );
    // After, Finn: 8 h regular, 4 h at 1.5×, 1 h at 2× (§510(a)); 780 min of work without a meal period needs two
    // (§512(a)): one hour's premium (§226.7(c)). $148.00 + $111.00 + $37.00 + $18.50 = $314.50.
    expect(row(finn).after).toEqual(
      totals({
        worked: 780,
        paid: 780,
        regular: 480,
        overtime: 240,
        double_time: 60,
        premium_cents: 1850,
        gross_cents: 31450,
      }),
    );
    expect(preview.totals.before).toEqual(sum([row(eve).before, row(finn).before]));
    expect(preview.totals.after).toEqual(sum([row(eve).after, row(finn).after]));
    expect(JSON.stringify(preview)).not.toContain('Stranger');

    // The preview's before is what the days answered before saving; its after what they answer once saved.
    expect(sum(beforeDays.eve.map((d) => d.totals))).toEqual(row(eve).before);
    expect(sum(beforeDays.finn.map((d) => d.totals))).toEqual(row(finn).before);
    const { start_date: _s, end_date: _e, ...rules } = body;
    ok(await setRules(owner, rules));
    expect(sum((await daysOf(eve)).map((d) => d.totals))).toEqual(row(eve).after);
    expect(sum((await daysOf(finn)).map((d) => d.totals))).toEqual(row(finn).after);
  });
  it('reads the period for all employees at once: as many statements for 6 employees as for 2', async () => {
    const statementsOf = async (employees: number) => {
      const owner = await createAccount(t);
      for (let i = 0; i < employees; i++) {
        const id = await employeeAt(owner, `Many ${i}`, '20.00');
        await punch(owner, id, '2026-09-08', '08:00', '17:00');
      }
      const seen: string[] = [];
      statementObserver.onStatement = (text) => seen.push(text);
      try {
        const res = await call(owner, 'POST', '/api/pay-rules/preview', {
          effective_from: '2026-09-01',
          preset: 'us_california',
          start_date: '2026-09-07',
          end_date: '2026-09-13',
        });
        expect(ok(res).employees).toHaveLength(employees);
      } finally {
        statementObserver.onStatement = undefined;
      }
      return seen;
    };
    const few = await statementsOf(2);
    const many = await statementsOf(6);
    expect(many.filter((text) => /from "punches"/.test(text))).toHaveLength(1);
    expect(many).toHaveLength(few.length);
  });
});
