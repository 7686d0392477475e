import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/src/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_ZONE } from '../../server/src/demo/demo-data';
import { localDay, localTime } from '../../server/src/lib/time';
import { formatInstant } from '../src/pages/punches/display-format';
import { apiCall, logIn, screenshot, useBrowser } from './support';

const b = useBrowser();

const DEMO_STATIONS = ['Front entrance tablet', 'Warehouse dock PC'];

/**
 * What the demo looks like on its own clock at the moment it was seeded (this run's real time): "work" on a
 * weekday from 9:30 to 16:00 (most people in, a lunch dip at noon), "off" at the weekend, before the drivers'
 * 6:30 or after 19:30 (everyone gone home), "between" while people arrive or leave.
 */
function demoPhase(seededAt: Date): 'work' | 'off' | 'between' {
  const weekday = new Date(`${localDay(seededAt, DEMO_ZONE)}T12:00:00Z`).getUTCDay();
  const time = localTime(seededAt, DEMO_ZONE);
  if (weekday === 0 || weekday === 6 || time < '06:30' || time >= '19:30') return 'off';
  return time >= '09:30' && time < '16:00' ? 'work' : 'between';
}

/** The demo as seeded, read from the server's database: when, its stations' latest punches, its open shifts. */
async function seededDemo() {
  const db = createDatabase(inject('databaseUrl'));
  try {
    // The demo's stations are created at the moment it is seeded (and never paired, so no journey punches at them).
    const stations = await db
      .selectFrom('stations')
      .innerJoin('users', 'users.account_id', 'stations.account_id')
      .select(['stations.id', 'stations.name', 'stations.created_at', 'stations.account_id'])
      .where('users.email', '=', DEMO_EMAIL)
      .where('stations.name', 'in', DEMO_STATIONS)
      .execute();
    const ids = stations.map((s) => s.id);
    const punches = await db
      .selectFrom('punches')
      .innerJoin('employees', 'employees.id', 'punches.employee_ref')
      .select([
        'employees.employee_id',
        'employees.name',
        'punches.time_in',
        'punches.time_out',
        'punches.station_id',
        'punches.station_out_id',
      ])
      .where('punches.account_id', '=', stations[0].account_id)
      .where('punches.station_id', 'in', ids)
      .execute();
    const latest = (id: number) =>
      punches
        .flatMap((p) => [
          ...(p.station_id === id ? [p.time_in] : []),
          ...(p.station_out_id === id && p.time_out ? [p.time_out] : []),
        ])
        .sort()
        .at(-1);
    return {
      seededAt: new Date(stations[0].created_at),
      stations: stations.map((s) => ({ name: s.name, latest: latest(s.id) })),
      // Shifts the demo left open (journeys' own punches are made at stations of their own).
      open: punches.filter((p) => p.time_out === null),
    };
  } finally {
    await db.destroy();
  }
}

describe('the demo company is alive when it is opened', () => {
  it('shows its stations last seen at their latest punch, and who is in as fits the hour it was seeded at', async () => {
    const demo = await seededDemo();
    const phase = demoPhase(demo.seededAt);
    const { context, page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    const settings = (await apiCall(b.baseUrl, token, 'GET', '/settings')).body as {
      date_format: string;
      time_format: string;
      time_zone: string;
    }[];
    const when = (iso: string) => formatInstant(iso, settings[0], settings[0].time_zone);

    // Devices: each station was last seen at its latest punch (it said "Never" while the log showed its punches).
    await page.goto('/Device');
    expect(demo.stations.map((s) => s.name).sort()).toEqual(DEMO_STATIONS);
    for (const s of demo.stations) {
      expect(s.latest, s.name).toBeDefined();
      expect(Date.parse(s.latest!)).toBeLessThanOrEqual(demo.seededAt.getTime());
      const row = page.getByRole('row', { name: new RegExp(s.name) });
      await row.getByText(when(s.latest!), { exact: true }).first().waitFor();
      expect(await row.locator('td').nth(2).textContent()).toBe(when(s.latest!));
    }
    await screenshot(page, `demo-alive-devices-${phase}`);

    // Nothing the demo made lies after the moment it was seeded.
    for (const p of demo.open) expect(Date.parse(p.time_in)).toBeLessThanOrEqual(demo.seededAt.getTime());
    const seededDay = localDay(demo.seededAt, DEMO_ZONE);
    const fromToday = demo.open.filter((p) => localDay(new Date(p.time_in), DEMO_ZONE) === seededDay);

    await page.goto('/HomeSecond');
    const whoIsIn = page.getByTestId('who-is-in');
    await whoIsIn.getByText(/of 40 employees clocked in/).waitFor();
    await screenshot(page, `demo-alive-dashboard-${phase}`);
    const inNow = Number((await whoIsIn.innerText()).match(/(\d+)\s*of 40 employees clocked in/)![1]);
    // Earlier days are closed but for the forgotten clock-out of the last working day (E1004's, unless a journey
    // before this one clocked them out), listed to fix whatever the hour.
    const forgotten = demo.open.filter((p) => localDay(new Date(p.time_in), DEMO_ZONE) < seededDay);
    expect(forgotten.length).toBeLessThanOrEqual(1);
    for (const p of forgotten) {
      expect(p.employee_id).toBe('E1004');
      await page
        .getByTestId('forgotten-clock-outs')
        .getByRole('link', { name: `Fix ${p.name}'s clock-out` })
        .waitFor();
    }
    expect(inNow).toBeGreaterThanOrEqual(demo.open.length);

    if (phase === 'work') {
      // A weekday during work hours: most people are in since this morning (at least 26 of 40 even at noon's
      // lunch; journeys before this one may have clocked up to 9 of them out to clock them in themselves).
      expect(fromToday.length).toBeGreaterThanOrEqual(15);
      expect(inNow).toBeGreaterThanOrEqual(15);
      // The tile lists the first few of them, each since a time this morning.
      const listed = await whoIsIn.innerText();
      const shownFromToday = fromToday.filter((p) => listed.includes(`${p.name}\n`));
      expect(shownFromToday.length).toBeGreaterThanOrEqual(5);
      for (const p of shownFromToday) expect(listed).toContain(`since ${when(p.time_in)}`);
    } else if (phase === 'off') {
      // The weekend or the night: nobody is in from a shift the demo started today.
      expect(fromToday).toHaveLength(0);
    }
    // Arriving or leaving ("between"): some may be in, each since this morning (checked above: none after now).
    await context.close();
  });
});
