import { fixClockOutPath, forgottenAfterText } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekStartOf } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';

/**
 * GET /api/dashboard on both databases. The accounts are UTC; punches are placed relative to now, so the
 * expected "today" and "this week" figures are worked out from the same instants (a run just after midnight
 * or on a Monday morning still adds up).
 *
 * Account a: Ops — Avery open since 13 h ago (a forgotten clock-out), Blake open since 1 h ago (late-synced),
 *            Blake also worked 30 minutes that ended 2 h ago; Site (excluded from reports) — Casey, nothing.
 * Account other: its own employee, open since 14 h ago. Account empty: no employees at all.
 */
const t = useTestApp();
let a: Account;
let other: Account;
let empty: Account;
const ids = { avery: 0, blake: 0, casey: 0, ops: 0, site: 0, stranger: 0 };
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const times = { avery: '', blake: '', closedIn: '', closedOut: '' };

const dashboard = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });

beforeAll(async () => {
  a = await createAccount(t);
  other = await createAccount(t);
  empty = await createAccount(t);
  ids.ops = (await createDepartment(t, a, { dp_name: 'Ops' })).id;
  ids.site = (await createDepartment(t, a, { dp_name: 'Site', exclude_from_reports: true })).id;
  ids.avery = (await createEmployee(t, a, { name: 'Avery', employee_id: 'AV1', department_id: ids.ops })).id;
  ids.blake = (await createEmployee(t, a, { name: 'Blake', employee_id: 'BL1', department_id: ids.ops })).id;
  ids.casey = (await createEmployee(t, a, { name: 'Casey', employee_id: 'CA1', department_id: ids.site })).id;
  times.avery = ago(13 * 60);
  times.blake = ago(60);
  times.closedIn = ago(150);
  times.closedOut = ago(120);
  await insertPunch(t, a.accountId, ids.avery, { time_in: times.avery });
  const late = await insertPunch(t, a.accountId, ids.blake, { time_in: times.blake, source: 'station' });
  await t.db.updateTable('punches').set({ late_sync: 1 }).where('id', '=', late.id).execute();
  await insertPunch(t, a.accountId, ids.blake, { time_in: times.closedIn, time_out: times.closedOut });

  ids.stranger = (await createEmployee(t, other, { name: 'Stranger' })).id;
  await insertPunch(t, other.accountId, ids.stranger, { time_in: ago(14 * 60) });
});

describe('GET /api/dashboard', () => {
  it('answers who is in, today, forgotten clock-outs and this week by department', async () => {
    const res = await dashboard(a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const today = new Date().toISOString().slice(0, 10);
    const dayOf = (iso: string) => iso.slice(0, 10);
    expect(d).toMatchObject({
      time_zone: 'UTC',
      today,
      week_start: weekStartOf(today, 'Monday'),
      employee_count: 3,
    });

    expect(d.in_now).toEqual([
      { employee_ref: ids.avery, employee_id: 'AV1', name: 'Avery', department: 'Ops', since: times.avery },
      { employee_ref: ids.blake, employee_id: 'BL1', name: 'Blake', department: 'Ops', since: times.blake },
    ]);
    const averyOpen = await t.db
      .selectFrom('punches')
      .select('id')
      .where('employee_ref', '=', ids.avery)
      .where('time_out', 'is', null)
      .executeTakeFirstOrThrow();
    expect(d.forgotten_clock_outs).toEqual([
      {
        employee_ref: ids.avery,
        employee_id: 'AV1',
        name: 'Avery',
        department: 'Ops',
        since: times.avery,
        // The employee's page with the open punch's edit dialog (a new punch would overlap the open shift).
        fix_path: `/Employee/${ids.avery}?edit_punch=${averyOpen.id}`,
      },
    ]);
    expect(fixClockOutPath(ids.avery, averyOpen.id)).toBe(d.forgotten_clock_outs[0].fix_path);

    const startedToday = [times.avery, times.blake, times.closedIn].filter((x) => dayOf(x) === today);
    expect(d.punches_today).toBe(startedToday.length);
    expect(d.late_syncs_today).toBe(dayOf(times.blake) === today ? 1 : 0);

    // Site is excluded from reports, so only Ops shows; open shifts are never paid: the 30 closed minutes.
    const thisWeek = dayOf(times.closedIn) >= weekStartOf(today, 'Monday');
    expect(d.hours_by_department).toEqual([
      { department_id: ids.ops, department: 'Ops', paid_minutes: thisWeek ? 30 : 0 },
    ]);
  });

  it('weeks start on the account week start (Monday by default)', () => {
    expect(weekStartOf('2026-11-23', 'Monday')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2026-11-29', 'Monday')).toBe('2026-11-23'); // Sunday
    expect(weekStartOf('2026-03-04', 'Monday')).toBe('2026-03-02'); // Wednesday
    expect(weekStartOf('2027-01-01', 'Monday')).toBe('2026-12-28'); // across a year
    expect(weekStartOf('2026-11-29', 'Sunday')).toBe('2026-11-29');
    expect(weekStartOf('2026-11-28', 'Sunday')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-28', 'Saturday')).toBe('2026-11-28');
    expect(weekStartOf('2026-11-27', 'Saturday')).toBe('2026-11-21');
  });

  it('is scoped to the caller’s account: other accounts see nothing of it', async () => {
    const mine = (await dashboard(other.auth)).json();
    expect(mine.employee_count).toBe(1);
    expect(mine.in_now.map((s: { employee_ref: number }) => s.employee_ref)).toEqual([ids.stranger]);
    expect(mine.forgotten_clock_outs.map((s: { name: string }) => s.name)).toEqual(['Stranger']);
    expect(JSON.stringify(mine)).not.toMatch(/Avery|Blake|Casey|Ops/);

    const res = await dashboard(empty.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      employee_count: 0,
      in_now: [],
      punches_today: 0,
      late_syncs_today: 0,
      late_arrivals_today: 0,
      forgotten_clock_outs: [],
      forgotten_after_minutes: 720,
      hours_by_department: [],
    });
  });

  it("counts a forgotten clock-out after the account's own forgotten_after_minutes (pay period settings)", async () => {
    const own = await createAccount(t);
    const id = (await createEmployee(t, own, { name: 'Two Hours In' })).id;
    await insertPunch(t, own.accountId, id, { time_in: ago(120) });
    const forgotten = async (acc: Account) =>
      (await dashboard(acc.auth)).json().forgotten_clock_outs.map((s: { name: string }) => s.name);
    // 12 hours by default: a shift open 2 h is not forgotten yet.
    expect(await forgotten(own)).toEqual([]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/pay-periods/settings',
      headers: own.auth,
      payload: { frequency: 'weekly', anchor_date: '2026-11-02', forgotten_after_minutes: 60 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await forgotten(own)).toEqual(['Two Hours In']);
    expect((await dashboard(own.auth)).json().forgotten_after_minutes).toBe(60);
    expect(forgottenAfterText(60)).toBe('1 hour');
    expect(forgottenAfterText(720)).toBe('12 hours');
    expect(forgottenAfterText(90)).toBe('90 minutes');
    // Another account keeps its 12 hours: Blake, open 1 h, is not forgotten there.
    expect(await forgotten(a)).toEqual(['Avery']);
  });

  it('refuses employees (403) and callers without a token (401)', async () => {
    const employee = await createEmployeeLogin(t, a, { department_id: ids.ops });
    const res = await dashboard(employee.auth);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect((await dashboard({})).statusCode).toBe(401);
  });
});
