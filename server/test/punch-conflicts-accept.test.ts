import { messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay, localTime, zonedToUtc } from '../src/lib/time';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from './factories';
import { lastLinkTo, useTestApp } from './helper';

/**
 * POST /api/punch-conflicts/:id/accept on both databases: a manager applies a punch the server refused at sync (a
 * wrong PIN, a conflict, a revoked station's hand-over) in one step, at its own time or a corrected one, through
 * the same punch rules as every other write.
 */
const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });
// Half an hour off UTC: a wall-clock time read in the wrong zone would be found out.
const ZONE = 'Asia/Kolkata';
const PIN = '2468';

interface Setup {
  owner: Account;
  station: { id: number; token: string };
}
let a: Setup;
let b: Setup;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let n = 0;
const cid = () => `acc${Date.now().toString(36)}${(n += 1)}x${Math.random().toString(36).slice(2, 8)}`;

async function setup(): Promise<Setup> {
  const owner = await createAccount(t, { time_zone: ZONE });
  return { owner, station: await createStation(t, owner) };
}

async function employee(s: Setup = a) {
  return createEmployee(t, s.owner, {
    name: 'Rita Refused',
    pin: PIN,
    use_card_or_pin: 1,
    permission_app: 1,
  });
}

/** A punch the station synced with a wrong PIN: refused, and listed for the manager. Answers its issue id. */
async function refused(code: string, kind: 'in' | 'out', deviceTime: string, s: Setup = a): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/punches/sync',
    headers: { authorization: `Station ${s.station.token}` },
    payload: {
      punches: [{ client_id: cid(), kind, employee_id: code, pin: '0000', device_time: deviceTime }],
    },
  });
  expect(res.json().results[0], res.body).toMatchObject({
    status: 'rejected',
    message: messages.clock.pinWrong,
  });
  const issue = (await issues(s)).find((i) => i.employee_id === code && i.device_time === deviceTime);
  if (!issue) throw new Error(`no issue listed for ${code}`);
  return issue.id;
}

const issues = async (s: Setup = a) =>
  (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: s.owner.auth })).json().data as {
    id: number;
    employee_id: string | null;
    device_time: string | null;
    employee_ref: number | null;
  }[];

