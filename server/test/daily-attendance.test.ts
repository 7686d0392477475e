import { describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/time';
import { createAccount, createDepartment, createEmployee, insertPunch } from './factories';
import { useTestApp } from './helper';
import { callerOf, ok } from './pay-period-support';

const t = useTestApp();
const HOUR = 3_600_000;

/**
 * A fixed-offset zone whose wall clock reads between 02:00 and 03:00 now, so that "yesterday evening" is a few
 * hours ago whenever the test runs (Etc/GMT-N is UTC+N).
 */
function zoneAtTwoInTheMorning(now: Date): string {
  let offset = (((2 - now.getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('Daily Attendance', () => {
  it('counts a night shift begun yesterday as present today while it runs or once it ends after midnight', async () => {
    const now = new Date();
    const zone = zoneAtTwoInTheMorning(now);
    const a = await createAccount(t, { time_zone: zone });
    const other = await createAccount(t, { time_zone: zone });
    const dep = await createDepartment(t, a, { dp_name: 'Night' });
    const person = async (name: string) => (await createEmployee(t, a, { name, department_id: dep.id })).id;
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
    const punch = (ref: number, from: number, to: number | null, owner = a) =>
      insertPunch(t, owner.accountId, ref, {
        time_in: ago(from),
        time_out: to === null ? null : ago(to),
        work_date: localDay(new Date(now.getTime() - from * HOUR), zone),
      });
    const today = localDay(now, zone);
    // The local clock reads 02:xx: midnight was 2–3 hours ago, so 4 h ago is yesterday evening.
    expect(localDay(new Date(now.getTime() - 4 * HOUR), zone)).not.toBe(today);

    const gus = await person('Gus'); // in since yesterday 22:xx, still working: Present
    await punch(gus, 4, null);
    const ivy = await person('Ivy'); // yesterday 20:xx to 01:xx today: Present
    await punch(ivy, 6, 1);
    const jo = await person('Jo'); // yesterday 17:xx to 21:xx: went home before midnight, Absent
    await punch(jo, 9, 5);
    const hal = await person('Hal'); // open since 20 h ago: a forgotten clock-out, not at work: Absent
    await punch(hal, 20, null);
    const kim = await person('Kim'); // clocked in half an hour ago: Present
    await punch(kim, 0.5, null);
    // Another account's night worker is not in this account's report.
    await punch((await createEmployee(t, other, { name: 'Zed' })).id, 4, null, other);

    const res = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { reportname: 'daily-attendance' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((r: Record<string, unknown>) => [r.date, r.name, r.status, r.first_in])).toEqual([
      [today, 'Gus', 'Present', ago(4)],
      [today, 'Hal', 'Absent', null],
      [today, 'Ivy', 'Present', ago(6)],
      [today, 'Jo', 'Absent', null],
      [today, 'Kim', 'Present', ago(0.5)],
    ]);
    expect(body.totals.status).toBe('3 present, 2 absent');

    // The account's own forgotten_after_minutes (pay period settings), as the dashboard counts: at 3 hours,
    // Gus's shift open since yesterday 22:xx is a forgotten clock-out, not someone at work.
    ok(
      await callerOf(t)(a, 'PUT', '/api/pay-periods/settings', {
        frequency: 'weekly',
        anchor_date: '2026-11-02',
        forgotten_after_minutes: 180,
      }),
    );
    const after = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { reportname: 'daily-attendance' },
    });
    expect(after.json().data.map((r: Record<string, unknown>) => [r.name, r.status])).toEqual([
      ['Gus', 'Absent'],
      ['Hal', 'Absent'],
      ['Ivy', 'Present'],
      ['Jo', 'Absent'],
      ['Kim', 'Present'],
    ]);
  });
});
