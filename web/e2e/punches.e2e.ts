import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, passwordLinkFor, registerOwner, screenshot, uniqueUser, useBrowser } from './support';

const b = useBrowser();

interface Answer<T> {
  status: number;
  body: T;
}
interface Punch {
  id: number;
  date: string;
  time_in: string;
  time_out: string | null;
  hours: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** One API call over fetch, as a script (not the browser) would make it. */
async function api<T = Record<string, unknown>>(
  path: string,
  opts: { token?: string; method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const res = await fetch(new URL(path, b.baseUrl), {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** A fresh account (its own employees and punches, so journeys never collide), logged in over the API. */
const newOwner = () => registerOwner(b.baseUrl, 'punch');

let seq = 0;
/** A department and one employee in it; answers the employee's record id. */
async function newEmployee(token: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  const dept = await api<{ data: { id: number } }>('/departments', {
    token,
    body: { dp_name: `Floor ${seq}` },
  });
  expect(dept.status).toBe(201);
  const code = `P${Date.now().toString(36)}${seq}`;
  const emp = await api<{ data: { id: number } }>('/employees', {
    token,
    body: { name: `Riley ${code}`, department_id: dept.body.data.id, employee_id: code, ...extra },
  });
  expect(emp.status).toBe(201);
  return { id: emp.body.data.id, code, name: `Riley ${code}` };
}

const punchesOf = async (token: string, id: number) =>
  (await api<{ data: Punch[] }>(`/api/manual-punches/${id}`, { token })).body.data;

/** Yesterday in the local zone, which the browser shares (YYYY-MM-DD). */
function yesterday(): string {
  const d = new Date(Date.now() - 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A YYYY-MM-DD day as the punch tables show it: MM/DD/YY (new accounts) or DD/MM/YY. */
function shownDay(day: string, format: 'MM/DD/YY' | 'DD/MM/YY' = 'MM/DD/YY'): string {
  const [y, m, d] = day.split('-');
  return format === 'MM/DD/YY' ? `${m}/${d}/${y.slice(2)}` : `${d}/${m}/${y.slice(2)}`;
}

async function managerLogsIn(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await page.waitForURL(/\/HomeSecond$/);
}

describe('punches', () => {
  it('A: a manager adds, edits and deletes a punch by hand', async () => {
    const owner = await newOwner();
    const emp = await newEmployee(owner.token);
    const { page, context } = await b.newPage();
    await managerLogsIn(page, owner.email, owner.password);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/manual-punches')) posts.push(r.url());
    });

    await page.goto(`/ManualPunch/${emp.id}`);
    await page.getByText(`Add a punch for ${emp.name}`).waitFor();
    await page.getByLabel('Time In').fill('10:00');
    await page.getByLabel('Time Out').fill('09:00');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.punches.timeOutAfterIn).waitFor();
    expect(posts).toHaveLength(0);
    expect(await punchesOf(owner.token, emp.id)).toHaveLength(0);
    await screenshot(page, 'punches-out-before-in');

    const day = yesterday();
    await page.getByLabel('Date').fill(day);
    await page.getByLabel('Time In').fill('09:00');
    await page.getByLabel('Time Out').fill('17:30');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Lunch' }).click();
    await page.getByLabel('Notes').fill('Forgot to clock in');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(messages.punches.created).waitFor();
    await page.waitForURL(new RegExp(`/Employee/${emp.id}$`));
    // A new account shows dates as MM/DD/YY and times on a 12-hour clock; the API keeps ISO and 24-hour values.
    const edit = page.getByRole('button', { name: `Edit punch ${shownDay(day)}` });
    await edit.waitFor();
    await page.getByRole('cell', { name: '8.50' }).waitFor();
    await page.getByRole('cell', { name: '9:00 AM', exact: true }).waitFor();
    await page.getByRole('cell', { name: '5:30 PM', exact: true }).waitFor();
    expect(await punchesOf(owner.token, emp.id)).toMatchObject([
      { date: day, time_in: '09:00', time_out: '17:30', hours: 8.5 },
    ]);
    await screenshot(page, 'punches-table');

    await edit.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Time Out').fill('16:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.punches.updated).waitFor();
    await page.getByRole('cell', { name: '4:00 PM', exact: true }).waitFor();
    await page.getByRole('cell', { name: '7.00' }).waitFor();
    expect(await punchesOf(owner.token, emp.id)).toMatchObject([
      { date: day, time_in: '09:00', time_out: '16:00', hours: 7 },
    ]);

    // Settings DD/MM/YY and 24 Hours change what the table and the delete prompt show.
    expect(
      (
        await api('/settings', {
          token: owner.token,
          body: { date_format: 'DD/MM/YY', time_format: '24 Hours' },
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await page.getByRole('cell', { name: shownDay(day, 'DD/MM/YY'), exact: true }).waitFor();
    await page.getByRole('cell', { name: '16:00', exact: true }).waitFor();
    await page.getByRole('button', { name: `Delete punch ${shownDay(day, 'DD/MM/YY')}` }).click();
    expect(await page.getByRole('dialog').textContent()).toContain(
      `the punch of ${shownDay(day, 'DD/MM/YY')} (09:00 – 16:00)?`,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.punches.deleted).waitFor();
    await page.getByText(messages.punches.noData).waitFor();
    expect(await punchesOf(owner.token, emp.id)).toHaveLength(0);
    await context.close();
  });

  it('B: an employee without the permissions sees no edit controls and is refused by the API', async () => {
    const owner = await newOwner();
    const u = uniqueUser('staff');
    const emp = await newEmployee(owner.token, {
      email: u.email,
      permission_site: true,
      create_time_entries: false,
      edit_time_entries: false,
    });
    const link = new URL(await passwordLinkFor(b.dataDir, u.email));
    const set = await api('/api/password-update', {
      body: {
        ...Object.fromEntries(link.searchParams),
        password: u.password,
        password_confirmation: u.password,
      },
    });
    expect(set.status).toBe(200);
    const added = await api<{ data: Punch }>('/api/manual-punches', {
      token: owner.token,
      body: {
        employee_id: emp.id,
        date: yesterday(),
        time_in: '08:00',
        time_out: '12:00',
        deduction: 'Auto',
        type: 'None',
        notes: '',
      },
    });
    expect(added.status).toBe(201);

    const { page, context } = await b.newPage();
    await logIn(page, u.email, u.password);
    await page.waitForURL(/\/HomeUser$/);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;

    // Opened by its address, the form says at once that they may not add punches (no form to fill in), and the
    // server refuses such a punch anyway.
    await page.goto('/ManualUserPunch');
    await page.getByText(messages.punches.notAllowedCreate).waitFor();
    expect(await page.getByLabel('Time In').count()).toBe(0);
    await screenshot(page, 'punches-employee-refused');
    const post = await api('/api/manual-punches', {
      token,
      method: 'POST',
      body: {
        employee_id: emp.id,
        date: yesterday(),
        time_in: '13:00',
        time_out: '14:00',
        deduction: 'Auto',
        type: 'None',
        notes: '',
      },
    });
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ message: messages.punches.notAllowedCreate });

    // Their own punches (/ActivityUser) show, without edit or delete controls.
    await page.goto('/ActivityUser');
    await page.getByTestId('punch-table').getByText('12:00 PM', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^(Edit|Delete) punch / }).count()).toBe(0);
    // Nor can they clock themselves in from the dashboard without Punch In/Out.
    await page.goto('/HomeUser');
    await page.getByTestId('punch-table').waitFor();
    expect(await page.getByRole('button', { name: 'Clock In' }).count()).toBe(0);

    const put = await api('/api/manual-punches/' + added.body.data.id, {
      token,
      method: 'PUT',
      body: {
        employee_id: emp.id,
        date: yesterday(),
        time_in: '08:00',
        time_out: '11:00',
        deduction: 'Auto',
        type: 'None',
        notes: '',
      },
    });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ message: messages.punches.notAllowedEdit });
    expect(await punchesOf(owner.token, emp.id)).toMatchObject([{ time_out: '12:00' }]);
    await context.close();
  });

  it('C: with Require Location on, a station punches only with a position, and the manager sees it', async () => {
    const owner = await newOwner();
    const emp = await newEmployee(owner.token);
    const { page, context } = await b.newPage();
    await managerLogsIn(page, owner.email, owner.password);
    await page.goto('/Settings');
    const require = page.getByLabel('Require Location');
    await page.getByRole('button', { name: 'Save Settings' }).and(page.locator(':enabled')).waitFor();
    expect(await require.isDisabled()).toBe(true);
    await page.getByLabel('Enable GPS Tracking').check();
    await require.check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(messages.settings.saved).waitFor();
    await screenshot(page, 'punches-settings');
    const saved = await api<Array<{ enable_gps_tracking: boolean; require_location: boolean }>>('/settings', {
      token: owner.token,
    });
    expect(saved.body[0]).toMatchObject({ enable_gps_tracking: true, require_location: true });

    // Pair a second browser context as the station, with no location permission.
    const station = await b.newPage();
    await managerLogsIn(station.page, owner.email, owner.password);
    await station.page.goto('/Device');
    await station.page.getByRole('button', { name: 'Add station' }).click();
    await station.page.getByLabel('Station name').fill('Gate tablet');
    await station.page.getByLabel('This browser').check();
    await station.page.getByRole('button', { name: 'Add station' }).last().click();
    await station.page.waitForURL(/\/Station$/);
    const clockIn = async () => {
      await station.page.getByLabel('Employee ID').fill(emp.code);
      await station.page.getByLabel('Employee ID').press('Enter');
      await station.page.getByRole('button', { name: 'Clock In' }).click();
    };
    await clockIn();
    await station.page.getByText(messages.clock.locationRequired).first().waitFor({ timeout: 20_000 });
    expect(await punchesOf(owner.token, emp.id)).toHaveLength(0);

    await station.context.grantPermissions(['geolocation']);
    await station.context.setGeolocation({ latitude: 40.712776, longitude: -74.005974 });
    await clockIn();
    await station.page.getByText(messages.clock.clockedIn).waitFor({ timeout: 20_000 });
    expect(await punchesOf(owner.token, emp.id)).toMatchObject([
      { latitude: 40.712776, longitude: -74.005974, time_out: null },
    ]);
    await station.context.close();

    await page.goto(`/Employee/${emp.id}`);
    await page.getByText('40.71278, -74.00597').waitFor();
    const map = page.getByRole('link', { name: 'Map' });
    expect(await map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=40.71278&mlon=-74.00597#map=17/40.71278/-74.00597',
    );
    expect(await map.getAttribute('target')).toBe('_blank');
    await page.getByText('Station', { exact: true }).first().waitFor();
    await screenshot(page, 'punches-location');
    await context.close();
  });

  it('D: a synced punch that conflicts is shown to the manager on the Devices page, never dropped', async () => {
    const owner = await newOwner();
    const emp = await newEmployee(owner.token);
    const station = await api<{ token: string }>('/api/stations', {
      token: owner.token,
      body: { name: 'Dock tablet', pair: 'this-browser' },
    });
    expect(station.status).toBe(201);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // Two clock-ins with no clock-out between them (e.g. from two stations): the second is a conflict.
    const sync = await fetch(new URL('/api/punches/sync', b.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Station ${station.body.token}` },
      body: JSON.stringify({
        punches: [
          { client_id: `d-${emp.code}-1`, kind: 'in', employee_id: emp.code, device_time: minutesAgo(30) },
          { client_id: `d-${emp.code}-2`, kind: 'in', employee_id: emp.code, device_time: minutesAgo(20) },
        ],
      }),
    });
    expect(((await sync.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual([
      'created',
      'conflict',
    ]);

    const { page, context } = await b.newPage();
    await managerLogsIn(page, owner.email, owner.password);
    await page.goto('/Device');
    const issues = page.getByTestId('punch-issues');
    await issues.getByRole('link', { name: new RegExp(emp.name) }).waitFor();
    expect(await issues.textContent()).toContain(messages.clock.alreadyClockedInServer);
    expect(await issues.textContent()).toContain('Dock tablet');
    await screenshot(page, 'punches-conflicts');
    await issues.getByRole('link', { name: new RegExp(emp.name) }).click();
    await page.waitForURL(new RegExp(`/ManualPunch/${emp.id}$`));
    await context.close();
  });

  it('E: an employee with Punch In/Out clocks in and out from their dashboard, and one with Edit Time Entries edits their punch', async () => {
    const owner = await newOwner();
    const u = uniqueUser('self');
    const emp = await newEmployee(owner.token, {
      email: u.email,
      permission_site: true,
      punch_in_out: true,
      edit_time_entries: true,
    });
    const link = new URL(await passwordLinkFor(b.dataDir, u.email));
    expect(
      (
        await api('/api/password-update', {
          body: {
            ...Object.fromEntries(link.searchParams),
            password: u.password,
            password_confirmation: u.password,
          },
        })
      ).status,
    ).toBe(200);

    const { page, context } = await b.newPage();
    await logIn(page, u.email, u.password);
    await page.waitForURL(/\/HomeUser$/);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(messages.clock.clockedIn).waitFor();
    const elapsed = page.getByTestId('self-elapsed');
    const first = await elapsed.textContent();
    await expect.poll(() => elapsed.textContent(), { timeout: 5000 }).not.toBe(first);
    expect(await page.getByRole('button', { name: 'Clock In' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText(messages.clock.clockedOut).waitFor();
    expect(await page.getByTestId('self-total').textContent()).toMatch(
      /^0 hours, 0 minutes \(0 total minutes\)$/,
    );
    const [punch] = await punchesOf(owner.token, emp.id);
    expect(punch.time_out).not.toBeNull();

    // A punch of theirs from yesterday is listed with edit controls, and the edit goes through.
    const added = await api('/api/manual-punches', {
      token: owner.token,
      body: {
        employee_id: emp.id,
        date: yesterday(),
        time_in: '08:00',
        time_out: '12:00',
        deduction: 'Auto',
        type: 'None',
        notes: '',
      },
    });
    expect(added.status).toBe(201);
    await page.goto('/ActivityUser');
    const row = page
      .getByTestId('punch-table')
      .getByRole('row')
      .filter({ hasText: shownDay(yesterday()) })
      .filter({ hasText: '8:00 AM' });
    await row.getByRole('button', { name: /^Edit punch / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Notes').fill('Left early for the dentist');
    await dialog.getByRole('button', { name: /Save|Submit/ }).click();
    await page.getByTestId('punch-table').getByText('Left early for the dentist').waitFor();
    await screenshot(page, 'punches-self-clock');
    await context.close();
  });
});