const accept = (id: number | string, payload?: unknown, headers: Record<string, string> = a.owner.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/punch-conflicts/${id}/accept`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const punchesOf = (employeeRef: number) =>
  t.db
    .selectFrom('punches')
    .selectAll()
    .where('employee_ref', '=', employeeRef)
    .where('deleted_at', 'is', null)
    .orderBy('time_in')
    .execute();

const accepted = (accountId: number) =>
  t.db
    .selectFrom('activity_logs')
    .select(['details', 'user_id', 'employee_id'])
    .where('account_id', '=', accountId)
    .where('action', '=', 'punch.conflict_accepted')
    .execute();

const fixes = (accountId: number) =>
  t.db.selectFrom('punch_conflict_fixes').select('log_id').where('account_id', '=', accountId).execute();

/** Whether the issue, punches, fixes and log of the account are as they were: a refused call wrote nothing. */
async function unchanged(accountId: number, employeeRef: number, call: () => Promise<unknown>) {
  const count = async () => ({
    punches: JSON.stringify(await punchesOf(employeeRef)),
    fixes: (await fixes(accountId)).length,
    logs: (await t.db.selectFrom('activity_logs').select('id').where('account_id', '=', accountId).execute())
      .length,
  });
  const before = await count();
  await call();
  expect(await count()).toEqual(before);
}

beforeAll(async () => {
  a = await setup();
  b = await setup();
});

describe('accepting a refused clock-in', () => {
  it('opens the shift at the punched time as the manager, takes the issue off the list and logs it', async () => {
    const e = await employee();
    const at = new Date(Date.parse(minutesAgo(50)) + 1_234).toISOString();
    const id = await refused(e.code, 'in', at);
    expect(await punchesOf(e.id)).toEqual([]);

    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(200);
    const [punch] = await punchesOf(e.id);
    expect(res.json()).toEqual({
      message: messages.conflicts.accepted,
      punch: { id: punch.id, employee_ref: e.id, time_in: at, time_out: null },
      time: at,
      time_changed: false,
    });
    // An open shift at the device's very time, the manager's, with the station and the device time kept.
    expect(punch).toMatchObject({
      time_in: at,
      time_out: null,
      source: 'manager',
      station_id: a.station.id,
      created_by_user_id: a.owner.userId,
      device_time_in: at,
      late_sync: 0,
      work_date: localDay(new Date(at), ZONE),
    });
    expect((await issues()).map((i) => i.id)).not.toContain(id);
    expect(await accepted(a.owner.accountId)).toEqual([
      {
        user_id: a.owner.userId,
        employee_id: e.id,
        details: expect.any(String),
      },
    ]);
    expect(JSON.parse((await accepted(a.owner.accountId))[0].details!)).toMatchObject({
      log_id: id,
      punch_id: punch.id,
      kind: 'in',
      time_changed: false,
      station_id: a.station.id,
    });
    // The employee is in: the station's check says so.
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/check-employee',
      headers: { authorization: `Station ${a.station.token}` },
      payload: { employee_id: e.code },
    });
    expect(check.json()).toMatchObject({ clocked_in: true, clock_in_time: at });
  });

  it('takes a corrected date and time on the account’s wall clock, and says the time changed', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(300));
    const wanted = new Date(Date.now() - 240 * 60_000);
    const date = localDay(wanted, ZONE);
    const time = localTime(wanted, ZONE);
    const res = await accept(id, { date, time });
    expect(res.statusCode, res.body).toBe(200);
    const expected = zonedToUtc(date, time, ZONE).toISOString();
    expect(res.json()).toMatchObject({ time: expected, time_changed: true });
    expect(await punchesOf(e.id)).toMatchObject([{ time_in: expected, time_out: null }]);
    const log = (await accepted(a.owner.accountId)).map((l) => JSON.parse(l.details!));
    expect(log.find((d) => d.log_id === id)).toMatchObject({ time: expected, time_changed: true });
  });

  it('takes a time alone on the punch’s own day', async () => {
    const e = await employee();
    const device = new Date(Date.now() - 30 * 60_000);
    const id = await refused(e.code, 'in', device.toISOString());
    // The device's minute, one minute earlier, on the device's local day.
    const earlier = new Date(device.getTime() - 60_000);
    const res = await accept(id, { time: localTime(earlier, ZONE) });
    expect(res.statusCode, res.body).toBe(200);
    const expected = zonedToUtc(localDay(device, ZONE), localTime(earlier, ZONE), ZONE).toISOString();
    expect(res.json()).toMatchObject({ time: expected, time_changed: true });
  });
});

describe('accepting a refused clock-out', () => {
  it('closes the open shift at the punched time and keeps the station as the clock-out station', async () => {
    const e = await employee();
    const open = await insertPunch(t, a.owner.accountId, e.id, {
      time_in: minutesAgo(240),
      work_date: localDay(new Date(minutesAgo(240)), ZONE),
    });
    const out = minutesAgo(20);
    const id = await refused(e.code, 'out', out);
    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ punch: { id: open.id, time_out: out }, time_changed: false });
    expect(await punchesOf(e.id)).toMatchObject([
      { id: open.id, time_out: out, station_out_id: a.station.id, device_time_out: out },
    ]);
    expect((await issues()).map((i) => i.id)).not.toContain(id);
  });

  it('refuses a clock-out before the shift began, or one closing more than 24 hours, and writes nothing', async () => {
    const e = await employee();
    await insertPunch(t, a.owner.accountId, e.id, { time_in: minutesAgo(60) });
    const id = await refused(e.code, 'out', minutesAgo(10));
    const before = new Date(Date.now() - 120 * 60_000);
    await unchanged(a.owner.accountId, e.id, async () => {
      const res = await accept(id, { date: localDay(before, ZONE), time: localTime(before, ZONE) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'punch.out_before_in',
        message: messages.punches.timeOutAfterIn,
      });
    });

    const long = await employee();
    await insertPunch(t, a.owner.accountId, long.id, { time_in: minutesAgo(26 * 60) });
    const late = await refused(long.code, 'out', minutesAgo(5));
    await unchanged(a.owner.accountId, long.id, async () => {
      const res = await accept(late);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'punch.shift_too_long',
        message: messages.clock.shiftTooLong,
      });
    });
    expect((await issues()).map((i) => i.id)).toEqual(expect.arrayContaining([id, late]));
  });

  it('refuses a clock-out when the employee is not clocked in', async () => {
    const e = await employee();
    const id = await refused(e.code, 'out', minutesAgo(10));
    await unchanged(a.owner.accountId, e.id, async () => {
      const res = await accept(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'punch.not_clocked_in',
        message: messages.clock.notClockedIn,
      });
    });
  });
});

describe('the punch rules decide', () => {
  it('refuses a clock-in inside another punch, or before a later one, and the issue stays listed', async () => {
    const e = await employee();
    await insertPunch(t, a.owner.accountId, e.id, { time_in: minutesAgo(120), time_out: minutesAgo(60) });
    // Inside the 2 h–1 h punch.
    const inside = await refused(e.code, 'in', minutesAgo(90));
    // Before it: the open shift would run across it until now.
    const before = await refused(e.code, 'in', minutesAgo(180));
    for (const id of [inside, before])
      await unchanged(a.owner.accountId, e.id, async () => {
        const res = await accept(id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ code: 'punch.overlap', message: messages.punches.overlaps });
      });
    expect((await issues()).map((i) => i.id)).toEqual(expect.arrayContaining([inside, before]));
    // After it, the same punch is fine. The day is given with the time: half an hour ago may be on the day after
    // the refused punch's (after midnight in Kolkata, 18:30–21:30 UTC).
    const halfHourAgo = new Date(Date.now() - 30 * 60_000);
    const res = await accept(before, {
      date: localDay(halfHourAgo, ZONE),
      time: localTime(halfHourAgo, ZONE),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a clock-in while the employee has a shift open', async () => {
    const e = await employee();
    await insertPunch(t, a.owner.accountId, e.id, { time_in: minutesAgo(60) });
    const id = await refused(e.code, 'in', minutesAgo(30));
    await unchanged(a.owner.accountId, e.id, async () => {
      const res = await accept(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'punch.shift_open',
        message: messages.clock.alreadyClockedInServer,
      });
    });
  });

  it('refuses a time in the future, as a manual punch does (the rule’s 422)', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(10));
    const later = new Date(Date.now() + 60 * 60_000);
    await unchanged(a.owner.accountId, e.id, async () => {
      const res = await accept(id, { date: localDay(later, ZONE), time: localTime(later, ZONE) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'punch.in_future', message: messages.punches.inFuture });
    });
  });
});

describe('once only', () => {
  it('answers a second accept with 409 and writes one punch', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(15));
    expect((await accept(id)).statusCode).toBe(200);
    await unchanged(a.owner.accountId, e.id, async () => {
      const again = await accept(id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'punch_issue.already_dealt_with',
        message: messages.conflicts.alreadyDealtWith,
      });
    });
    expect(await punchesOf(e.id)).toHaveLength(1);
    const logs = (await accepted(a.owner.accountId)).filter((l) => JSON.parse(l.details!).log_id === id);
    expect(logs).toHaveLength(1);
  });

  it('accepts once when two accepts race', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(12));
    const answers = await Promise.all([accept(id), accept(id), accept(id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await punchesOf(e.id)).toHaveLength(1);
  });

  it('answers 409 after Mark fixed, and Mark fixed after an accept changes nothing', async () => {
    const e = await employee();
    const fixed = await refused(e.code, 'in', minutesAgo(40));
    const fix = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/punch-conflicts/${id}/fix`, headers: a.owner.auth });
    expect((await fix(fixed)).statusCode).toBe(200);
    expect((await accept(fixed)).json()).toMatchObject({ code: 'punch_issue.already_dealt_with' });
    expect(await punchesOf(e.id)).toEqual([]);

    const other = await employee();
    const taken = await refused(other.code, 'in', minutesAgo(40));
    expect((await accept(taken)).statusCode).toBe(200);
    await unchanged(a.owner.accountId, other.id, async () => expect((await fix(taken)).statusCode).toBe(200));
  });

  it('a station sending the refused punch again adds nothing after it was accepted', async () => {
    const e = await employee();
    const item = {
      client_id: cid(),
      kind: 'in',
      employee_id: e.code,
      pin: '0000',
      device_time: minutesAgo(25),
    };
    const sync = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/punches/sync',
        headers: { authorization: `Station ${a.station.token}` },
        payload: { punches: [item] },
      });
    await sync();
    const issue = (await issues()).find((i) => i.employee_id === e.code)!;
    expect((await accept(issue.id)).statusCode).toBe(200);
    expect((await sync()).json().results[0].status).toBe('rejected');
    expect(await punchesOf(e.id)).toHaveLength(1);
    expect((await issues()).filter((i) => i.employee_id === e.code)).toEqual([]);
  });
});

