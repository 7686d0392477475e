import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createEmployee, createStation } from './factories';
import { useTestApp } from './helper';
import { zonedToUtc } from '../src/lib/time';

/**
 * Days, daylight saving and zones through the whole path — the API writes the punches, the time engine turns
 * them into the Daily Summary — on both databases. Figures by hand in each test ($18.75 an hour).
 */
const t = useTestApp();

async function account(zone: string, extra: Record<string, unknown> = {}) {
  const a = await createAccount(t);
  const set = await t.app.inject({
    method: 'POST',
    url: '/settings',
    headers: a.auth,
    payload: { time_zone: zone, ...extra },
  });
  expect(set.statusCode, set.body).toBe(200);
  const e = await createEmployee(t, a, { name: 'Dana Zone', hourly_rate: '18.75', permission_app: true });
  return { a, e };
}

const manual = async (a: Account, employee: number, date: string, time_in: string, time_out: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manual-punches',
    headers: a.auth,
    payload: { employee_id: employee, date, time_in, time_out },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const daily = async (a: Account, start_date: string, end_date: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/getdata',
    headers: a.auth,
    payload: { reportname: 'Daily Summary', start_date, end_date },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: Record<string, unknown>) => [r.date, r.worked, r.paid, r.earnings]);
};

describe('days and zones in reports', () => {
  let ny: { a: Account; e: { id: number; code: string } };
  beforeAll(async () => {
    ny = await account('America/New_York');
  });

  it('counts real minutes on the spring-forward day in New York: 01:00–05:00 on the wall is 180 min', async () => {
    // 180 × 18.75 / 60 = $56.25
    await manual(ny.a, ny.e.id, '2026-03-08', '01:00', '05:00');
    expect(await daily(ny.a, '2026-03-08', '2026-03-08')).toEqual([['2026-03-08', 180, 180, 5625]]);
  });

  it('counts real minutes on the fall-back day in New York: 00:30–03:30 on the wall is 240 min', async () => {
    // 240 × 18.75 / 60 = $75.00
    await manual(ny.a, ny.e.id, '2026-11-01', '00:30', '03:30');
    expect(await daily(ny.a, '2026-11-01', '2026-11-01')).toEqual([['2026-11-01', 240, 240, 7500]]);
  });

  it('keeps a synced shift across midnight on the day it started', async () => {
    // 22:00 to 06:30 the next morning in New York: 510 min, all on the first day → 510 × 18.75 / 60 = $159.375
    // → $159.38. Three days ago, so the offline punches are within the 31 days sync accepts.
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const station = await createStation(t, ny.a, 'Night door');
    const punch = (kind: 'in' | 'out', date: string, time: string) => ({
      client_id: `midnight-${kind}-${day}`,
      kind,
      employee_id: ny.e.code,
      device_time: zonedToUtc(date, time, 'America/New_York').toISOString(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${station.token}` },
      payload: { punches: [punch('in', day, '22:00'), punch('out', next, '06:30')] },
    });
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    expect(await daily(ny.a, day, next)).toEqual([[day, 510, 510, 15938]]);
  });

  it('rounds on the local wall clock where the offset is not a whole hour (Kathmandu, UTC+05:45)', async () => {
    // 09:02 → 09:00 and 17:58 → 18:00 with 5-minute rounding: 540 min → $168.75; unrounded 536 min → $167.50
    const ktm = await account('Asia/Kathmandu', { time_rounding: '5 Minutes' });
    await manual(ktm.a, ktm.e.id, '2026-03-02', '09:02', '17:58');
    expect(await daily(ktm.a, '2026-03-02', '2026-03-02')).toEqual([['2026-03-02', 540, 540, 16875]]);
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: ktm.a.auth,
      payload: { time_rounding: null },
    });
    expect(await daily(ktm.a, '2026-03-02', '2026-03-02')).toEqual([['2026-03-02', 536, 536, 16750]]);
  });

  it('moves days with the zone: a punch at 02:30Z is Mar 9 in New York and Mar 10 in Berlin', async () => {
    const moving = await account('America/New_York');
    // 21:30–22:30 on Mar 9 in New York (EDT from Mar 8, UTC−4) = 01:30–02:30Z Mar 10 = 02:30–03:30 in Berlin (CET).
    await manual(moving.a, moving.e.id, '2026-03-09', '21:30', '22:30');
    expect(await daily(moving.a, '2026-03-09', '2026-03-10')).toEqual([['2026-03-09', 60, 60, 1875]]);
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: moving.a.auth,
      payload: { time_zone: 'Europe/Berlin' },
    });
    expect(await daily(moving.a, '2026-03-09', '2026-03-10')).toEqual([['2026-03-10', 60, 60, 1875]]);
  });
});
