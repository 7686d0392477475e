import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/src/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import {
  apiCall,
  logIn,
  passwordLinkFor,
  registerOwner,
  screenshot,
  uniqueUser,
  useBrowser,
} from './support';

// Start Break / End Break at a time station, online and offline (docs/RULES.md#breaks-at-the-clock): the break is
// a Break punch inside the shift, in the employee's punch list. Demo employees E1023 and E1024 (no PIN), used by
// no other journey.

const b = useBrowser([], { serviceWorkers: true });
const began = new Date().toISOString();

async function withDb<T>(work: (db: ReturnType<typeof createDatabase>) => Promise<T>): Promise<T> {
  const db = createDatabase(inject('databaseUrl'));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The demo is alive (people at work on a weekday): these employees start out, whatever the hour. */
const startOut = (codes: string[]) =>
  withDb((db) =>
    db
      .updateTable('punches')
      .set({ time_out: new Date().toISOString() })
      .where('employee_ref', 'in', db.selectFrom('employees').select('id').where('employee_id', 'in', codes))
      .where('time_out', 'is', null)
      .execute(),
  );

/** The punches this journey made for `code`. */
const punchesOf = (code: string) =>
  withDb((db) =>
    db
      .selectFrom('punches')
      .innerJoin('employees', 'employees.id', 'punches.employee_ref')
      .select(['punches.type', 'punches.time_in', 'punches.time_out', 'employees.id as ref'])
      .where('employees.employee_id', '=', code)
      .where('punches.time_in', '>', began)
      .where('punches.deleted_at', 'is', null)
      .orderBy('punches.time_in')
      .execute(),
  );

/** Pairs this browser as a station from /Device, its service worker controlling the page, its roster read. */
async function pairStation(page: Page, name: string) {
  await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(/\/HomeSecond$/);
  await page.goto('/Device');
  await page.getByRole('button', { name: 'Add station' }).click();
  await page.getByLabel('Station name').fill(name);
  await page.getByLabel('This browser').check();
  await page.getByRole('button', { name: 'Add station' }).last().click();
  await page.waitForURL(/\/Station$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.getByText(/^Last synced: (?!never)/).waitFor();
}

async function enterEmployee(page: Page, id: string) {
  const field = page.getByLabel('Employee ID');
  await field.fill(id);
  await field.press('Enter');
  await page.getByTestId('employee-card').waitFor();
}

const card = (page: Page) => page.getByTestId('employee-card');

/** Clock in, start a break, see it counting, end it: at the station, online or not. */
async function dayWithBreak(page: Page, code: string, shot: string) {
  await enterEmployee(page, code);
  expect(await page.getByRole('button', { name: 'Start Break' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Clock In' }).click();
  await page.getByTestId('punch-time').waitFor();

  await enterEmployee(page, code);
  await card(page).getByText('Clocked in', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Start Break' }).click();
  await card(page)
    .getByText(/^Break started at /)
    .waitFor();

  await enterEmployee(page, code);
  await card(page).getByText('On break', { exact: true }).waitFor();
  const timer = page.getByTestId('break-timer');
  const first = await timer.textContent();
  expect(first).toMatch(/^On break since .+: \d+ min \d+ sec$/);
  await page.waitForTimeout(1100);
  expect(await timer.textContent()).not.toBe(first);
  await screenshot(page, shot, { always: true });
  await page.getByRole('button', { name: 'End Break' }).click();
  await card(page)
    .getByText(/^Break ended at /)
    .waitFor();
}

describe('breaks at the time station', () => {
  it('punches in, starts and ends a break online and offline, and the punch list shows the Break punch', async () => {
    await startOut(['E1023', 'E1024']);
    const { page, context } = await b.newPage();
    await pairStation(page, 'Break room tablet');

    // Online: the server answers each step.
    await dayWithBreak(page, 'E1023', 'breaks-station-on-break');
    await page.getByText(messages.clock.breakEnded).waitFor();
    const online = await punchesOf('E1023');
    expect(online.map((p) => p.type).sort()).toEqual(['Break', 'None']);
    const [shift, brk] = [online.find((p) => p.type === 'None')!, online.find((p) => p.type === 'Break')!];
    expect(shift.time_out).toBeNull();
    expect(brk.time_in > shift.time_in && !!brk.time_out).toBe(true);

    // Offline: each step is queued on the station and shown from its own data.
    await context.setOffline(true);
    await dayWithBreak(page, 'E1024', 'breaks-station-offline');
    await page.getByText('3 punches waiting to sync').waitFor();
    expect(await punchesOf('E1024')).toHaveLength(0);
    await context.setOffline(false);
    await page.getByText('All punches sent').waitFor({ timeout: 40_000 });
    const synced = await punchesOf('E1024');
    expect(synced.map((p) => p.type)).toEqual(['None', 'Break']);
    expect(synced[1].time_out).not.toBeNull();
    await context.close();

    // The manager's punch list of the employee shows the Break punch beside the open shift.
    const manager = await b.newPage();
    await logIn(manager.page, DEMO_EMAIL, DEMO_PASSWORD);
    await manager.page.waitForURL(/\/HomeSecond$/);
    await manager.page.goto(`/Employee/${synced[0].ref}`);
    await manager.page.getByRole('cell', { name: 'Break', exact: true }).first().waitFor();
    await screenshot(manager.page, 'breaks-punch-list', { always: true });
    await manager.context.close();
    // Two station days, a sync and a manager's page: 70 s alone on SQLite, 100 s on PostgreSQL beside other runs.
  }, 240_000);

  it('lets an employee with Punch In/Out start and end a break from their dashboard, with the time on break', async () => {
    const owner = await registerOwner(b.baseUrl, 'brk');
    const u = uniqueUser('brkself');
    const dept = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: 'Floor' });
    const code = `BRK${Date.now().toString(36)}`;
    const emp = await apiCall(b.baseUrl, owner.token, 'POST', '/employees', {
      name: `Riley ${code}`,
      department_id: (dept.body as { data: { id: number } }).data.id,
      employee_id: code,
      email: u.email,
      permission_site: true,
      punch_in_out: true,
    });
    expect(emp.status).toBe(201);
    const link = new URL(await passwordLinkFor(b.dataDir, u.email));
    const set = await apiCall(b.baseUrl, null, 'POST', '/api/password-update', {
      ...Object.fromEntries(link.searchParams),
      password: u.password,
      password_confirmation: u.password,
    });
    expect(set.status).toBe(200);

    const { page, context } = await b.newPage({ viewport: { width: 320, height: 800 } });
    await logIn(page, u.email, u.password);
    await page.waitForURL(/\/HomeUser$/);
    expect(await page.getByRole('button', { name: 'Start Break' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(messages.clock.clockedIn).waitFor();
    await page.getByRole('button', { name: 'Start Break' }).click();
    await page.getByText(messages.clock.breakStarted).waitFor();
    const onBreak = page.getByTestId('self-break');
    expect(await onBreak.textContent()).toMatch(/^On break: \d+ min \d+ sec$/);
    await screenshot(page, 'breaks-dashboard-on-break', { always: true });
    await page.getByRole('button', { name: 'End Break' }).click();
    await page.getByText(messages.clock.breakEnded).waitFor();
    await onBreak.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Start Break' }).waitFor();
    const punches = await punchesOf(code);
    expect(punches.map((p) => p.type)).toEqual(['None', 'Break']);
    await context.close();
  });
});