describe('whose punch', () => {
  it('answers 422 for a deleted employee, and for an Employee ID that names nobody', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(20));
    const del = await t.app.inject({ method: 'DELETE', url: `/employees/${e.id}`, headers: a.owner.auth });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await accept(id);
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toMatchObject({
      code: 'punch_issue.employee_deleted',
      message: messages.conflicts.employeeDeleted,
    });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${a.station.token}` },
      payload: {
        punches: [{ client_id: cid(), kind: 'in', employee_id: 'NOBODY-42', device_time: minutesAgo(5) }],
      },
    });
    expect(unknown.json().results[0].status).toBe('rejected');
    const issue = (await issues()).find((i) => i.employee_id === 'NOBODY-42')!;
    expect(issue.employee_ref).toBeNull();
    const res = await accept(issue.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'punch_issue.employee_unknown',
      message: messages.conflicts.employeeUnknown,
    });
    // Both stay listed for the manager to mark fixed.
    expect((await issues()).map((i) => i.id)).toEqual(expect.arrayContaining([id, issue.id]));
  });

  it('accepts a revoked station’s handed-over punch, keeping that station', async () => {
    const e = await employee();
    const old = await createStation(t, a.owner, 'Old door');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/stations/${old.id}`, headers: a.owner.auth }))
        .statusCode,
    ).toBe(200);
    // Revoked an hour ago: a punch made after it is listed, not applied (docs/RULES.md#revocations-while-offline).
    await t.db
      .updateTable('stations')
      .set({ revoked_at: minutesAgo(60) })
      .where('id', '=', old.id)
      .execute();
    const at = minutesAgo(35);
    const handed = await t.app.inject({
      method: 'POST',
      url: '/api/punches/unsent',
      headers: { authorization: `Station ${a.station.token}` },
      payload: {
        revoked_station_id: old.id,
        punches: [{ client_id: cid(), kind: 'in', employee_id: e.code, pin: PIN, device_time: at }],
      },
    });
    expect(handed.json().recorded).toBe(1);
    const issue = (await issues()).find((i) => i.employee_id === e.code)!;
    expect((await accept(issue.id)).statusCode).toBe(200);
    expect(await punchesOf(e.id)).toMatchObject([{ time_in: at, station_id: old.id, source: 'manager' }]);
  });
});

