import { describe, expect, it } from 'vitest';
import { createAccount, createEmployee, insertPunch } from './factories';
import { useTestApp } from './helper';

/**
 * The Rounding Effect report (docs/RULES.md#rounding-effect; 29 CFR 785.48(b)) on both databases. A UTC account
 * with Time Rounding to the nearest 10 minutes; every figure below is worked out by hand:
 *
 * Ada   Mar 2 08:04:00–16:56:00: raw 8 h 52 = 532 min; rounded 08:00–17:00 = 540 → added 8
 *       Mar 3 08:06:00–16:54:00: raw 8 h 48 = 528 min; rounded 08:10–16:50 = 520 → took 8
 *       Mar 4 09:00:30–12:00:00: raw 2 h 59 min 30 s, floored 179; rounded 09:00–12:00 = 180 → added 1
 *       → 3 punches, raw 1239, rounded 1240, added 9, took 8, net +1
 * Bo    Mar 2 09:00–17:00: 480 either way; Mar 3 an open shift (not measured) → 1 punch, 0 / 0 / 0
 */
const t = useTestApp();
const period = { start_date: '2026-03-02', end_date: '2026-03-04' };
const run = (who: { auth: { authorization: string } }, body: object) =>
  t.app.inject({ method: 'POST', url: '/getdata', headers: who.auth, payload: body });

async function seeded() {
  const a = await createAccount(t);
  const ada = await createEmployee(t, a, { name: 'Ada Round', hourly_rate: '20' });
  const bo = await createEmployee(t, a, { name: 'Bo Even', hourly_rate: '20' });
  const punches: [number, string, string | null][] = [
    [ada.id, '2026-03-02T08:04:00.000Z', '2026-03-02T16:56:00.000Z'],
    [ada.id, '2026-03-03T08:06:00.000Z', '2026-03-03T16:54:00.000Z'],
    [ada.id, '2026-03-04T09:00:30.000Z', '2026-03-04T12:00:00.000Z'],
    [bo.id, '2026-03-02T09:00:00.000Z', '2026-03-02T17:00:00.000Z'],
    [bo.id, '2026-03-03T09:00:00.000Z', null],
  ];
  for (const [ref, time_in, time_out] of punches)
    await insertPunch(t, a.accountId, ref, { time_in, time_out });
  return { a, ada, bo };
}

const figures = (r: Record<string, unknown>) => [
  r.name,
  r.punches,
  r.raw_hours,
  r.rounded_hours,
  r.added,
  r.took,
  r.net,
];

describe('Rounding Effect report', () => {
  it('answers per employee the minutes rounding added and took and the net, with the totals', async () => {
    const { a } = await seeded();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/settings',
          headers: a.auth,
          payload: { time_rounding: '10 Minutes' },
        })
      ).statusCode,
    ).toBe(200);
    const res = await run(a, { reportname: 'Rounding Effect', ...period });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map(figures)).toEqual([
      ['Ada Round', 3, 1239, 1240, 9, 8, 1],
      ['Bo Even', 1, 480, 480, 0, 0, 0],
    ]);
    expect(body.totals).toMatchObject({
      punches: 4,
      raw_hours: 1719,
      rounded_hours: 1720,
      added: 9,
      took: 8,
      net: 1,
    });
    expect(body.columns.map((c: { label: string }) => c.label)).toEqual([
      'Employee ID',
      'Name',
      'Department',
      'Punches',
      'Raw Hours',
      'Rounded Hours',
      'Minutes Added',
      'Minutes Taken',
      'Net Minutes',
    ]);

    // One day of it: only Mar 3's punches (Ada's −8; Bo's open shift is not measured).
    const day = (
      await run(a, { reportname: 'Rounding Effect', start_date: '2026-03-03', end_date: '2026-03-03' })
    ).json();
    expect(day.data.map(figures)).toEqual([['Ada Round', 1, 528, 520, 0, 8, -8]]);

    // CSV like every report: the header and the figures as numbers.
    const csv = await run(a, { reportname: 'Rounding Effect', ...period, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      'Employee ID,Name,Department,Punches,Raw Hours,Rounded Hours,Minutes Added,Minutes Taken,Net Minutes',
    );
    expect(csv.body).toMatch(/Ada Round,[^\n]*,3,20\.65,20\.67,9,8,1/);
  });

  it('is all zeros without Time Rounding, and one employee only when asked', async () => {
    const { a, ada } = await seeded();
    const body = (await run(a, { reportname: 'Rounding Effect', ...period, employee_id: ada.id })).json();
    expect(body.data.map(figures)).toEqual([['Ada Round', 3, 1239, 1239, 0, 0, 0]]);
  });

  it('shows a second account none of the first one’s people, and refuses bad periods with 400', async () => {
    const { ada } = await seeded();
    const other = await createAccount(t);
    const mine = await run(other, { reportname: 'Rounding Effect', ...period });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([]);
    // Another account's employee: not found for this account (never their rows).
    const theirs = await run(other, { reportname: 'Rounding Effect', ...period, employee_id: ada.id });
    expect(theirs.statusCode === 404 || (theirs.statusCode === 200 && theirs.json().data.length === 0)).toBe(
      true,
    );
    const bad: object[] = [
      { reportname: 'Rounding Effect' },
      { reportname: 'Rounding Effect', start_date: '2026-03-04', end_date: '2026-03-02' },
      { reportname: 'Rounding Effect', start_date: 'yesterday', end_date: '2026-03-02' },
      { reportname: 'Rounding Effect', ...period, employee_id: '1; DROP TABLE punches' },
      { reportname: 'Rounding Effect', ...period, employee_id: -1 },
      { reportname: 'Rounding Effect', start_date: '2026-03-02'.repeat(1000), end_date: '2026-03-02' },
    ];
    for (const b of bad) {
      const res = await run(other, b);
      expect(res.statusCode, `${JSON.stringify(b).slice(0, 80)}: ${res.body}`).toBe(400);
    }
    // Without a login: 401.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/getdata',
          payload: { reportname: 'Rounding Effect', ...period },
        })
      ).statusCode,
    ).toBe(401);
  });
});
