import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD, DEMO_ZONE, seedDemo } from '../src/demo/demo-data';
import { localDay, localTime, zonedToUtc } from '../src/lib/time';
import { useTestApp } from './helper';

const t = useTestApp();

/** An instant on the demo company's wall clock. */
const demoClock = (date: string, time: string) => zonedToUtc(date, time, DEMO_ZONE);
// Late November 2026 in New York: the 25th is a Wednesday, the 29th a Sunday.
const WEDNESDAY_10 = demoClock('2026-11-25', '10:00');

async function demoAccountId() {
  const row = await t.db
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

async function demoPunches() {
  return t.db
    .selectFrom('punches')
    .innerJoin('employees', 'employees.id', 'punches.employee_ref')
    .select([
      'employees.employee_id',
      'punches.work_date',
      'punches.time_in',
      'punches.time_out',
      'punches.station_id',
      'punches.station_out_id',
      'punches.notes',
      'punches.created_at',
    ])
    .where('punches.account_id', '=', await demoAccountId())
    .execute();
}

/** The demo's open shifts as the dashboard's "who is in" reads them. */
async function openShifts() {
  return (await demoPunches()).filter((p) => p.time_out === null);
}

async function managerToken() {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return login.json().access_token as string;
}

describe('demo data', () => {
  it('creates a demo account that logs in, and refreshes it without duplicating anything', async () => {
    const first = await seedDemo(t.db, 'test-secret', WEDNESDAY_10);
    const second = await seedDemo(t.db, 'test-secret', WEDNESDAY_10);
    expect(second).toEqual(first);
    expect(first.employees).toBe(40);
    expect(first.punches).toBeGreaterThan(40 * 5 * 7);

    const accounts = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', DEMO_EMAIL)
      .execute();
    expect(accounts).toHaveLength(1);
    const accountId = accounts[0].account_id;
    const count = async (table: 'employees' | 'punches' | 'departments') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('employees')).toBe(40);
    expect(await count('punches')).toBe(first.punches);
    expect(await count('departments')).toBeGreaterThanOrEqual(5);
    expect(await openShifts()).toHaveLength(first.clockedIn);
    // The activity log holds each shift's clock-in and each clock-out: open shifts have none yet.
    const logged = Number(
      (
        await t.db
          .selectFrom('activity_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('action', 'in', ['punch.clock_in', 'punch.clock_out'])
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(logged).toBe(first.punches * 2 - first.clockedIn);

    await managerToken();
    const employee = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_EMPLOYEE_EMAIL, password: DEMO_PASSWORD },
    });
    expect(employee.statusCode).toBe(200);
    expect(employee.json()).toMatchObject({ user_type: 'employee', employee_id: 'E1001' });
    expect(typeof employee.json().emp_id).toBe('number');
  });

  it('on a weekday morning, has people in since this morning and the earlier days closed but one', async () => {
    const seeded = await seedDemo(t.db, 'test-secret', WEDNESDAY_10);
    const open = await openShifts();
    const today = open.filter((p) => p.work_date === '2026-11-25');
    // Most of the 40 are at work by 10:00; each came in this morning, before now.
    expect(today.length).toBeGreaterThanOrEqual(30);
    for (const p of today) {
      expect(localDay(new Date(p.time_in), DEMO_ZONE)).toBe('2026-11-25');
      expect(localTime(new Date(p.time_in), DEMO_ZONE) >= '06:30').toBe(true);
      expect(Date.parse(p.time_in)).toBeLessThanOrEqual(WEDNESDAY_10.getTime());
    }
    // Late arrivals are in too: the latest came in well after 9:00.
    expect(today.some((p) => p.notes === 'Late arrival')).toBe(true);
    // Earlier days are closed, but for the one forgotten clock-out of yesterday (E1004, not in again today).
    const earlier = open.filter((p) => p.work_date !== '2026-11-25');
    expect(earlier.map((p) => [p.employee_id, p.work_date])).toEqual([['E1004', '2026-11-24']]);
    expect(open).toHaveLength(seeded.clockedIn);

    // The manager's dashboard says so (whatever the real clock: these shifts are open now).
    const token = await managerToken();
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().in_now).toHaveLength(open.length);
  });

  it('keeps the weeks of history: late arrivals, lunch breaks, 8 weeks back', async () => {
    await seedDemo(t.db, 'test-secret', WEDNESDAY_10);
    const punches = await demoPunches();
    const days = [...new Set(punches.map((p) => p.work_date))].sort();
    expect(days[0]).toBe('2026-09-30'); // the Wednesday 8 weeks before
    expect(days.at(-1)).toBe('2026-11-25');
    // Weekdays only: 8 weeks of 5, and today.
    expect(days).toHaveLength(41);
    expect(days.every((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toBe(true);
    expect(punches.filter((p) => p.notes === 'Late arrival').length).toBeGreaterThan(50);
    expect(punches.filter((p) => p.notes === 'Back from lunch').length).toBeGreaterThan(100);
  });

  it('makes no punch after now: nothing is in the future, not even in the activity log', async () => {
    for (const now of [WEDNESDAY_10, demoClock('2026-11-25', '12:15'), new Date()]) {
      await seedDemo(t.db, 'test-secret', now);
      const punches = await demoPunches();
      const latest = Math.max(
        ...punches.flatMap((p) => [p.time_in, p.time_out ?? p.time_in, p.created_at].map(Date.parse)),
      );
      expect(latest).toBeLessThanOrEqual(now.getTime());
      const logs = await t.db
        .selectFrom('activity_logs')
        .select('created_at')
        .where('account_id', '=', await demoAccountId())
        .execute();
      expect(Math.max(...logs.map((l) => Date.parse(l.created_at)))).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('at lunch, those out for lunch are not in, and are back after it', async () => {
    await seedDemo(t.db, 'test-secret', demoClock('2026-11-25', '12:15'));
    const todays = (await demoPunches()).filter((p) => p.work_date === '2026-11-25');
    const atLunch = todays.filter((p) => p.time_out === demoClock('2026-11-25', '12:00').toISOString());
    expect(atLunch.length).toBeGreaterThan(3);
    // Nobody is back from lunch before 12:30.
    expect(todays.filter((p) => p.notes === 'Back from lunch')).toHaveLength(0);
    const open = new Set(todays.filter((p) => p.time_out === null).map((p) => p.employee_id));
    for (const p of atLunch) expect(open.has(p.employee_id)).toBe(false);
  });

  it('shows each station last seen at its latest punch, on the Devices list', async () => {
    await seedDemo(t.db, 'test-secret', WEDNESDAY_10);
    const punches = await demoPunches();
    const stations = await t.app.inject({
      method: 'GET',
      url: '/api/stations',
      headers: { authorization: `Bearer ${await managerToken()}` },
    });
    expect(stations.statusCode).toBe(200);
    const list = stations.json().data as { id: number; name: string; last_seen_at: string | null }[];
    expect(list.map((s) => s.name).sort()).toEqual(['Front entrance tablet', 'Warehouse dock PC']);
    for (const s of list) {
      const times = punches.flatMap((p) => [
        ...(p.station_id === s.id ? [Date.parse(p.time_in)] : []),
        ...(p.station_out_id === s.id && p.time_out ? [Date.parse(p.time_out)] : []),
      ]);
      expect(times.length).toBeGreaterThan(100);
      expect(s.last_seen_at).not.toBeNull();
      expect(Date.parse(s.last_seen_at!)).toBe(Math.max(...times));
      // This morning, since people are coming in at both.
      expect(localDay(new Date(s.last_seen_at!), DEMO_ZONE)).toBe('2026-11-25');
    }
  });

  it('at night and at the weekend, nobody is in but the forgotten clock-out; the stations were last seen on the last working day', async () => {
    const cases = [
      { now: demoClock('2026-11-29', '03:00'), lastDay: '2026-11-27' }, // Sunday night
      { now: demoClock('2026-11-28', '14:00'), lastDay: '2026-11-27' }, // Saturday afternoon
      { now: demoClock('2026-11-25', '03:00'), lastDay: '2026-11-24' }, // Wednesday, small hours
      { now: demoClock('2026-11-25', '22:00'), lastDay: '2026-11-25' }, // Wednesday, everyone gone home
    ];
    for (const { now, lastDay } of cases) {
      await seedDemo(t.db, 'test-secret', now);
      const open = await openShifts();
      const forgottenDay = lastDay === localDay(now, DEMO_ZONE) ? '2026-11-24' : lastDay;
      expect(
        open.map((p) => [p.employee_id, p.work_date]),
        now.toISOString(),
      ).toEqual([['E1004', forgottenDay]]);
      const punches = await demoPunches();
      expect(Math.max(...punches.map((p) => Date.parse(p.work_date)))).toBe(Date.parse(lastDay));
      const stations = await t.db
        .selectFrom('stations')
        .select('last_seen_at')
        .where('account_id', '=', await demoAccountId())
        .execute();
      for (const s of stations) expect(localDay(new Date(s.last_seen_at!), DEMO_ZONE)).toBe(lastDay);
    }
  });

  it('early on a weekday, only the drivers are in', async () => {
    await seedDemo(t.db, 'test-secret', demoClock('2026-11-25', '07:30'));
    const todays = (await openShifts()).filter((p) => p.work_date === '2026-11-25');
    expect(todays.length).toBeGreaterThan(0);
    expect(todays.length).toBeLessThan(10);
    const departments = await t.db
      .selectFrom('employees')
      .innerJoin('departments', 'departments.id', 'employees.department_id')
      .select(['employees.employee_id', 'departments.dp_name'])
      .where(
        'employees.employee_id',
        'in',
        todays.map((p) => p.employee_id),
      )
      .where('employees.account_id', '=', await demoAccountId())
      .execute();
    expect(new Set(departments.map((d) => d.dp_name))).toEqual(new Set(['Delivery']));
  });
});
