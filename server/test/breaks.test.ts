import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signBadge } from '../src/lib/badges';
import { createAccount, createEmployee, createEmployeeLogin, createStation } from './factories';
import { type Session, useTestApp } from './helper';

// Start Break / End Break at the station, on the employee's own clock and offline (docs/RULES.md#breaks-at-the-clock).

const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });
const SECRET = 'test-secret';

interface Account {
  owner: Session;
  accountId: number;
  station: string;
}

async function account(): Promise<Account> {
  const owner = await createAccount(t);
  const station = await createStation(t, owner);
  return { owner, accountId: owner.accountId, station: station.token };
}

let n = 0;
async function employee(a: Account, extra: { pin?: string } = {}) {
  n += 1;
  const row = await createEmployee(t, a.owner, {
    employee_id: `B${n}x${a.accountId}`,
    name: `Breaker ${n}`,
    use_card_or_pin: extra.pin ? 1 : 0,
    status: 'active',
    permission_app: 1,
    ...(extra.pin ? { pin: extra.pin } : {}),
  });
  return {
    id: row.id,
    code: row.code,
    badge: signBadge(SECRET, { accountId: a.accountId, employeeRef: row.id, version: 1 }),
  };
}

const call = (a: Account, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Station ${a.station}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const cid = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
const punchesOf = (employeeRef: number) =>
  t.db
    .selectFrom('punches')
    .selectAll()
    .where('employee_ref', '=', employeeRef)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
const breaksOf = async (employeeRef: number) =>
  (await punchesOf(employeeRef)).filter((p) => p.type === 'Break');
const openBreaks = (employeeRef: number) =>
  t.db.selectFrom('open_breaks').selectAll().where('employee_ref', '=', employeeRef).execute();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('breaks at the station', () => {
  it('starts a break inside the open shift and ends it with a Break punch', async () => {
    const a = await account();
    const e = await employee(a);
    expect((await call(a, '/api/clock-in', { employee_id: e.code })).statusCode).toBe(200);
    const started = await call(a, '/api/break-start', { employee_id: e.code, client_id: cid() });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      message: messages.clock.breakStarted,
      break: { employee_id: e.code, ended_at: null, punch_id: null },
    });
    const checked = await call(a, '/api/check-employee', { employee_id: e.code });
    expect(checked.json()).toMatchObject({
      clocked_in: true,
      break_start_time: started.json().break.started_at,
    });
    const ended = await call(a, '/api/break-end', { badge: e.badge, client_id: cid() });
    expect(ended.statusCode).toBe(200);
    const body = ended.json();
    expect(body.message).toBe(messages.clock.breakEnded);
    expect(body.break.started_at).toBe(started.json().break.started_at);
    const [brk] = await breaksOf(e.id);
    expect(brk).toMatchObject({ id: body.break.punch_id, type: 'Break', time_in: body.break.started_at });
    expect(brk.time_out).toBe(body.break.ended_at);
    expect(await openBreaks(e.id)).toHaveLength(0);
    // Still clocked in, no longer on a break.
    expect((await call(a, '/api/check-employee', { employee_id: e.code })).json()).toMatchObject({
      clocked_in: true,
      break_start_time: null,
    });
    const log = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('employee_id', '=', e.id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['punch.break_start', 'punch.break_end']),
    );
  });

  it('refuses a break with no open shift, a second start, and an end without a start', async () => {
    const a = await account();
    const e = await employee(a);
    const none = await call(a, '/api/break-start', { employee_id: e.code });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'break.no_shift', message: messages.clock.breakNoShift });
    await call(a, '/api/clock-in', { employee_id: e.code });
    const endFirst = await call(a, '/api/break-end', { employee_id: e.code });
    expect(endFirst.statusCode).toBe(409);
    expect(endFirst.json()).toMatchObject({ code: 'break.not_open', message: messages.clock.breakNotOpen });
    expect((await call(a, '/api/break-start', { employee_id: e.code })).statusCode).toBe(200);
    const twice = await call(a, '/api/break-start', { employee_id: e.code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'break.already_open',
      message: messages.clock.breakAlreadyOpen,
    });
    expect(await openBreaks(e.id)).toHaveLength(1);
  });

  it('answers a retried Start Break and End Break with what they did, writing nothing more', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    const start = { employee_id: e.code, client_id: cid() };
    const first = await call(a, '/api/break-start', start);
    const again = await call(a, '/api/break-start', start);
    expect(again.statusCode).toBe(200);
    expect(again.json().break.started_at).toBe(first.json().break.started_at);
    const end = { employee_id: e.code, client_id: cid() };
    const ended = await call(a, '/api/break-end', end);
    const endedAgain = await call(a, '/api/break-end', end);
    expect(endedAgain.statusCode).toBe(200);
    expect(endedAgain.json().break).toEqual(ended.json().break);
    // The start's id again after the end: the same break, not a new one.
    expect((await call(a, '/api/break-start', start)).statusCode).toBe(200);
    expect(await openBreaks(e.id)).toHaveLength(0);
    expect(await breaksOf(e.id)).toHaveLength(1);
  });

  it('ends the open break at the clock-out', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    await call(a, '/api/break-start', { employee_id: e.code });
    const out = await call(a, '/api/clock-out', { employee_id: e.code });
    expect(out.statusCode).toBe(200);
    const [brk] = await breaksOf(e.id);
    expect(brk.time_out).toBe(out.json().time_out);
    expect(await openBreaks(e.id)).toHaveLength(0);
    expect((await call(a, '/api/break-end', { employee_id: e.code })).json().code).toBe('break.not_open');
  });

  it('ends each open break at its own clock-out when many clock out at once, in two accounts', async () => {
    // Clock-outs arriving together share a group commit on PostgreSQL, which reads their open breaks once
    // (timeclock/clock-group.ts): each must still end its own break and no one else's.
    const [a, b] = [await account(), await account()];
    const people = [
      { at: a, e: await employee(a), onBreak: true },
      { at: a, e: await employee(a), onBreak: false },
      { at: a, e: await employee(a), onBreak: true },
      { at: b, e: await employee(b), onBreak: true },
      { at: b, e: await employee(b), onBreak: false },
    ];
    for (const p of people) {
      expect((await call(p.at, '/api/clock-in', { employee_id: p.e.code })).statusCode).toBe(200);
      if (p.onBreak) await call(p.at, '/api/break-start', { employee_id: p.e.code });
    }
    const outs = await Promise.all(
      people.map((p) => call(p.at, '/api/clock-out', { employee_id: p.e.code })),
    );
    for (const [i, p] of people.entries()) {
      expect(outs[i].statusCode, outs[i].body).toBe(200);
      const breaks = await breaksOf(p.e.id);
      expect(breaks.map((x) => x.time_out)).toEqual(p.onBreak ? [outs[i].json().time_out] : []);
      expect(await openBreaks(p.e.id)).toHaveLength(0);
    }
  });

  it('checks the PIN as clock-in does, and never reaches another account', async () => {
    const a = await account();
    const b = await account();
    const e = await employee(a, { pin: '2468' });
    await call(a, '/api/clock-in', { employee_id: e.code, pin: '2468' });
    expect((await call(a, '/api/break-start', { employee_id: e.code })).json().code).toBe(
      'clock.pin_required',
    );
    expect((await call(a, '/api/break-start', { employee_id: e.code, pin: '1111' })).json().code).toBe(
      'clock.pin_wrong',
    );
    // Another account's station: its employee is unknown there, by ID or by badge.
    const byId = await call(b, '/api/break-start', { employee_id: e.code, pin: '2468' });
    expect(byId.statusCode).toBe(404);
    const byBadge = await call(b, '/api/break-start', { badge: e.badge });
    expect(byBadge.statusCode).toBe(404);
    expect(await openBreaks(e.id)).toHaveLength(0);
    expect((await call(a, '/api/break-start', { employee_id: e.code, pin: '2468' })).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    const bad: unknown[] = [
      undefined,
      {},
      { employee_id: '' },
      { employee_id: 'x'.repeat(51) },
      { employee_id: 42 },
      { employee_id: e.code, client_id: 'short' },
      { employee_id: e.code, client_id: 'x'.repeat(65) },
      { employee_id: e.code, client_id: "'; drop table punches; --" },
      { employee_id: e.code, device_time: 'yesterday' },
      { employee_id: e.code, pin: 'abcd' },
      { employee_id: e.code, latitude: 91 },
      { employee_id: '<script>alert(1)</script>' },
      [1, 2, 3],
    ];
    for (const url of ['/api/break-start', '/api/break-end'])
      for (const payload of bad) {
        const res = await call(a, url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }
    const noAuth = await t.app.inject({
      method: 'POST',
      url: '/api/break-start',
      payload: { employee_id: e.code },
    });
    expect(noAuth.statusCode).toBe(401);
    expect(await openBreaks(e.id)).toHaveLength(0);
  });

  it('refuses breaks in an Attendance Only account', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    await t.db
      .updateTable('settings')
      .set({ attendance_mode: 'Attendance Only' })
      .where('account_id', '=', a.accountId)
      .execute();
    const res = await call(a, '/api/break-start', { employee_id: e.code });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('punch.attendance_only');
  });
});

