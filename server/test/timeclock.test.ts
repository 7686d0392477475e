import { type EmployeeStatus, messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signBadge } from '../src/lib/badges';
import { createAccount, createEmployee, createStation } from './factories';
import { type Session, useTestApp } from './helper';

const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });
const SECRET = 'test-secret';

interface Account {
  owner: Session;
  accountId: number;
  station: string;
  stationId: number;
}

async function account(): Promise<Account> {
  const owner = await createAccount(t);
  const station = await createStation(t, owner);
  return { owner, accountId: owner.accountId, station: station.token, stationId: station.id };
}

let n = 0;
async function employee(
  a: Account,
  extra: { pin?: string; use_card_or_pin?: number; status?: EmployeeStatus; permission_app?: number } = {},
) {
  n += 1;
  const row = await createEmployee(t, a.owner, {
    employee_id: `E${n}x${a.accountId}`,
    name: `Worker ${n}`,
    use_card_or_pin: extra.use_card_or_pin ?? 0,
    status: extra.status ?? 'active',
    permission_app: extra.permission_app ?? 1,
    ...(extra.pin ? { pin: extra.pin } : {}),
  });
  const code = row.code;
  return {
    id: row.id,
    code,
    badge: signBadge(SECRET, { accountId: a.accountId, employeeRef: row.id, version: 1 }),
  };
}