describe('who may', () => {
  it('another account gets 404 and changes nothing; a station or no token 401', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(8));
    await unchanged(a.owner.accountId, e.id, async () => {
      const other = await accept(id, {}, b.owner.auth);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(messages.conflicts.notFound);
      expect((await accept(id, {}, {})).statusCode).toBe(401);
      expect((await accept(id, {}, { authorization: `Station ${a.station.token}` })).statusCode).toBe(401);
      // Not a refusal at all: a clock-in's own log row, or no row.
      expect((await accept(999_999_999)).statusCode).toBe(404);
    });
    // B's own issue is B's to accept.
    const be = await employee(b);
    const bid = await refused(be.code, 'in', minutesAgo(8), b);
    expect((await accept(bid, {}, b.owner.auth)).statusCode).toBe(200);
  });

  it('an employee login and a department-scoped administrator get 403', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(9));
    const own = await createEmployeeLogin(t, a.owner, { name: 'Ed Employee', create_time_entries: 1 });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/account/plan',
          headers: a.owner.auth,
          payload: { plan: 'pro' },
        })
      ).statusCode,
    ).toBe(200);
    const dept = await createDepartment(t, a.owner);
    const email = `scoped${Date.now()}@example.com`;
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/administrators',
      headers: a.owner.auth,
      payload: { name: 'Sid Scoped', email, access: 'departments', department_ids: [dept.id] },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    const password = 'scoped admin pass 7';
    await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...link, password, password_confirmation: password },
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const scoped = { authorization: `Bearer ${login.json().access_token}` };
    await unchanged(a.owner.accountId, e.id, async () => {
      expect((await accept(id, {}, own.auth)).statusCode).toBe(403);
      expect((await accept(id, {}, scoped)).statusCode).toBe(403);
    });
  });
});

