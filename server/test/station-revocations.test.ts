import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signBadge } from '../src/lib/badges';
import { createAccount, createDepartment, createEmployee, createStation } from './factories';
import { type Session, useTestApp } from './helper';

// Revocations while a station is offline (docs/RULES.md#revocations-while-offline): a punch made before a badge
// was regenerated, an employee deleted, their App Login removed or the station revoked (by its corrected clock)
// counts; one made after is refused and listed for review with why. Each change is made through the API, then
// dated back to "Wednesday" (3 hours ago) in the table, so the week's punches fall on both sides of it.
const t = useTestApp();
const SECRET = 'test-secret';
const H = 3_600_000;
let n = 0;
const cid = () => `r${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const iso = (ms: number) => new Date(ms).toISOString();
const changedAt = () => iso(Date.now() - 3 * H);

async function site() {
  const owner = await createAccount(t);
  const station = await createStation(t, owner);
  const dep = (await createDepartment(t, owner)).id;
  const hire = async () => {
    const code = `V${Date.now() % 1e7}${n++}`;
    const e = await createEmployee(t, owner, {
      employee_id: code,
      department_id: dep,
      name: `Worker ${code}`,
    });
    const badge = (version: number) =>
      signBadge(SECRET, { accountId: owner.accountId, employeeRef: e.id, version });
    return { ...e, dep, badge };
  };
  const as = (token: string) => (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Station ${token}` }, payload });
  const sync = (punches: object[], extra: object = {}) =>
    as(station.token)('/api/punches/sync', { device_now: iso(Date.now()), punches, ...extra });
  const issues = async (who: Session = owner) =>
    (await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: who.auth })).json().data as {
      reason: string;
      status: string;
      employee_ref: number | null;
      station: string | null;
    }[];
  return { owner, station, hire, as, sync, issues };
}
type Site = Awaited<ReturnType<typeof site>>;

const statuses = (res: { json(): { results: { status: string }[] } }) =>
  res.json().results.map((r) => r.status);
const shiftsOf = (ref: number) =>
  t.db
    .selectFrom('punches')
    .select(['time_in', 'time_out', 'station_id'])
    .where('employee_ref', '=', ref)
    .orderBy('time_in')
    .execute();
const api = (s: Site, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.owner.auth, ...(payload ? { payload } : {}) });