const call = (a: Account, url: string, payload?: object, method: 'POST' | 'GET' = 'POST') =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Station ${a.station}` },
    ...(payload ? { payload } : {}),
  });
const openShifts = async (employeeRef: number) =>
  (
    await t.db
      .selectFrom('punches')
      .select('id')
      .where('employee_ref', '=', employeeRef)
      .where('time_out', 'is', null)
      .execute()
  ).length;
const cid = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

describe('stations', () => {
  it('pairs a tablet with a one-time code, renames and revokes it', async () => {
    const a = await account();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stations',
      headers: a.owner.auth,
      payload: { name: 'Warehouse tablet', pair: 'code' },
    });
    const code = created.json().pairing_code as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/stations/pair',
      payload: { code: code.toLowerCase().replace('-', '') },
    });
    expect(paired.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/stations/pair', payload: { code } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(messages.clock.pairingInvalid);

    const tablet = { ...a, station: paired.json().token };
    const me = await call(tablet, '/api/station/me', undefined, 'GET');
    expect(me.json()).toMatchObject({
      station: { name: 'Warehouse tablet' },
      // The station shows its clock in the account's zone and formats (the defaults here).
      settings: { require_location: false, date_format: 'MM/DD/YY', time_format: '12 Hours (AM/PM)' },
    });
    const id = created.json().station.id;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/stations/${id}`,
          headers: a.owner.auth,
          payload: { name: 'Dock 2' },
        })
      ).json().station.name,
    ).toBe('Dock 2');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/stations/${id}`, headers: a.owner.auth }))
        .statusCode,
    ).toBe(200);
    const revoked = await call(tablet, '/api/station/me', undefined, 'GET');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(messages.clock.stationRevoked);
    const list = await t.app.inject({ method: 'GET', url: '/api/stations', headers: a.owner.auth });
    expect(list.json().data.find((s: { id: number }) => s.id === id)).toMatchObject({ revoked: true });
  });

  it("answers 404 for another account's station and refuses calls without a manager token", async () => {
    const a = await account();
    const b = await account();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/stations/${a.stationId}`, headers: b.owner.auth }))
        .statusCode,
    ).toBe(404);
    expect((await call(a, '/api/station/me', undefined, 'GET')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/stations', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/stations',
          headers: { authorization: `Station ${a.station}` },
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/stations',
          headers: a.owner.auth,
          payload: { name: '' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('clocking in and out', () => {
  it("refuses a client id already used by another employee's punch, instead of answering that punch", async () => {
    const a = await account();
    const ann = await employee(a);
    const ben = await employee(a);
    const inId = cid();
    const annIn = await call(a, '/api/clock-in', { employee_id: ann.code, client_id: inId });
    expect(annIn.statusCode).toBe(200);
    // Ben's clock-in with Ann's id: refused, and nothing written for him (he is told, not told he is in).
    const benIn = await call(a, '/api/clock-in', { employee_id: ben.code, client_id: inId });
    expect(benIn.statusCode).toBe(409);
    expect(benIn.json()).toMatchObject({
      code: 'clock.client_id_taken',
      message: messages.clock.clientIdTaken,
    });
    expect(JSON.stringify(benIn.json())).not.toContain(String(annIn.json().punch.id));
    expect((await call(a, '/api/check-employee', { employee_id: ben.code })).json().clocked_in).toBe(false);
    // Ann's own retry still answers her punch; Ben punches with an id of his own.
    expect((await call(a, '/api/clock-in', { employee_id: ann.code, client_id: inId })).json().punch.id).toBe(
      annIn.json().punch.id,
    );
    expect((await call(a, '/api/clock-in', { employee_id: ben.code, client_id: cid() })).statusCode).toBe(
      200,
    );

    // The same for a clock-out's id.
    const outId = cid();
    expect((await call(a, '/api/clock-out', { employee_id: ann.code, client_id: outId })).statusCode).toBe(
      200,
    );
    const benOut = await call(a, '/api/clock-out', { employee_id: ben.code, client_id: outId });
    expect(benOut.statusCode).toBe(409);
    expect(benOut.json().code).toBe('clock.client_id_taken');
    expect((await call(a, '/api/check-employee', { employee_id: ben.code })).json().clocked_in).toBe(true);

    // A punch a setting refuses is told the setting, whoever's the id is: a new id would meet the same refusal.
    await t.db
      .updateTable('settings')
      .set({ require_location: 1 })
      .where('account_id', '=', a.accountId)
      .execute();
    const benAgain = await call(a, '/api/clock-out', { employee_id: ben.code, client_id: outId });
    expect(benAgain.statusCode).toBe(422);
    expect(benAgain.json().code).toBe('clock.location_required');
    // Ann's retry of the clock-out she made before the setting still answers it.
    expect((await call(a, '/api/clock-out', { employee_id: ann.code, client_id: outId })).statusCode).toBe(
      200,
    );
  });

  it('clocks in once, answers retries with the same punch, and totals the shift at clock-out', async () => {
    const a = await account();
    const e = await employee(a);
    const check = await call(a, '/api/check-employee', { employee_id: e.code });
    expect(check.json()).toMatchObject({
      clocked_in: false,
      needs_pin: false,
      employee: { employee_id: e.code },
    });
    const inId = cid();
    const first = await call(a, '/api/clock-in', { employee_id: e.code, client_id: inId });
    expect(first.statusCode).toBe(200);
    const retry = await call(a, '/api/clock-in', { employee_id: e.code, client_id: inId });
    expect(retry.json().punch.id).toBe(first.json().punch.id);
    const second = await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(messages.clock.alreadyClockedInServer);
    expect((await call(a, '/api/check-employee', { employee_id: e.code })).json().clocked_in).toBe(true);

    // Pretend the shift began 2 h 5 min ago.
    await t.db
      .updateTable('punches')
      .set({ time_in: new Date(Date.now() - 125 * 60_000).toISOString() })
      .where('id', '=', first.json().punch.id)
      .execute();
    const outId = cid();
    const out = await call(a, '/api/clock-out', { employee_id: e.code, client_id: outId });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ hours: 2, minutes: 5, total_minutes: 125 });
    expect(
      (await call(a, '/api/clock-out', { employee_id: e.code, client_id: outId })).json().total_minutes,
    ).toBe(125);
    const notIn = await call(a, '/api/clock-out', { employee_id: e.code, client_id: cid() });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().message).toBe(messages.clock.notClockedIn);
    const rows = await t.db.selectFrom('punches').selectAll().where('employee_ref', '=', e.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      station_id: a.stationId,
      station_out_id: a.stationId,
      source: 'station',
    });
  });

  it('leaves exactly one open shift after 100 concurrent clock-ins', async () => {
    const a = await account();
    const e = await employee(a);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect(await openShifts(e.id)).toBe(1);
  });

  it('asks for the PIN, refuses a wrong one, and locks after five wrong tries', async () => {
    const a = await account();
    const e = await employee(a, { pin: '4821', use_card_or_pin: 1 });
    expect((await call(a, '/api/check-employee', { employee_id: e.code })).json().needs_pin).toBe(true);
    const missing = await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(messages.clock.pinRequired);
    for (let i = 0; i < 5; i++)
      expect(
        (await call(a, '/api/clock-in', { employee_id: e.code, pin: '0000', client_id: cid() })).json()
          .message,
      ).toBe(messages.clock.pinWrong);
    const locked = await call(a, '/api/clock-in', { employee_id: e.code, pin: '0000', client_id: cid() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.clock.pinLocked);
    expect(await openShifts(e.id)).toBe(0);
    // While locked, the right PIN is not even compared: a guesser learns nothing (it used to be accepted).
    const right = await call(a, '/api/clock-in', { employee_id: e.code, pin: '4821', client_id: cid() });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('clock.pin_locked');
    expect(await openShifts(e.id)).toBe(0);
    // A badge is not a PIN: the employee can still punch with their card.
    expect((await call(a, '/api/clock-in', { badge: e.badge, client_id: cid() })).statusCode).toBe(200);
  });

  it('takes a signed badge without a PIN, and refuses forged, outdated or foreign badges', async () => {
    const a = await account();
    const b = await account();
    const e = await employee(a, { pin: '4821', use_card_or_pin: 1 });
    const forged = `${e.badge.slice(0, -4)}0000`;
    for (const badge of [forged, `PC1.${a.accountId}.${e.id}.1`, e.code]) {
      expect((await call(a, '/api/clock-in', { badge, client_id: cid() })).statusCode).toBe(404);
    }
    expect((await call(b, '/api/clock-in', { badge: e.badge, client_id: cid() })).statusCode).toBe(404);
    expect((await call(a, '/api/clock-in', { badge: e.badge, client_id: cid() })).statusCode).toBe(200);
    await t.db.updateTable('employees').set({ badge_version: 2 }).where('id', '=', e.id).execute();
    const old = await call(a, '/api/clock-out', { badge: e.badge, client_id: cid() });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(messages.clock.badgeInvalid);
  });

  it('refuses unknown and other-account IDs, inactive employees and revoked stations', async () => {
    const a = await account();
    const b = await account();
    const eb = await employee(b);
    const unknown = await call(a, '/api/check-employee', { employee_id: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.clock.invalidEmployeeId);
    expect((await call(a, '/api/clock-in', { employee_id: eb.code, client_id: cid() })).statusCode).toBe(404);
    const inactive = await employee(a, { status: 'inactive' });
    expect(
      (await call(a, '/api/clock-in', { employee_id: inactive.code, client_id: cid() })).statusCode,
    ).toBe(403);
    const noPunching = await employee(a, { permission_app: 0 });
    expect(
      (await call(a, '/api/clock-in', { employee_id: noPunching.code, client_id: cid() })).json().message,
    ).toBe(messages.clock.notAllowed);
    await t.app.inject({ method: 'DELETE', url: `/api/stations/${a.stationId}`, headers: a.owner.auth });
    const e = await employee(a);
    expect((await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() })).statusCode).toBe(401);
    expect(await openShifts(e.id)).toBe(0);
  });

  it('requires a position when the account requires location, and keeps it', async () => {
    const a = await account();
    const e = await employee(a);
    await t.db
      .updateTable('settings')
      .set({ require_location: 1, enable_gps_tracking: 1 })
      .where('account_id', '=', a.accountId)
      .execute();
    const refused = await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.clock.locationRequired);
    const ok = await call(a, '/api/clock-in', {
      employee_id: e.code,
      client_id: cid(),
      latitude: 40.7128,
      longitude: -74.006,
      accuracy: 12,
    });
    expect(ok.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('punches')
      .selectAll()
      .where('id', '=', ok.json().punch.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ latitude: 40.7128, longitude: -74.006, accuracy: 12 });
  });

  it('asks the screening questions at clock-in when COVID screening is on, and stores the answers with the punch', async () => {
    const a = await account();
    const e = await employee(a);
    await t.db
      .updateTable('settings')
      .set({ enable_covid_screening: 1 })
      .where('account_id', '=', a.accountId)
      .execute();
    const refused = await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.clock.screeningRequired);
    expect(await openShifts(e.id)).toBe(0);
    const answers = {
      'Do you have a fever?': 'No',
      'Have you been in contact with anyone with COVID-19?': 'No',
      'Do you have any symptoms?': 'No',
    };
    const ok = await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid(), screening: answers });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db
      .selectFrom('punches')
      .select('screening')
      .where('id', '=', ok.json().punch.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.screening!)).toEqual(answers);
    // Clocking out asks nothing.
    expect((await call(a, '/api/clock-out', { employee_id: e.code, client_id: cid() })).statusCode).toBe(200);
    const tooMany = await call(a, '/api/clock-in', {
      employee_id: e.code,
      client_id: cid(),
      screening: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i}`, 'No'])),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('lists who is in for the account only', async () => {
    const a = await account();
    const b = await account();
    const e1 = await employee(a);
    const e2 = await employee(a);
    const withPin = await employee(a, { pin: '2468', use_card_or_pin: 1 });
    await employee(b);
    await call(a, '/api/clock-in', { employee_id: e1.code, client_id: cid() });
    const res = await call(a, '/api/employee-status', undefined, 'GET');
    const status = res.json().data as { employee_id: string; clockedIn: boolean; needs_pin: boolean }[];
    expect(status.map((s) => s.employee_id).sort()).toEqual([e1.code, e2.code, withPin.code].sort());
    // Who is asked a PIN by Employee ID (the station asks it offline too), never the PIN itself.
    expect(status.filter((s) => s.needs_pin).map((s) => s.employee_id)).toEqual([withPin.code]);
    expect(res.body).not.toContain('2468');
    expect(status.find((s) => s.employee_id === e1.code)?.clockedIn).toBe(true);
    expect(status.find((s) => s.employee_id === e2.code)?.clockedIn).toBe(false);
  });

  it("tells the station's roster who may punch and which badge print is current, as the clock decides", async () => {
    const a = await account();
    const ok = await employee(a);
    const noApp = await employee(a, { permission_app: 0 });
    const inactive = await employee(a, { status: 'inactive' });
    await t.db
      .updateTable('employees')
      .set({ badge_version: 3 })
      .where('employee_id', '=', ok.code)
      .execute();
    const roster = (await call(a, '/api/employee-status', undefined, 'GET')).json().data as {
      employee_id: string;
      can_punch: boolean;
      badge_version: number;
    }[];
    const of = (code: string) => roster.find((r) => r.employee_id === code);
    expect([of(ok.code)?.can_punch, of(noApp.code)?.can_punch, of(inactive.code)?.can_punch]).toEqual([
      true,
      false,
      false,
    ]);
    expect(of(ok.code)?.badge_version).toBe(3);
    // The roster agrees with the clock: those it marks as not punching are refused by the server too.
    for (const code of [noApp.code, inactive.code])
      expect((await call(a, '/api/clock-in', { employee_id: code, client_id: cid() })).json().code).toBe(
        'clock.not_allowed',
      );
  });

  it.each([
    ['no employee', {}],
    ['a bad client id', { employee_id: 'E1', client_id: 'x' }],
    ['a PIN with letters', { employee_id: 'E1', pin: 'abcd' }],
    ['a latitude out of range', { employee_id: 'E1', latitude: 200, longitude: 0 }],
    ['an oversized ID', { employee_id: 'E'.repeat(500) }],
  ])('answers 400 for %s', async (_c, payload) => {
    const a = await account();
    const res = await call(a, '/api/clock-in', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w/);
  });
});

describe('offline sync', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('writes each punch exactly once, however often a batch is replayed', async () => {
    const a = await account();
    const es = [await employee(a), await employee(a), await employee(a)];
    const batch = es.map((e, i) => ({
      client_id: cid(),
      kind: 'in' as const,
      employee_id: e.code,
      device_time: at(30 - i),
    }));
    const first = await call(a, '/api/punches/sync', { punches: batch });
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    const replay = await call(a, '/api/punches/sync', { punches: batch });
    expect(replay.json().results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const rows = await t.db.selectFrom('punches').selectAll().where('account_id', '=', a.accountId).execute();
    expect(rows).toHaveLength(3);
    // The device's time is the punch time; arriving 30 minutes later flags it as late.
    expect(rows.find((r) => r.client_id === batch[0].client_id)).toMatchObject({
      time_in: batch[0].device_time,
      late_sync: 1,
      station_id: a.stationId,
    });
    const station = await t.db
      .selectFrom('stations')
      .select('last_sync_at')
      .where('id', '=', a.stationId)
      .executeTakeFirstOrThrow();
    expect(station.last_sync_at).toBe(replay.json().last_sync_at);
  });

  it("rejects a queued punch whose client id is another employee's punch, instead of calling it a duplicate", async () => {
    const a = await account();
    const ann = await employee(a);
    const ben = await employee(a);
    const inId = cid();
    const outId = cid();
    const newId = cid();
    await call(a, '/api/punches/sync', {
      punches: [
        { client_id: inId, kind: 'in', employee_id: ann.code, device_time: at(20) },
        { client_id: outId, kind: 'out', employee_id: ann.code, device_time: at(10) },
      ],
    });
    // 'duplicate' tells the device the punch is stored, and it drops it: Ben's punches would be lost unseen.
    const res = await call(a, '/api/punches/sync', {
      punches: [
        { client_id: inId, kind: 'in', employee_id: ben.code, device_time: at(9) },
        { client_id: outId, kind: 'out', employee_id: ben.code, device_time: at(8) },
        { client_id: inId, kind: 'in', employee_id: ann.code, device_time: at(20) },
        // Two new punches with one id in a batch: the second, another employee's, is refused the same way.
        { client_id: newId, kind: 'in', employee_id: ann.code, device_time: at(7) },
        { client_id: newId, kind: 'in', employee_id: ben.code, device_time: at(6) },
      ],
    });
    // Answered in device-time order.
    expect(res.json().results).toEqual([
      { client_id: inId, status: 'duplicate' },
      { client_id: inId, status: 'rejected', message: messages.clock.clientIdTaken },
      { client_id: outId, status: 'rejected', message: messages.clock.clientIdTaken },
      { client_id: newId, status: 'created', punch_id: expect.any(Number) },
      { client_id: newId, status: 'rejected', message: messages.clock.clientIdTaken },
    ]);
    const benRows = await t.db
      .selectFrom('punches')
      .select('id')
      .where('employee_ref', '=', ben.id)
      .execute();
    expect(benRows).toEqual([]);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'punch.rejected')
      .execute();
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged)).toContain(ben.code);
  });

  it('sends a forgotten clock-out (over 24 hours) to a manager instead of paying every hour since', async () => {
    const a = await account();
    const live = await employee(a);
    const first = await call(a, '/api/clock-in', { employee_id: live.code, client_id: cid() });
    // Last night's clock-in, 25 hours ago, never closed.
    await t.db
      .updateTable('punches')
      .set({ time_in: at(25 * 60) })
      .where('id', '=', first.json().punch.id)
      .execute();
    const out = await call(a, '/api/clock-out', { employee_id: live.code, client_id: cid() });
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ message: messages.clock.shiftTooLong, code: 'punch.shift_too_long' });
    expect(await openShifts(live.id)).toBe(1);

    // Offline: an in, then an out 26 hours later (the in 27 h ago), and a second employee's 24-hour shift.
    const synced = await employee(a);
    const day = await employee(a);
    const res = await call(a, '/api/punches/sync', {
      punches: [
        { client_id: cid(), kind: 'in', employee_id: synced.code, device_time: at(27 * 60) },
        { client_id: cid(), kind: 'in', employee_id: day.code, device_time: at(25 * 60) },
        { client_id: cid(), kind: 'out', employee_id: day.code, device_time: at(60) },
        { client_id: cid(), kind: 'out', employee_id: synced.code, device_time: at(60) },
      ],
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
      'conflict',
    ]);
    expect(await openShifts(synced.id)).toBe(1);
    expect(await openShifts(day.id)).toBe(0);
    const seen = await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: a.owner.auth });
    expect(seen.json().data).toMatchObject([
      { kind: 'out', status: 'conflict', employee_id: synced.code, reason: messages.clock.shiftTooLong },
    ]);
  });

  it('answers conflicts by the written rule and logs them for a manager', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    const other = await employee(a);
    const res = await call(a, '/api/punches/sync', {
      punches: [
        { client_id: cid(), kind: 'in', employee_id: e.code, device_time: at(5) },
        { client_id: cid(), kind: 'out', employee_id: other.code, device_time: at(4) },
        {
          client_id: cid(),
          kind: 'in',
          employee_id: other.code,
          device_time: new Date(Date.now() + 3_600_000).toISOString(),
        },
        { client_id: cid(), kind: 'in', employee_id: other.code, device_time: at(60 * 24 * 40) },
      ],
    });
    const statuses = res.json().results.map((r: { status: string }) => r.status);
    expect(statuses).toEqual(['rejected', 'conflict', 'conflict', 'rejected']);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'details'])
      .where('account_id', '=', a.accountId)
      .where('action', 'in', ['punch.conflict', 'punch.rejected'])
      .execute();
    expect(logged).toHaveLength(4);
    expect(await openShifts(e.id)).toBe(1);
    expect(await openShifts(other.id)).toBe(0);
    // The manager sees each of them, newest first, with the employee and station named; another account sees none.
    const seen = await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: a.owner.auth });
    expect(seen.json().data).toHaveLength(4);
    expect(seen.json().data.find((i: { kind: string }) => i.kind === 'out')).toMatchObject({
      status: 'conflict',
      kind: 'out',
      employee_id: other.code,
      employee_name: expect.stringContaining('Worker'),
      station: 'Front door',
      reason: messages.clock.notClockedIn,
    });
    const b = await account();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: b.owner.auth })).json().data,
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/punch-conflicts',
          headers: { authorization: `Station ${a.station}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers a batch sent again with the same refusals, without checking a wrong PIN or logging twice', async () => {
    const a = await account();
    const e = await employee(a, { pin: '1357', use_card_or_pin: 1 });
    const batch = {
      punches: [
        { client_id: cid(), kind: 'in', employee_id: e.code, pin: '0000', device_time: at(40) },
        { client_id: cid(), kind: 'out', employee_id: e.code, pin: '1357', device_time: at(30) },
      ],
    };
    // The station never got the answer and sends the batch again, and again: six times in all.
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await call(a, '/api/punches/sync', batch)).json().results);
    for (const results of answers)
      expect(results).toEqual([
        { client_id: batch.punches[0].client_id, status: 'rejected', message: messages.clock.pinWrong },
        { client_id: batch.punches[1].client_id, status: 'conflict', message: messages.clock.notClockedIn },
      ]);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', 'in', ['punch.conflict', 'punch.rejected'])
      .execute();
    expect(logged).toHaveLength(2);
    // One wrong PIN counted, not six: the lock (five) is not reached, and the right PIN clocks in.
    const live = await call(a, '/api/clock-in', { employee_id: e.code, pin: '1357', client_id: cid() });
    expect(live.statusCode, live.body).toBe(200);
  });

  it('lets a manager mark a refused punch as fixed: it leaves the list, once, for this account only', async () => {
    const a = await account();
    const e = await employee(a);
    const res = await call(a, '/api/punches/sync', {
      punches: [
        { client_id: cid(), kind: 'out', employee_id: e.code, device_time: at(30) },
        { client_id: cid(), kind: 'out', employee_id: e.code, device_time: at(20) },
      ],
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['conflict', 'conflict']);
    const list = async (who = a) =>
      (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: who.owner.auth })).json()
        .data as { id: number }[];
    const [newest, oldest] = await list();
    const fix = (id: number, headers: Record<string, string> = a.owner.auth) =>
      t.app.inject({ method: 'POST', url: `/api/punch-conflicts/${id}/fix`, headers });

    // Another account's manager, the station and an unknown id change nothing.
    const b = await account();
    expect((await fix(oldest.id, b.owner.auth)).statusCode).toBe(404);
    expect((await fix(oldest.id, { authorization: `Station ${a.station}` })).statusCode).toBe(401);
    expect((await fix(oldest.id + 100_000)).json()).toMatchObject({ message: messages.conflicts.notFound });
    expect((await list()).map((i) => i.id)).toEqual([newest.id, oldest.id]);

    const done = await fix(oldest.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(messages.conflicts.fixed);
    expect((await list()).map((i) => i.id)).toEqual([newest.id]);
    // Again: still 200, still one fix and one log entry.
    expect((await fix(oldest.id)).statusCode).toBe(200);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'punch.conflict_fixed')
      .execute();
    expect(logged.map((l) => JSON.parse(l.details!))).toEqual([{ log_id: oldest.id }]);
    // Not any log row: a clock-in's entry is not a refusal.
    await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    const clockIn = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'punch.clock_in')
      .executeTakeFirstOrThrow();
    expect((await fix(clockIn.id)).statusCode).toBe(404);
  });

  // Those made after the revoke are listed for a manager instead: station-revocations.test.ts.
  it("takes a revoked pairing's unsent punches made before the revoke over as that station's sync, once each, in its account only", async () => {
    const a = await account();
    const e = await employee(a, { pin: '1234', use_card_or_pin: 1 });
    const old = await createStation(t, a.owner, 'Old door');
    const unsent = [
      { client_id: cid(), kind: 'in' as const, employee_id: e.code, pin: '1234', device_time: at(60) },
      { client_id: cid(), kind: 'out' as const, badge: e.badge, device_time: at(30) },
    ];
    const handOver = (station: number, punches: object[] = unsent, who: Account = a) =>
      call(who, '/api/punches/unsent', { revoked_station_id: station, punches });
    // Not revoked yet: a working pairing's punches go through sync, not here.
    expect((await handOver(old.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/stations/${old.id}`, headers: a.owner.auth }))
        .statusCode,
    ).toBe(200);
    // Another account's station cannot name A's revoked station, nor can anyone name an unknown one.
    const b = await account();
    const foreign = await handOver(old.id, unsent, b);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(messages.clock.revokedPairingUnknown);
    expect((await handOver(old.id + 100_000)).statusCode).toBe(404);
    expect((await handOver(-1)).statusCode).toBe(400);
    expect((await handOver(old.id, [])).statusCode).toBe(400);
    expect((await call(a, '/api/punches/unsent', { punches: unsent })).statusCode).toBe(400);

    const res = await handOver(old.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.clock.unsentApplied(2, 0), recorded: 0, applied: 2 });
    // Applied as the old station's punches, at their device times: one shift, the employee out again.
    const rows = await t.db
      .selectFrom('punches')
      .select(['time_in', 'time_out', 'station_id', 'station_out_id'])
      .where('employee_ref', '=', e.id)
      .execute();
    expect(rows).toEqual([
      {
        time_in: unsent[0].device_time,
        time_out: unsent[1].device_time,
        station_id: old.id,
        station_out_id: old.id,
      },
    ]);
    // Handed over again (the answer was lost), or synced later: nothing more is recorded, nothing listed.
    expect((await handOver(old.id)).json()).toEqual({
      message: messages.clock.unsentHandedOver(0),
      recorded: 0,
      applied: 0,
    });
    const again = await call(a, '/api/punches/sync', { punches: unsent });
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: a.owner.auth })).json().data,
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: b.owner.auth })).json().data,
    ).toEqual([]);
    // A punch the server has after all (it was sent before the revoke was answered) is left out.
    const sent = {
      client_id: cid(),
      kind: 'in' as const,
      employee_id: e.code,
      pin: '1234',
      device_time: at(10),
    };
    expect((await call(a, '/api/punches/sync', { punches: [sent] })).json().results[0].status).toBe(
      'created',
    );
    expect((await handOver(old.id, [sent, sent])).json()).toMatchObject({ recorded: 0, applied: 0 });
  });

  it('logs a conflicting badge punch without the badge signature, and still names the employee', async () => {
    const a = await account();
    const e = await employee(a);
    await call(a, '/api/clock-in', { employee_id: e.code, client_id: cid() });
    const res = await call(a, '/api/punches/sync', {
      punches: [{ client_id: cid(), kind: 'in', badge: e.badge, device_time: at(3) }],
    });
    expect(res.json().results[0].status).toBe('conflict');
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'punch.conflict')
      .executeTakeFirstOrThrow();
    const signature = e.badge.split('.').at(-1) as string;
    expect(log.details).not.toContain(signature);
    expect(JSON.parse(log.details as string).punch.badge).toBe(`PC1.${a.accountId}.${e.id}.1.redacted`);
    const [issue] = (
      await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: a.owner.auth })
    ).json().data;
    expect(issue).toMatchObject({ status: 'conflict', employee_id: e.code, employee_ref: e.id });
  });

  it('takes a 10,000-punch batch, and refuses a larger one', async () => {
    const a = await account();
    const e = await employee(a);
    const punches = Array.from({ length: 10_000 }, (_, i) => ({
      client_id: `bulk${i}x${a.accountId}aa`,
      kind: i % 2 === 0 ? 'in' : 'out',
      employee_id: e.code,
      device_time: at(10_001 - i),
    }));
    const res = await call(a, '/api/punches/sync', { punches });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.filter((r: { status: string }) => r.status === 'created')).toHaveLength(10_000);
    const rows = await t.db.selectFrom('punches').select('id').where('employee_ref', '=', e.id).execute();
    expect(rows).toHaveLength(5_000);
    const tooMany = await call(a, '/api/punches/sync', {
      punches: [...punches, { ...punches[0], client_id: 'one-more-punch' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('At most 10000 punches per sync.');
  }, 120_000);
});
