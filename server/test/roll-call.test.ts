import { ROLL_CALL_PLACES, ROLL_CALL_TEXT, type RollCallAnswer } from '@punchclock/contract';
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
import { uniqueSuffix, useTestApp } from './helper';
import { scopedAdministrator } from './proof/world';

/**
 * The emergency roll call (GET /api/roll-call) on both databases: who has an open work shift now, grouped by
 * where they clocked in or by department, each with their clock-in in the account's zone and formats; for a
 * manager (a department-scoped one: their departments only) and a paired station, never for an employee's login,
 * and never across accounts.
 */
const t = useTestApp();
type Headers = Record<string, string>;
const get = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/roll-call${query}`, headers });
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const cid = () => `rc${uniqueSuffix()}`;
const names = (a: RollCallAnswer) => a.groups.flatMap((g) => g.people.map((p) => p.name));

let a: Account;
let b: Account;
let gate: { id: number; token: string };
let gateB: { id: number; token: string };
const dept = { yard: 0, office: 0 };
let self: { auth: Headers };
let scoped: { auth: Headers };

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
  // Kathmandu (+05:45), DD/MM/YY, 24 hours: a clock-in's text is not the UTC one by accident.
  const settings = await post(a.auth, '/api/settings', {
    user_id: a.userId,
    time_zone: 'Asia/Kathmandu',
    date_format: 'DD/MM/YY',
    time_format: '24 Hours',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  dept.yard = (await createDepartment(t, a, { dp_name: 'Yard' })).id;
  dept.office = (await createDepartment(t, a, { dp_name: 'Office' })).id;
  gate = await createStation(t, a, 'North Gate');
  gateB = await createStation(t, b, 'B Gate');
  const station = { authorization: `Station ${gate.token}` };

  // Yard: Ann and Bo clock in at the North Gate station; Cy clocked in and out again (not on site).
  for (const name of ['Ann Yard', 'Bo Yard', 'Cy Yard']) {
    const e = await createEmployee(t, a, { name, department_id: dept.yard });
    const res = await post(station, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    expect(res.statusCode, res.body).toBe(200);
    if (name === 'Cy Yard')
      expect(
        (await post(station, '/api/clock-out', { employee_id: e.code, client_id: cid() })).statusCode,
      ).toBe(200);
  }
  // Office: Di punches herself in from her own login; a manager clocks Ed in from the web clock; Flo has an
  // open shift entered by hand at a fixed instant (03:15 UTC is 09:00 in Kathmandu); Gus left (deleted).
  const di = await createEmployeeLogin(t, a, {
    name: 'Di Office',
    department_id: dept.office,
    punch_in_out: true,
  });
  self = { auth: di.auth };
  expect((await post(di.auth, '/api/clock-in', { employee_id: di.code, client_id: cid() })).statusCode).toBe(
    200,
  );
  const ed = await createEmployee(t, a, { name: 'Ed Office', department_id: dept.office });
  expect((await post(a.auth, '/api/clock-in', { employee_id: ed.code, client_id: cid() })).statusCode).toBe(
    200,
  );
  const flo = await createEmployee(t, a, { name: 'Flo Office', department_id: dept.office });
  await insertPunch(t, a.accountId, flo.id, { time_in: '2026-11-20T03:15:00.000Z', source: 'manual' });
  const gus = await createEmployee(t, a, { name: 'Gus Gone', department_id: dept.office });
  await insertPunch(t, a.accountId, gus.id, { time_in: new Date(Date.now() - 3_600_000).toISOString() });
  expect(
    (await t.app.inject({ method: 'DELETE', url: `/employees/${gus.id}`, headers: a.auth })).statusCode,
  ).toBe(200);

  // Account B: one person on site at its own station.
  const bee = await createEmployee(t, b, { name: 'Bea Other' });
  expect(
    (
      await post({ authorization: `Station ${gateB.token}` }, '/api/clock-in', {
        employee_id: bee.code,
        client_id: cid(),
      })
    ).statusCode,
  ).toBe(200);

  scoped = await scopedAdministrator(t, a, dept.yard);
});

describe('GET /api/roll-call', () => {
  it('lists open work shifts by where they were punched in, with counts and the clock-in on the account clock', async () => {
    const res = await get(a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RollCallAnswer;
    expect(answer.group).toBe('location');
    expect(answer.time_zone).toBe('Asia/Kathmandu');
    expect(answer.count).toBe(5);
    expect(answer.groups.map((g) => [g.name, g.count, g.people.map((p) => p.name)])).toEqual([
      [ROLL_CALL_PLACES.manager, 2, ['Ed Office', 'Flo Office']],
      ['North Gate', 2, ['Ann Yard', 'Bo Yard']],
      [ROLL_CALL_PLACES.web, 1, ['Di Office']],
    ]);
    const flo = answer.groups[0].people[1];
    expect(flo).toMatchObject({
      department: 'Office',
      location: ROLL_CALL_PLACES.manager,
      station_id: null,
      time_in: '2026-11-20T03:15:00.000Z',
      time_in_text: '20/11/26 09:00',
    });
    expect(answer.groups[1].people[0]).toMatchObject({ station_id: gate.id, department: 'Yard' });
    // A live clock-in's text is its instant on the Kathmandu wall clock.
    const ann = answer.groups[1].people[0];
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kathmandu',
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(ann.time_in))
      .replace(',', '');
    expect(ann.time_in_text).toBe(wall);
    expect(names(answer)).not.toContain('Cy Yard');
    expect(names(answer)).not.toContain('Gus Gone');
    expect(names(answer)).not.toContain('Bea Other');
  });

  it('groups by department when asked, and refuses an unknown grouping with a clear 400', async () => {
    const res = await get(a.auth, '?group=department');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RollCallAnswer;
    expect(answer.groups.map((g) => [g.name, g.count])).toEqual([
      ['Office', 3],
      ['Yard', 2],
    ]);
    const bad = await get(a.auth, '?group=floor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String) });
    expect(bad.json().message).toContain(ROLL_CALL_TEXT.badGroup);
  });

  it("shows a closed shift's employee again only when they clock in again", async () => {
    const res = await get({ authorization: `Station ${gate.token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json())).toHaveLength(5);
    const cy = await t.db
      .selectFrom('employees')
      .select('employee_id')
      .where('name', '=', 'Cy Yard')
      .executeTakeFirstOrThrow();
    const station = { authorization: `Station ${gate.token}` };
    expect(
      (await post(station, '/api/clock-in', { employee_id: cy.employee_id, client_id: cid() })).statusCode,
    ).toBe(200);
    const after = (await get(station)).json() as RollCallAnswer;
    expect(after.count).toBe(6);
    expect(after.groups.find((g) => g.name === 'North Gate')?.people.map((p) => p.name)).toEqual([
      'Ann Yard',
      'Bo Yard',
      'Cy Yard',
    ]);
    expect(
      (await post(station, '/api/clock-out', { employee_id: cy.employee_id, client_id: cid() })).statusCode,
    ).toBe(200);
    expect(((await get(station)).json() as RollCallAnswer).count).toBe(5);
  });

  it('gives a department-scoped administrator their departments only, and each account its own', async () => {
    const mine = (await get(scoped.auth)).json() as RollCallAnswer;
    expect(names(mine).sort()).toEqual(['Ann Yard', 'Bo Yard']);
    const other = (await get(b.auth)).json() as RollCallAnswer;
    expect(names(other)).toEqual(['Bea Other']);
    const otherStation = (await get({ authorization: `Station ${gateB.token}` })).json() as RollCallAnswer;
    expect(otherStation.groups).toEqual([expect.objectContaining({ name: 'B Gate', count: 1 })]);
  });

  it('refuses an employee login (403), no token or an API key (401), and a revoked station (401)', async () => {
    const employee = await get(self.auth);
    expect(employee.statusCode).toBe(403);
    expect(employee.body).not.toContain('Ann Yard');
    expect((await get({})).statusCode).toBe(401);
    const value = `pck_rollcall_${Date.now()}_abcdefghijklmnopqrstuvwxyz`;
    expect((await post(a.auth, '/api/apikeys', { key_name: 'Roll call', key_value: value })).statusCode).toBe(
      201,
    );
    const key = await get({ 'x-api-key': value });
    expect(key.statusCode).toBe(401);
    expect(key.body).not.toContain('Ann Yard');
    const spare = await createStation(t, a, 'Spare');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/stations/${spare.id}`, headers: a.auth }))
        .statusCode,
    ).toBe(200);
    expect((await get({ authorization: `Station ${spare.token}` })).statusCode).toBe(401);
  });
});
