import { ROLL_CALL_PLACES } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  type Method,
  type Owner,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
} from './support';

const b = useBrowser([], { serviceWorkers: true });

/** A successful call's body; anything else fails the journey with the server's answer. */
async function api<T>(token: string, method: Method, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, token, method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

/**
 * A new account (the demo's people come and go with the hour), with a station "Front Gate": Rhea clocks in at the
 * station, Milo is clocked in by the manager; Otto is not in.
 */
async function siteWithPeopleIn(): Promise<{ owner: Owner; station: string }> {
  const owner = await registerOwner(b.baseUrl, 'rollcall');
  const dep = await api<{ data: { id: number } }>(owner.token, 'POST', '/departments', {
    dp_name: 'Assembly',
  });
  const people = { RC1: 'Rhea Rollcall', RC2: 'Milo Manager', RC3: 'Otto Out' };
  for (const [code, name] of Object.entries(people))
    await api(owner.token, 'POST', '/employees', { name, employee_id: code, department_id: dep.data.id });
  const { token } = await api<{ token: string }>(owner.token, 'POST', '/api/stations', {
    name: 'Front Gate',
    pair: 'this-browser',
  });
  // At the station, with its own token (Authorization: Station).
  const atStation = await fetch(new URL('/api/clock-in', b.baseUrl), {
    method: 'POST',
    headers: { Authorization: `Station ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ employee_id: 'RC1', client_id: `rc-${Date.now()}-1` }),
  });
  expect(atStation.status).toBe(200);
  await api(owner.token, 'POST', '/api/clock-in', { employee_id: 'RC2', client_id: `rc-${Date.now()}-2` });
  // Without a login the roll call is refused (an employee login gets 403: server/test/roll-call.test.ts).
  expect((await apiCall(b.baseUrl, null, 'GET', '/api/roll-call')).status).toBe(401);
  return { owner, station: token };
}

describe('emergency roll call', () => {
  it('a manager sees who is in and prints one page per location; the station ticks people safe offline', async () => {
    const { owner, station } = await siteWithPeopleIn();

    // The manager's Roll Call page, from the menu.
    const manager = await b.newPage({ viewport: { width: 1280, height: 900 } });
    const page = manager.page;
    await signInAsManager(page, owner);
    await page.getByRole('link', { name: 'Roll Call' }).first().click();
    await page.waitForURL(/\/RollCall$/);
    const groups = page.getByTestId('roll-call-group');
    await groups.first().waitFor();
    expect(await groups.count()).toBe(2);
    await expect.poll(() => groups.nth(0).textContent()).toContain(ROLL_CALL_PLACES.manager);
    expect(await groups.nth(0).textContent()).toContain('Milo Manager');
    expect(await groups.nth(1).textContent()).toMatch(/Front Gate.*1 on site.*Rhea Rollcall.*RC1.*Assembly/);
    expect(await page.getByText('Otto Out').count()).toBe(0);
    await screenshot(page, 'roll-call');
    // By department: one group, both people.
    await page.getByText('By department').click();
    await expect.poll(() => groups.count()).toBe(1);
    await expect.poll(() => groups.first().textContent()).toMatch(/Assembly.*2 on site/);
    await page.getByText('By location').click();
    await expect.poll(() => groups.count()).toBe(2);

    // On paper: no menu, no buttons, and each location on a page of its own.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(page, 'roll-call-print');
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);
    await manager.context.close();

    // The station: paired with the token, it reads the roll call with its sync and keeps it.
    const tablet = await b.newPage();
    const sp = tablet.page;
    await sp.goto('/Station');
    await sp.evaluate((t) => {
      localStorage.setItem('stationToken', t);
      localStorage.setItem('stationName', 'Front Gate');
    }, station);
    await sp.reload();
    await sp.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await sp.reload();
    await sp.waitForFunction(() => !!navigator.serviceWorker.controller);
    await sp.waitForFunction(() => (localStorage.getItem('stationRollCall') ?? '').includes('Rhea Rollcall'));

    // Offline, after a restart of the page: the Emergency screen lists both from the last sync.
    await tablet.context.setOffline(true);
    await sp.reload();
    await sp.getByRole('button', { name: 'Emergency' }).click();
    const screen = sp.getByTestId('emergency-screen');
    await screen.getByText('Rhea Rollcall').waitFor();
    await screen.getByTestId('emergency-offline').waitFor();
    expect(await screen.textContent()).toContain('Milo Manager');
    expect(await screen.getByTestId('emergency-count').textContent()).toBe('0 of 2 marked safe');
    await screen.getByRole('checkbox', { name: 'Rhea Rollcall' }).check();
    expect(await screen.getByTestId('emergency-count').textContent()).toBe('1 of 2 marked safe');

    // The tick is kept on the device: still there after a reload, still offline.
    await sp.reload();
    await sp.getByRole('button', { name: 'Emergency' }).click();
    await screen.getByText('Rhea Rollcall').waitFor();
    expect(await screen.getByRole('checkbox', { name: 'Rhea Rollcall' }).isChecked()).toBe(true);
    expect(await screen.getByRole('checkbox', { name: 'Milo Manager' }).isChecked()).toBe(false);
    await screenshot(sp, 'station-emergency');

    // Clear asks first; Cancel keeps the ticks, Clear ticks removes them.
    await screen.getByRole('button', { name: 'Clear ticks' }).click();
    await sp.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await screen.getByRole('checkbox', { name: 'Rhea Rollcall' }).isChecked()).toBe(true);
    await screen.getByRole('button', { name: 'Clear ticks' }).click();
    await sp.getByRole('dialog').getByRole('button', { name: 'Clear ticks' }).click();
    await expect.poll(() => screen.getByTestId('emergency-count').textContent()).toBe('0 of 2 marked safe');
    await tablet.context.close();
  });
});
