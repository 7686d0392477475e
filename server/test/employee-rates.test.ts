import { describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/time';
import { addDays } from '../src/modules/time/calendar';
import { type Account, createAccount, createDepartment, insertPunch } from './factories';
import { useTestApp } from './helper';

/**
 * A change of an employee's hourly rate pays the days from its effective day at the new rate; the days before
 * keep the rate they were worked at (employee_rates). Every figure below is computed by hand.
 */
const t = useTestApp();

async function employeeAt(a: Account, rate: string) {
  const department_id = (await createDepartment(t, a)).id;
  const body = { name: 'Rita Rate', employee_id: `R${Date.now()}`, department_id, hourly_rate: rate };
  const res = await t.app.inject({ method: 'POST', url: '/employees', headers: a.auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const edit = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/employees/${id}`,
      headers: a.auth,
      payload: { ...body, ...fields },
    });
  return { id, edit };
}

const payroll = async (a: Account, start_date: string, end_date: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/getdata',
    headers: a.auth,
    payload: { reportname: 'Payroll Summary', start_date, end_date },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { paid: number; rate: number | null; gross: number; net: number }[] };
};

const dailyEarnings = async (a: Account, employee_id: number, start_date: string, end_date: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/with-deductions',
    headers: a.auth,
    payload: { employee_id, start_date, end_date },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.earnings.daily as Record<string, number>;
};

const ratesOf = async (a: Account, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/employees/${id}/rates`, headers: a.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { effective_from: string; hourly_rate: string }[]).map((r) => [
    r.effective_from,
    r.hourly_rate,
  ]);
};

describe('hourly rate changes', () => {
  it('pay each day at the rate of its day, in reports and earnings, on both paths of the engine', async () => {
    const a = await createAccount(t); // UTC
    const e = await employeeAt(a, '20.00');
    // Nov 2: 8 h; Nov 9: 4 h 30 min; Nov 16: 1 h 1 min.
    await insertPunch(t, a.accountId, e.id, {
      time_in: '2026-11-02T09:00:00.000Z',
      time_out: '2026-11-02T17:00:00.000Z',
    });
    await insertPunch(t, a.accountId, e.id, {
      time_in: '2026-11-09T09:00:00.000Z',
      time_out: '2026-11-09T13:30:00.000Z',
    });
    await insertPunch(t, a.accountId, e.id, {
      time_in: '2026-11-16T09:00:00.000Z',
      time_out: '2026-11-16T10:01:00.000Z',
    });
    expect(await ratesOf(a, e.id)).toEqual([]);

    // 25.00 from Nov 9, in cents: 8 h × 2,000 = 16,000; 4.5 h × 2,500 = 11,250;
    // 61 min × 2,500 / 60 = 2,541.67 → 2,542 (rounded per day).
    const raised = await e.edit({ hourly_rate: '25.00', rate_effective_from: '2026-11-09' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data.hourly_rate).toBe('25.00');
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-11-09', '25.00'],
      ['1900-01-01', '20.00'],
    ]);
    let month = await payroll(a, '2026-11-01', '2026-11-30');
    expect(month.data).toHaveLength(1);
    // Payroll pays one line per rate (docs/RULES.md#pay-lines): 8.00 h × $20 = 16,000 and (270 + 61 =) 331 min
    // = 5.52 h × $25 = 13,800; the days of the earnings below are each rounded by the engine.
    expect(month.data[0]).toMatchObject({ paid: 480 + 270 + 61, gross: 16_000 + 13_800, rate: null });
    expect(await dailyEarnings(a, e.id, '2026-11-01', '2026-11-30')).toEqual({
      '2026-11-02': 16_000,
      '2026-11-09': 11_250,
      '2026-11-16': 2_542,
    });
    // A period before the raise keeps its rate, and shows it (not today's).
    expect((await payroll(a, '2026-11-01', '2026-11-08')).data[0]).toMatchObject({
      rate: 2_000,
      gross: 16_000,
    });
    expect((await payroll(a, '2026-11-09', '2026-11-30')).data[0]).toMatchObject({ rate: 2_500 });

    // 30.00 back-dated to Nov 5 replaces the Nov 9 change: Nov 9 is 4.5 h × 3,000 = 13,500 and Nov 16
    // 61 × 3,000 / 60 = 3,050; Nov 2 stays 16,000.
    const back = await e.edit({ hourly_rate: '30.00', rate_effective_from: '2026-11-05' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-11-05', '30.00'],
      ['1900-01-01', '20.00'],
    ]);
    month = await payroll(a, '2026-11-01', '2026-11-30');
    // 331 min = 5.52 h × $30 = 16,560 in one line.
    expect(month.data[0]).toMatchObject({ gross: 16_000 + 16_560 });
    expect(await dailyEarnings(a, e.id, '2026-11-01', '2026-11-30')).toEqual({
      '2026-11-02': 16_000,
      '2026-11-09': 13_500,
      '2026-11-16': 3_050,
    });

    // The engine's own path (rounding the database cannot do: a +05:45 zone with a 10-minute step) pays alike.
    // 09:00 UTC is 14:45 in Kathmandu, rounded half up to 14:50; 17:00, 13:30 and 10:01 UTC are 22:45, 19:15 and
    // 15:46 → 22:50, 19:20 and 15:50: 480 and 270 minutes as before, and Nov 16 60 minutes × 3,000 / 60 = 3,000.
    const set = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: a.auth,
      payload: { time_zone: 'Asia/Kathmandu', time_rounding: '10 Minutes' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await dailyEarnings(a, e.id, '2026-11-01', '2026-11-30')).toEqual({
      '2026-11-02': 16_000,
      '2026-11-09': 13_500,
      '2026-11-16': 3_000,
    });
  });

  it('move to another day when the same rate is sent with a date (a raise entered late, or too early)', async () => {
    const a = await createAccount(t); // UTC
    const e = await employeeAt(a, '10.00');
    for (const day of ['2026-03-10', '2026-03-16'])
      await insertPunch(t, a.accountId, e.id, {
        time_in: `${day}T09:00:00.000Z`,
        time_out: `${day}T17:00:00.000Z`,
      });
    const march = async () => (await payroll(a, '2026-03-01', '2026-03-31')).data[0].gross;

    // 12.00 from Mar 16: 8 h × 1,000 + 8 h × 1,200 = 8,000 + 9,600.
    expect((await e.edit({ hourly_rate: '12.00', rate_effective_from: '2026-03-16' })).statusCode).toBe(200);
    expect(await march()).toBe(17_600);
    // The raise was due on Mar 10: the same rate with that day pays both days at 1,200 (9,600 + 9,600).
    const earlier = await e.edit({ hourly_rate: '12.00', rate_effective_from: '2026-03-10' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-03-10', '12.00'],
      ['1900-01-01', '10.00'],
    ]);
    expect(await march()).toBe(19_200);
    expect(await dailyEarnings(a, e.id, '2026-03-01', '2026-03-31')).toEqual({
      '2026-03-10': 9_600,
      '2026-03-16': 9_600,
    });
    // And later again, to Mar 20: both days fall back to 10.00 (8,000 + 8,000); today's rate stays 12.00.
    expect((await e.edit({ hourly_rate: '12.00', rate_effective_from: '2026-03-20' })).statusCode).toBe(200);
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-03-20', '12.00'],
      ['1900-01-01', '10.00'],
    ]);
    expect(await march()).toBe(16_000);
    const now = await t.app.inject({ method: 'GET', url: `/api/employees/${e.id}`, headers: a.auth });
    expect(now.json().data.hourly_rate).toBe('12.00');
  });

  it('start today by default, never after today in the account’s zone, and only when the rate changes', async () => {
    // UTC+14: the account's today is often UTC's tomorrow.
    const a = await createAccount(t);
    const set = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: a.auth,
      payload: { time_zone: 'Pacific/Kiritimati' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const today = localDay(new Date(), 'Pacific/Kiritimati');
    const e = await employeeAt(a, '18.00');

    const same = await e.edit({ hourly_rate: '18.00', rate_effective_from: '2026-01-01', title: 'Lead' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await ratesOf(a, e.id)).toEqual([]);

    const future = await e.edit({ hourly_rate: '19.00', rate_effective_from: addDays(today, 1) });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({
      message: 'A new rate cannot start after today.',
      errors: { rate_effective_from: ['A new rate cannot start after today.'] },
    });
    // Refused whole: the title and the rate are as before.
    const after = await t.app.inject({ method: 'GET', url: `/api/employees/${e.id}`, headers: a.auth });
    expect(after.json().data).toMatchObject({ hourly_rate: '18.00', title: 'Lead' });
    expect(await ratesOf(a, e.id)).toEqual([]);

    for (const bad of ['2026-02-30', 'tomorrow', 20260101, '']) {
      const res = await e.edit({ hourly_rate: '19.00', rate_effective_from: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors?.rate_effective_from, String(bad)).toBeDefined();
    }

    const plain = await e.edit({ hourly_rate: '19.00' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await ratesOf(a, e.id)).toEqual([
      [today, '19.00'],
      ['1900-01-01', '18.00'],
    ]);
    // The change is in the activity log with its day.
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'employee.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ rate_effective_from: today });
  });

  it('are another account’s business only: its manager gets 404, and its reports never see them', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const e = await employeeAt(a, '20.00');
    expect((await e.edit({ hourly_rate: '21.00', rate_effective_from: '2026-11-01' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/employees/${e.id}/rates`, headers: b.auth });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('21.00');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/employees/${e.id}`,
      headers: b.auth,
      payload: {
        name: 'X',
        employee_id: 'X1',
        department_id: (await createDepartment(t, b)).id,
        hourly_rate: '99.00',
        rate_effective_from: '2026-11-01',
      },
    });
    expect(put.statusCode).toBe(404);
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-11-01', '21.00'],
      ['1900-01-01', '20.00'],
    ]);
  });

  it('of a deleted employee are corrected by their own account only, and their reports pay the corrected rate', async () => {
    const a = await createAccount(t); // UTC
    const b = await createAccount(t);
    const e = await employeeAt(a, '20.00');
    const other = await employeeAt(b, '20.00');
    // Nov 3: 7 h 15 min at 20.00 = 14,500 cents.
    await insertPunch(t, a.accountId, e.id, {
      time_in: '2026-11-03T08:00:00.000Z',
      time_out: '2026-11-03T15:15:00.000Z',
    });
    for (const [who, id] of [
      [a, e.id],
      [b, other.id],
    ] as const) {
      const del = await t.app.inject({ method: 'DELETE', url: `/employees/${id}`, headers: who.auth });
      expect(del.statusCode, del.body).toBe(200);
    }
    expect((await payroll(a, '2026-11-01', '2026-11-30')).data[0]).toMatchObject({
      paid: 435,
      gross: 14_500,
    });
    const change = (who: Account, id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/employees/${id}/rates`, headers: who.auth, payload });

    // The edit of a deleted employee stays refused, the rate with it.
    expect((await e.edit({ hourly_rate: '24.00', rate_effective_from: '2026-11-01' })).statusCode).toBe(404);
    // Bad input is refused before anything changes.
    expect((await change(a, e.id, { hourly_rate: 'lots' })).statusCode).toBe(400);
    expect(
      (await change(a, e.id, { hourly_rate: '24.00', rate_effective_from: '2026-13-01' })).statusCode,
    ).toBe(400);
    expect((await change(a, e.id, {})).statusCode).toBe(400);
    expect(
      (await change(a, e.id, { hourly_rate: '24.00', rate_effective_from: '2999-01-01' })).statusCode,
    ).toBe(422);
    // Another account's deleted employee, and this one to the other account, do not exist.
    expect((await change(a, other.id, { hourly_rate: '24.00' })).statusCode).toBe(404);
    expect((await change(b, e.id, { hourly_rate: '99.00' })).statusCode).toBe(404);
    expect(await ratesOf(a, e.id)).toEqual([]);

    // 24.00 from Nov 1: 7.25 h × 2,400 = 17,400 cents.
    const fixed = await change(a, e.id, { hourly_rate: '24.00', rate_effective_from: '2026-11-01' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.map((r: { hourly_rate: string }) => r.hourly_rate)).toEqual(['24.00', '20.00']);
    expect(await ratesOf(a, e.id)).toEqual([
      ['2026-11-01', '24.00'],
      ['1900-01-01', '20.00'],
    ]);
    expect((await payroll(a, '2026-11-01', '2026-11-30')).data[0]).toMatchObject({
      paid: 435,
      gross: 17_400,
    });
    expect(await dailyEarnings(a, e.id, '2026-11-01', '2026-11-30')).toEqual({ '2026-11-03': 17_400 });
    const shown = await t.app.inject({ method: 'GET', url: `/api/employees/${e.id}`, headers: a.auth });
    expect(shown.json().data).toMatchObject({ hourly_rate: '24.00' });
    expect(shown.json().data.deleted_at).toBeTruthy();
    // B's deleted employee kept its rate.
    expect(await ratesOf(b, other.id)).toEqual([]);
  });
});
