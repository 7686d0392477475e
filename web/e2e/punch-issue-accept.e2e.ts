import { mkdirSync } from 'node:fs';
import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, keepShot, logIn, registerOwner, useBrowser, wordsSplitAcrossLines } from './support';

const b = useBrowser();
// The account's clock is New York's; the browser's is Tokyo's: the modal must show and take New York times.
const ZONE = 'America/New_York';
const SHOTS = '/tmp/shots';

/** A new account in New York, logged in over the API. */
const newAccount = () => registerOwner(b.baseUrl, 'accept', { time_zone: ZONE });

/** A station's offline punches as it syncs them when it is back online (here with a wrong PIN). */
async function syncFromStation(stationToken: string, punches: object[]) {
  const res = await fetch(new URL('/api/punches/sync', b.baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Station ${stationToken}` },
    body: JSON.stringify({ punches }),
  });
  return (await res.json()) as { results: { status: string; message?: string }[] };
}

/** An instant's date and HH:MM on New York's wall clock, as the form's inputs hold them. */
function newYork(at: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (t: string) => parts.find((p) => p.type === t)?.value;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** An instant as the account shows it: MM/DD/YY and 12 hours (a new account's formats), on New York's clock. */
function shown(at: Date | { date: string; time: string }) {
  const { date, time } = at instanceof Date ? newYork(at) : at;
  const hour = Number(time.slice(0, 2));
  const twelve = `${hour % 12 || 12}:${time.slice(3)} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${date.slice(5, 7)}/${date.slice(8)}/${date.slice(2, 4)} ${twelve}`;
}

async function openDevices(page: Page, owner: { email: string; password: string }) {
  await logIn(page, owner.email, owner.password);
  await page.waitForURL(/\/HomeSecond$/);
  await page.goto('/Device');
}

describe('accepting a refused punch', () => {
  it('the manager accepts a wrong-PIN clock-in at a corrected time, and the employee is in', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const owner = await newAccount();
    const dept = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: 'Dock' });
    const code = `A${Date.now().toString(36)}`;
    const emp = await apiCall(b.baseUrl, owner.token, 'POST', '/employees', {
      name: 'Ada Accepted',
      employee_id: code,
      department_id: (dept.body as { data: { id: number } }).data.id,
      pin: '1357',
      use_card_or_pin: 1,
      permission_app: 1,
    });
    expect(emp.status).toBe(201);
    const station = await apiCall(b.baseUrl, owner.token, 'POST', '/api/stations', {
      name: 'Side door',
      pair: 'this-browser',
    });
    const stationToken = (station.body as { token: string }).token;
    // Offline, she clocked in 90 minutes ago and again 20 minutes ago with a mistyped PIN; both are refused at sync.
    const first = new Date(Date.now() - 90 * 60_000);
    const second = new Date(Date.now() - 20 * 60_000);
    const synced = await syncFromStation(
      stationToken,
      [first, second].map((at, i) => ({
        client_id: `accept${Date.now()}x${i}`,
        kind: 'in',
        employee_id: code,
        pin: '9999',
        device_time: at.toISOString(),
      })),
    );
    expect(synced.results.map((r) => r.message)).toEqual([messages.clock.pinWrong, messages.clock.pinWrong]);

    const { page, context } = await b.newPage({
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 1280, height: 900 },
    });
    await openDevices(page, owner);
    const rows = page.getByTestId('punch-issues').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Each row shows when the punch was made on New York's clock, in the account's formats.
    const firstRow = rows.filter({ hasText: shown(first) });
    await firstRow.getByRole('button', { name: /^Accept: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept punch' });
    await dialog.waitFor();
    // Prefilled with the punch: who, what, when (on New York's clock, not the browser's Tokyo one).
    const text = await dialog.textContent();
    for (const part of [
      `Ada Accepted (${code})`,
      'Clock in',
      shown(first),
      'Side door',
      messages.clock.pinWrong,
    ])
      expect(text).toContain(part);
    const date = dialog.getByLabel('Date');
    const time = dialog.getByLabel('Time', { exact: true });
    expect({ date: await date.inputValue(), time: await time.inputValue() }).toEqual(newYork(first));
    await keepShot(page, { path: `${SHOTS}/accept-punch-modal-desktop.png` });

    // She came in an hour ago, not 90 minutes: the manager corrects the time and accepts.
    const corrected = newYork(new Date(Date.now() - 60 * 60_000));
    await date.fill(corrected.date);
    await time.fill(corrected.time);
    await dialog.getByRole('button', { name: 'Accept punch' }).click();
    await page.getByText(messages.conflicts.accepted).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="punch-issues"] tbody tr').length === 1,
    );

    // The dashboard's Who is in shows her, since the corrected time.
    await page.goto('/HomeSecond');
    const whoIsIn = page.getByTestId('who-is-in');
    await whoIsIn.getByText('Ada Accepted').waitFor();
    // Polled: the tile's times follow the account's zone once its settings have loaded.
    await expect
      .poll(() => whoIsIn.textContent(), { timeout: 15_000 })
      .toContain(`since ${shown(corrected)}`);

    // On a phone, the other punch (she is already in) is refused by the server, and the modal says why.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Device');
    const left = page.getByTestId('punch-issues').locator('tbody tr');
    await left.first().waitFor();
    await left
      .first()
      .getByRole('button', { name: /^Accept: / })
      .click();
    await dialog.waitFor();
    expect(await time.inputValue()).toBe(newYork(second).time);
    await dialog.getByRole('button', { name: 'Accept punch' }).click();
    await dialog.getByRole('alert').getByText(messages.clock.alreadyClockedInServer).waitFor();
    expect(await wordsSplitAcrossLines(page)).toEqual([]);
    await keepShot(page, { path: `${SHOTS}/accept-punch-modal-390.png` });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Refused, it stays on the list; Mark fixed is still there for it.
    expect(await left.count()).toBe(1);
    await left
      .first()
      .getByRole('button', { name: /^Mark fixed: / })
      .waitFor();

    // Exactly one punch: her open shift from the corrected time.
    const punches = await apiCall(
      b.baseUrl,
      owner.token,
      'GET',
      `/api/manual-punches/${(emp.body as { data: { id: number } }).data.id}`,
    );
    const data = (punches.body as { data: { time_in: string; time_out: string | null; source: string }[] })
      .data;
    expect(data).toMatchObject([{ time_in: corrected.time, time_out: null, source: 'manager' }]);
    await context.close();
  });
});