describe('revocations while a station is offline', () => {
  it('takes the old badge for punches made before it was regenerated (by the corrected clock), refuses and lists those after', async () => {
    const s = await site();
    const e = await s.hire();
    const regen = await api(s, 'POST', `/api/employees/${e.id}/regenerate-badge`);
    expect(regen.statusCode, regen.body).toBe(200);
    const row = await t.db
      .selectFrom('employees')
      .select('badge_replaced_at')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(row.badge_replaced_at!) - Date.now())).toBeLessThan(60_000);
    const wednesday = changedAt();
    await t.db
      .updateTable('employees')
      .set({ badge_replaced_at: wednesday })
      .where('id', '=', e.id)
      .execute();
    const now = Date.now();
    // The station runs an hour fast: its raw times of the first shift are after Wednesday's regeneration, their
    // true times before it.
    const fast = (ms: number) => iso(ms + H);
    const before = [
      { client_id: cid(), kind: 'in', badge: e.badge(1), device_time: fast(now - 4.5 * H) },
      { client_id: cid(), kind: 'out', badge: e.badge(1), device_time: fast(now - 3.5 * H) },
    ];
    const after = { client_id: cid(), kind: 'in', badge: e.badge(1), device_time: fast(now - 2 * H) };
    const current = { client_id: cid(), kind: 'in', badge: e.badge(2), device_time: fast(now - 1 * H) };
    const res = await s.sync([...before, after, current], { device_now: fast(Date.now()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(statuses(res)).toEqual(['created', 'created', 'rejected', 'created']);
    expect(res.json().results[2].message).toBe(messages.clock.badgeReplacedBefore);
    const shifts = await shiftsOf(e.id);
    expect(shifts).toHaveLength(2);
    expect(Math.abs(Date.parse(shifts[0].time_in) - (now - 4.5 * H))).toBeLessThan(5_000);
    // Listed for review with why, for this account only.
    const list = await s.issues();
    expect(list).toMatchObject([
      { status: 'rejected', reason: messages.clock.badgeReplacedBefore, employee_ref: e.id },
    ]);
    const other = await site();
    expect(await other.issues()).toEqual([]);
    // A second regeneration: the first print is void even for an earlier punch (when it stopped is not known).
    await api(s, 'POST', `/api/employees/${e.id}/regenerate-badge`);
    const older = await s.sync([
      { client_id: cid(), kind: 'in', badge: e.badge(1), device_time: iso(now - 10 * H) },
    ]);
    expect(older.json().results[0]).toMatchObject({
      status: 'rejected',
      message: messages.clock.badgeReplacedBefore,
    });
    // A live punch with the old print is refused as before.
    const live = await s.as(s.station.token)('/api/clock-in', { badge: e.badge(2) });
    expect(live.statusCode).toBe(404);
    expect(live.json().message).toBe(messages.clock.badgeInvalid);
  });

  it("takes a deleted employee's punches made before the deletion, by Employee ID and badge, and refuses those after", async () => {
    const s = await site();
    const e = await s.hire();
    expect((await api(s, 'DELETE', `/employees/${e.id}`)).statusCode).toBe(200);
    await t.db.updateTable('employees').set({ deleted_at: changedAt() }).where('id', '=', e.id).execute();
    const now = Date.now();
    const res = await s.sync([
      { client_id: cid(), kind: 'in', employee_id: e.code, device_time: iso(now - 6 * H) },
      { client_id: cid(), kind: 'out', badge: e.badge(1), device_time: iso(now - 4 * H) },
      { client_id: cid(), kind: 'in', employee_id: e.code, device_time: iso(now - 2 * H) },
      { client_id: cid(), kind: 'in', badge: e.badge(1), device_time: iso(now - 1 * H) },
    ]);
    expect(statuses(res)).toEqual(['created', 'created', 'rejected', 'rejected']);
    expect(res.json().results[2].message).toBe(messages.clock.deletedBefore);
    expect(res.json().results[3].message).toBe(messages.clock.deletedBefore);
    expect(await shiftsOf(e.id)).toHaveLength(1);
    expect((await s.issues()).map((i) => i.reason)).toEqual([
      messages.clock.deletedBefore,
      messages.clock.deletedBefore,
    ]);
  });

  it('takes punches made before App Login was removed, refuses those after, and forgets the removal when it is given back', async () => {
    const s = await site();
    const e = await s.hire();
    const put = (app: boolean) =>
      api(s, 'PUT', `/employees/${e.id}`, {
        name: 'Worker',
        department_id: e.dep,
        employee_id: e.code,
        permission_app: app,
      });
    expect((await put(false)).statusCode).toBe(200);
    const removed = await t.db
      .selectFrom('employees')
      .select('app_login_removed_at')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(removed.app_login_removed_at).not.toBeNull();
    await t.db
      .updateTable('employees')
      .set({ app_login_removed_at: changedAt() })
      .where('id', '=', e.id)
      .execute();
    const now = Date.now();
    const res = await s.sync([
      { client_id: cid(), kind: 'in', employee_id: e.code, device_time: iso(now - 6 * H) },
      { client_id: cid(), kind: 'out', employee_id: e.code, device_time: iso(now - 5 * H) },
      { client_id: cid(), kind: 'in', badge: e.badge(1), device_time: iso(now - 1 * H) },
    ]);
    expect(statuses(res)).toEqual(['created', 'created', 'rejected']);
    expect(res.json().results[2].message).toBe(messages.clock.appLoginRemovedBefore);
    // Live: refused as before.
    expect((await s.as(s.station.token)('/api/clock-in', { employee_id: e.code })).statusCode).toBe(403);
    expect((await put(true)).statusCode).toBe(200);
    const back = await t.db
      .selectFrom('employees')
      .select('app_login_removed_at')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(back.app_login_removed_at).toBeNull();
  });

  it("applies a revoked station's hand-over made before the revoke at its true times, lists those after, once each", async () => {
    const s = await site();
    const e = await s.hire();
    const f = await s.hire();
    const old = await createStation(t, s.owner, 'Old door');
    expect((await api(s, 'DELETE', `/api/stations/${old.id}`)).statusCode).toBe(200);
    await t.db.updateTable('stations').set({ revoked_at: changedAt() }).where('id', '=', old.id).execute();
    const now = Date.now();
    // The tablet runs an hour slow; paired again, it hands over what it could not send.
    const slow = (ms: number) => iso(ms - H);
    const punches = [
      { client_id: cid(), kind: 'in', employee_id: e.code, device_time: slow(now - 6 * H) },
      { client_id: cid(), kind: 'out', employee_id: e.code, device_time: slow(now - 4 * H) },
      // Raw time before the revoke, true time after it.
      { client_id: cid(), kind: 'in', employee_id: f.code, device_time: slow(now - 2.5 * H) },
      {
        client_id: cid(),
        kind: 'in',
        badge: 'PC1.forged.0123456789abcdef0123456789abcdef',
        device_time: slow(now - 5 * H),
      },
    ];
    const handOver = () =>
      s.as(s.station.token)('/api/punches/unsent', {
        revoked_station_id: old.id,
        device_now: slow(Date.now()),
        punches,
      });
    const res = await handOver();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.clock.unsentApplied(2, 2), recorded: 2, applied: 2 });
    const shifts = await shiftsOf(e.id);
    expect(shifts).toHaveLength(1);
    expect(shifts[0].station_id).toBe(old.id);
    expect(Math.abs(Date.parse(shifts[0].time_in) - (now - 6 * H))).toBeLessThan(5_000);
    expect(await shiftsOf(f.id)).toEqual([]);
    const reasons = (await s.issues()).map((i) => i.reason).sort();
    expect(reasons).toEqual([messages.clock.badgeInvalid, messages.clock.madeAfterRevoke].sort());
    // Handed over again: nothing more.
    expect((await handOver()).json()).toMatchObject({ recorded: 0, applied: 0 });
    expect(await s.issues()).toHaveLength(2);
    // A new after-revoke punch handed over twice at the same instant (a retry racing its first send): listed once.
    const late = {
      client_id: cid(),
      kind: 'in',
      employee_id: f.code,
      device_time: slow(now - 2 * H),
    };
    const twice = await Promise.all(
      [0, 1].map(() =>
        s.as(s.station.token)('/api/punches/unsent', {
          revoked_station_id: old.id,
          device_now: slow(Date.now()),
          punches: [late],
        }),
      ),
    );
    for (const r of twice) expect(r.statusCode, r.body).toBe(200);
    expect(twice.map((r) => r.json().recorded as number).sort()).toEqual([0, 1]);
    expect(await s.issues()).toHaveLength(3);
    // A hand-over whose clock is more than 31 days off is refused whole.
    const off = await s.as(s.station.token)('/api/punches/unsent', {
      revoked_station_id: old.id,
      device_now: iso(Date.now() - 40 * 24 * H),
      punches,
    });
    expect(off.statusCode).toBe(422);
  });

  it("refuses an unknown or another account's badge for its item only", async () => {
    const s = await site();
    const other = await site();
    const e = await s.hire();
    const stranger = await other.hire();
    const now = Date.now();
    const res = await s.sync([
      { client_id: cid(), kind: 'in', employee_id: e.code, device_time: iso(now - 3 * H) },
      { client_id: cid(), kind: 'in', badge: stranger.badge(1), device_time: iso(now - 2.5 * H) },
      { client_id: cid(), kind: 'in', badge: 'PC1.not-a-badge', device_time: iso(now - 2.4 * H) },
      {
        client_id: cid(),
        kind: 'in',
        badge: signBadge(SECRET, { accountId: s.owner.accountId, employeeRef: 999_999_999, version: 1 }),
        device_time: iso(now - 2.3 * H),
      },
      { client_id: cid(), kind: 'out', employee_id: e.code, device_time: iso(now - 1 * H) },
    ]);
    expect(statuses(res)).toEqual(['created', 'rejected', 'rejected', 'rejected', 'created']);
    for (const r of res.json().results.slice(1, 4)) expect(r.message).toBe(messages.clock.badgeInvalid);
    expect(await shiftsOf(stranger.id)).toEqual([]);
    expect(await other.issues()).toEqual([]);
  });
});
