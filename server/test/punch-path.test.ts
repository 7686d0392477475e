import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { createAccount, createDepartment, createEmployee, createStation } from './factories';
import { type Session, useTestApp } from './helper';

/**
 * The one save path of punches (modules/punches/punch-store.ts): the same rules and the same transaction for
 * clock-in/out, offline sync and manual punches, and the defects a hostile probe found in it.
 */
const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });

interface Setup {
  owner: Session;
  station: string;
  employeeRef: number;
  code: string;
}

let n = 0;
/** An account with a station and one employee who uses PIN 4821, made through the API as a manager would. */
async function setup(): Promise<Setup> {
  n += 1;
  const owner = await createAccount(t);
  const dep = await createDepartment(t, owner, { dp_name: `Floor ${n}` });
  const { id: employeeRef, code } = await createEmployee(t, owner, {
    name: `Pat Punch ${n}`,
    department_id: dep.id,
    employee_id: `P${n}`,
    pin: '4821',
    permission_app: true,
    use_card_or_pin: true,
  });
  const station = await createStation(t, owner, 'Door');
  return { owner, station: station.token, employeeRef, code };
}

/** A manual punch yesterday (times on the account's wall clock), sent by the owner. */
const manualPunch = (s: Setup, times: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manual-punches',
    headers: s.owner.auth,
    payload: { employee_id: s.employeeRef, date: yesterday(), ...times },
  });

const asStation = (s: Setup, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Station ${s.station}` }, payload });

const punchesOf = (employeeRef: number) =>
  t.db
    .selectFrom('punches')
    .select(['id', 'time_in', 'time_out', 'source'])
    .where('employee_ref', '=', employeeRef)
    .where('deleted_at', 'is', null)
    .orderBy('time_in')
    .execute();

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** An instant yesterday at HH:MM in the account's zone (sign-up's default zone is UTC). */
const at = (hhmm: string) => `${yesterday()}T${hhmm}:00.000Z`;
let c = 0;
const cid = () => `pp${process.pid}x${(c += 1)}x${Math.random().toString(36).slice(2, 8)}`;

describe('one save path for punches', () => {
  it('leaves one row when 20 overlapping manual punches arrive at once', async () => {
    const s = await setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        manualPunch(s, { time_in: `09:${String(i).padStart(2, '0')}`, time_out: '17:00' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    expect(refused.every((r) => r.json().code === 'punch.overlap')).toBe(true);
    expect(await punchesOf(s.employeeRef)).toHaveLength(1);
  });

  it('writes the activity entry with the punch, in the same transaction', async () => {
    const s = await setup();
    const res = await manualPunch(s, { time_in: '08:00', time_out: '12:00' });
    expect(res.statusCode).toBe(201);
    const logs = await t.db
      .selectFrom('activity_logs')
      .select(['action', 'details'])
      .where('employee_id', '=', s.employeeRef)
      .where('action', 'like', 'punch.%')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['punch.created']);
    expect(JSON.parse(logs[0].details ?? '{}').new.id).toBe(res.json().data.id);
  });

  it('refuses Lunch and Break punches in Attendance Only, with a code', async () => {
    const s = await setup();
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.owner.auth,
      payload: { attendance_mode: 'Attendance Only' },
    });
    const lunch = await manualPunch(s, { time_in: '12:00', time_out: '12:30', type: 'Lunch' });
    expect(lunch.statusCode).toBe(422);
    expect(lunch.json()).toMatchObject({
      code: 'punch.attendance_only',
      message: messages.punches.attendanceOnly,
    });
  });
});

describe('offline sync obeys the same rules (defects found by probing)', () => {
  it('turns a synced shift inside a manual punch into conflicts, never a second paid interval', async () => {
    const s = await setup();
    const manual = await manualPunch(s, { time_in: '09:00', time_out: '17:00' });
    expect(manual.statusCode).toBe(201);
    const item = (kind: 'in' | 'out', hhmm: string) => ({
      client_id: cid(),
      kind,
      employee_id: s.code,
      pin: '4821',
      device_time: at(hhmm),
    });
    const inside = await asStation(s, '/api/punches/sync', {
      punches: [item('in', '10:00'), item('out', '11:00')],
    });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().results.map((r: { status: string }) => r.status)).toEqual(['conflict', 'conflict']);
    // A synced shift around the manual punch: the clock-in is before it, but the shift would overlap it.
    const around = await asStation(s, '/api/punches/sync', {
      punches: [item('in', '08:00'), item('out', '18:00')],
    });
    expect(around.json().results.map((r: { status: string }) => r.status)).toEqual(['created', 'conflict']);
    expect(around.json().results[1].message).toBe(messages.punches.overlaps);
    const rows = await punchesOf(s.employeeRef);
    expect(rows.filter((r) => r.time_out !== null)).toHaveLength(1);
    // Only the manual 8 hours are closed and payable; the 08:00 clock-in stays open for a manager to fix.
    expect(rows.map((r) => [r.source, r.time_in, r.time_out])).toEqual([
      ['station', at('08:00'), null],
      ['manual', at('09:00'), at('17:00')],
    ]);
    const issues = await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: s.owner.auth });
    expect(issues.json().data.filter((d: { status: string }) => d.status === 'conflict')).toHaveLength(3);
  });

  it('counts wrong PINs in a sync against the same lock, so a batch cannot guess a PIN', async () => {
    const s = await setup();
    // Every PIN from 4000 to 5999 (the right one, 4821, among them), one clock-in each, a second apart.
    const base = Date.parse(at('06:00'));
    const punches = Array.from({ length: 2000 }, (_, i) => ({
      client_id: cid(),
      kind: 'in' as const,
      employee_id: s.code,
      pin: String(4000 + i),
      device_time: new Date(base + i * 1000).toISOString(),
    }));
    const res = await asStation(s, '/api/punches/sync', { punches });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { client_id: string; status: string; message: string }[];
    expect(await punchesOf(s.employeeRef)).toHaveLength(0);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(results.filter((r) => r.message === messages.clock.pinWrong)).toHaveLength(5);
    // The item with the right PIN is answered like every other item past the lock: nothing names it.
    const right = results.find((r) => r.client_id === punches[821].client_id);
    expect(right?.message).toBe(messages.clock.pinLocked);
    // The lock holds for live punches at that station too.
    const live = await asStation(s, '/api/clock-in', { employee_id: s.code, pin: '4821', client_id: cid() });
    expect(live.statusCode).toBe(429);
    // Every refused item is logged, and a manager sees them as punches that need attention.
    const logged = await t.db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'punch.rejected')
      .where('details', 'like', `%${s.code}%`)
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(2000);
    const issues = await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: s.owner.auth });
    expect(issues.json().data[0]).toMatchObject({ status: 'rejected', reason: messages.clock.pinLocked });
  });
});