describe('bad input', () => {
  it('answers 400 with a clear message, 413 for an oversized body, and never a 500', async () => {
    const e = await employee();
    const id = await refused(e.code, 'in', minutesAgo(7));
    const cases: [unknown, number, string][] = [
      [{ time: 'noon' }, 400, 'Time must be a time like 09:30.'],
      [{ time: new Date().toISOString() }, 400, 'Time must be a time like 09:30.'],
      [{ time: '24:00' }, 400, 'Time must be a time like 09:30.'],
      [{ date: '2026-02-30' }, 400, 'Date is not a real calendar date.'],
      [{ date: 'yesterday' }, 400, 'Date must be in the form YYYY-MM-DD.'],
      [{ date: 20260101 }, 400, 'Date must be text in the form YYYY-MM-DD.'],
      [{ when: '09:30' }, 400, 'Only date and time are taken, not when.'],
      [[], 400, 'The body must be an object with an optional date and time.'],
      [{ time: `${'9'.repeat(5_000)}` }, 413, ''],
    ];
    await unchanged(a.owner.accountId, e.id, async () => {
      for (const [payload, status, text] of cases) {
        const res = await accept(id, payload);
        expect(res.statusCode, `${JSON.stringify(payload).slice(0, 60)}: ${res.body}`).toBe(status);
        expect(res.json().message).toEqual(expect.any(String));
        expect(res.json().message).toContain(text);
      }
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await accept(bad, {});
        expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
        expect(res.json().message).toContain('id');
      }
    });
    // With no body at all, the punch is accepted at its own time.
    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the list of punch issues', () => {
  it('pages newest first with next_before until every issue is reached, and refuses a bad before or limit', async () => {
    const s = await setup();
    const e = await employee(s);
    const ids = [];
    for (const m of [50, 40, 30]) ids.push(await refused(e.code, 'in', minutesAgo(m), s));
    const page = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/punch-conflicts${query}`,
        headers: s.owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number }[]; next_before: number | null };
    };
    const first = await page('?limit=2');
    expect(first.data.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_before).toBe(ids[1]);
    const second = await page(`?limit=2&before=${first.next_before}`);
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_before: null });
    expect((await page('')).next_before).toBeNull();
    for (const query of ['?before=abc', '?before=-1', '?limit=0', '?limit=201']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/punch-conflicts${query}`,
        headers: s.owner.auth,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