describe('breaks offline', () => {
  const item = (kind: string, code: string, minutesAgo: number, clientId = cid()) => ({
    client_id: clientId,
    kind,
    employee_id: code,
    device_time: ago(minutesAgo),
  });

  it('applies a queued day with a break once, however often it is sent', async () => {
    const a = await account();
    const e = await employee(a);
    const batch = [
      item('in', e.code, 60),
      item('break_start', e.code, 40),
      item('break_end', e.code, 25),
      item('out', e.code, 5),
    ];
    const first = await call(a, '/api/punches/sync', { punches: batch });
    expect(first.statusCode).toBe(200);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
      'created',
    ]);
    const second = await call(a, '/api/punches/sync', { punches: [...batch].reverse() });
    expect(second.json().results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const punches = await punchesOf(e.id);
    expect(punches).toHaveLength(2);
    const brk = punches.find((p) => p.type === 'Break')!;
    expect(brk.time_in).toBe(batch[1].device_time);
    expect(brk.time_out).toBe(batch[2].device_time);
    expect(await openBreaks(e.id)).toHaveLength(0);
  });

  it('corrects a break by the station clock as the clock items of its batch (docs/RULES.md#station-clock)', async () => {
    const a = await account();
    const e = await employee(a);
    const H = 3_600_000;
    // The tablet's clock runs an hour fast: its items say an hour later than they were made.
    const fast = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000 + H).toISOString();
    const batch = [
      { ...item('in', e.code, 0), device_time: fast(60) },
      { ...item('break_start', e.code, 0), device_time: fast(40) },
      { ...item('break_end', e.code, 0), device_time: fast(20) },
    ];
    const res = await call(a, '/api/punches/sync', {
      punches: batch,
      device_now: new Date(Date.now() + H).toISOString(),
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    const [brk] = await breaksOf(e.id);
    const shift = (await punchesOf(e.id)).find((p) => p.type === 'None')!;
    // Within a minute of the true times, as the shift's own clock-in is.
    expect(Math.abs(Date.parse(brk.time_in) - (Date.parse(batch[1].device_time) - H))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(brk.time_out!) - (Date.parse(batch[2].device_time) - H))).toBeLessThan(60_000);
    expect(Date.parse(brk.time_in) - Date.parse(shift.time_in)).toBeGreaterThan(19 * 60_000);
  });

  it('keeps a break across batches, and a clock-out of a later batch ends it', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/punches/sync', {
      punches: [item('in', e.code, 90), item('break_start', e.code, 50)],
    });
    expect(await openBreaks(e.id)).toHaveLength(1);
    const out = item('out', e.code, 30);
    const res = await call(a, '/api/punches/sync', { punches: [out] });
    expect(res.json().results[0].status).toBe('created');
    const [brk] = await breaksOf(e.id);
    expect(brk).toMatchObject({ time_in: expect.any(String), time_out: out.device_time });
    expect(await openBreaks(e.id)).toHaveLength(0);
  });

  it('refuses a break end with no break open, lists it for review, and answers a resend the same', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    const end = item('break_end', e.code, 0);
    const res = await call(a, '/api/punches/sync', { punches: [end] });
    expect(res.json().results[0]).toMatchObject({
      status: 'conflict',
      message: messages.clock.breakNotOpen,
    });
    const again = await call(a, '/api/punches/sync', { punches: [end] });
    expect(again.json().results[0]).toMatchObject({ status: 'conflict' });
    const issues = (
      await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: a.owner.auth })
    ).json().data as { kind: string | null; reason: string; employee_id: string | null }[];
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ kind: 'break_end', reason: messages.clock.breakNotOpen });
    // A break start without a shift is a conflict too; one in the future is rejected.
    const startNoShift = await call(a, '/api/punches/sync', {
      punches: [item('break_start', e.code, 60 * 24)],
    });
    expect(startNoShift.json().results[0].status).toBe('conflict');
    const future = await call(a, '/api/punches/sync', {
      punches: [{ ...item('break_start', e.code, 0), device_time: ago(-60) }],
    });
    expect(future.json().results[0].status).toBe('rejected');
  });

  it('never applies a break of another account, and refuses an unknown kind', async () => {
    const a = await account();
    const b = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code });
    const res = await call(b, '/api/punches/sync', {
      punches: [{ ...item('break_start', '', 1), employee_id: undefined, badge: e.badge }],
    });
    expect(res.json().results[0].status).toBe('rejected');
    expect(await openBreaks(e.id)).toHaveLength(0);
    const bad = await call(a, '/api/punches/sync', { punches: [item('lunch', e.code, 1)] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('breaks on the employee’s own clock', () => {
  it('lets an employee start and end their own break, and no one else’s', async () => {
    const a = await account();
    const me = await createEmployeeLogin(t, a.owner, {
      employee_id: `SELF${a.accountId}`,
      permission_app: 1,
      punch_in_out: 1,
    });
    const other = await employee(a);
    const login = me;
    const self = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: login.auth, payload });
    expect((await self('/api/clock-in', { employee_id: me.code })).statusCode).toBe(200);
    await call(a, '/api/clock-in', { employee_id: other.code });
    expect((await self('/api/break-start', { employee_id: other.code })).statusCode).toBe(403);
    expect(await openBreaks(other.id)).toHaveLength(0);
    expect((await self('/api/break-start', { employee_id: me.code })).statusCode).toBe(200);
    const ended = await self('/api/break-end', { employee_id: me.code });
    expect(ended.statusCode).toBe(200);
    expect((await breaksOf(me.id))[0].source).toBe('web');
  });
});
