import { describe, expect, it } from 'vitest';
import {
  apiCall,
  type Owner,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
  wordsSplitAcrossLines,
} from './support';

const b = useBrowser();

/** A successful call's body; anything else fails the journey with the server's answer. */
async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, token, body === undefined ? 'GET' : 'POST', path, body);
  if (a.status >= 300) throw new Error(`${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

async function createEmployee(o: Owner, department_id: number, name: string, employee_id: string) {
  return (await api<{ data: { id: number } }>(o.token, '/employees', { name, employee_id, department_id }))
    .data.id;
}

/** Punches made on an offline station at past instants, synced now (the only API that takes a past clock-in). */
async function syncIns(o: Owner, punches: { employee_id: string; minutesAgo: number }[]) {
  const station = await api<{ token: string }>(o.token, '/api/stations', {
    name: 'Door',
    pair: 'this-browser',
  });
  const res = await fetch(new URL('/api/punches/sync', b.baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-station-token': station.token },
    body: JSON.stringify({
      punches: punches.map((p, i) => ({
        client_id: `dash${Date.now().toString(36)}${i}`,
        kind: 'in',
        employee_id: p.employee_id,
        device_time: new Date(Date.now() - p.minutesAgo * 60_000).toISOString(),
      })),
    }),
  });
  const body = (await res.json()) as { results?: { status: string }[] };
  if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

describe('manager dashboard (/HomeSecond)', () => {
  it('shows the setup steps to a fresh account, then who is in and the forgotten clock-out with its fix link', async () => {
    const owner = await registerOwner(b.baseUrl, 'dash');
    const { context, page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);

    // No employees yet: the three Welcome/setup steps, greeting the person by name (not the username).
    await page.getByTestId('setup-steps').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Dana dash!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add employees' }).getAttribute('href')).toBe(
      '/Account_Employees',
    );
    await screenshot(page, 'dashboard-setup-1280');

    const dept = (await api<{ data: { id: number } }>(owner.token, '/departments', { dp_name: 'Warehouse' }))
      .data.id;
    const morgan = await createEmployee(owner, dept, 'Morgan Forgot', 'MF1');
    await createEmployee(owner, dept, 'Riley Present', 'RP1');
    await createEmployee(owner, dept, 'Jordan Home', 'JH1');
    await syncIns(owner, [
      { employee_id: 'MF1', minutesAgo: 13 * 60 },
      { employee_id: 'RP1', minutesAgo: 60 },
    ]);

    // Closed work today (the account is UTC): 00:30–01:30 once that is in the past, for the week's chart.
    const now = new Date();
    const worked = now.getUTCHours() >= 2;
    if (worked)
      await api(owner.token, '/api/manual-punches', {
        employee_id: await createEmployee(owner, dept, 'Casey Early', 'CE1'),
        date: now.toISOString().slice(0, 10),
        time_in: '00:30',
        time_out: '01:30',
        type: 'None',
        deduction: 'Auto',
      });

    const answer = await api<{ forgotten_clock_outs: { fix_path: string }[]; in_now: unknown[] }>(
      owner.token,
      '/api/dashboard',
    );
    expect(answer.in_now).toHaveLength(2);
    // Fix opens Morgan's page with their open punch's edit dialog.
    const fixPath = new RegExp(`^/Employee/${morgan}\\?edit_punch=\\d+$`);
    expect(answer.forgotten_clock_outs.map((f) => f.fix_path)).toEqual([expect.stringMatching(fixPath)]);

    // A first load: index.html's inline preload script runs under the server's CSP (allowed by its hash) and
    // starts the page's chunks and its opening calls itself; each call is made once.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.reload();
    const forgotten = page.getByTestId('forgotten-clock-outs');
    await forgotten.getByText('Morgan Forgot').waitFor();
    expect(refused).toEqual([]);
    expect(await page.locator('link[rel=modulepreload][href*="/HomeSecond-"]').count()).toBe(1);
    const once = (call: string) => calls.filter((c) => c === call).length;
    expect([once('GET /api/dashboard'), once('GET /api/get-user')]).toEqual([1, 1]);
    expect(await forgotten.getByText('Riley Present').count()).toBe(0);
    const fix = forgotten.getByRole('link', { name: "Fix Morgan Forgot's clock-out" });
    expect(await fix.getAttribute('href')).toBe(answer.forgotten_clock_outs[0].fix_path);

    const whoIsIn = page.getByTestId('who-is-in');
    await whoIsIn.getByText('Riley Present').waitFor();
    await whoIsIn.getByText('Morgan Forgot').waitFor();
    expect(await whoIsIn.getByText(`of ${worked ? 4 : 3} employees clocked in`).count()).toBe(1);
    expect(
      await page
        .getByTestId('punches-today')
        .getByRole('link', { name: /Daily Summary/ })
        .getAttribute('href'),
    ).toBe('/RunReport?report=Daily%20Summary');
    expect(await page.getByTestId('late-syncs').getByRole('link').getAttribute('href')).toBe('/Device');
    const hours = page.getByTestId('hours-this-week');
    await hours.getByText('Warehouse').first().waitFor();
    if (worked) await hours.getByText(/Paid hours since .*: 1\.00/).waitFor();
    await screenshot(page, 'dashboard-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await forgotten.getByText('Morgan Forgot').waitFor();
    await screenshot(page, 'dashboard-390');
    // On a phone the tiles' titles wrap between words, never inside one ("punche / s" once two tiles shared a row).
    expect(await wordsSplitAcrossLines(page)).toEqual([]);

    await fix.click();
    await page.waitForURL(new RegExp(`/Employee/${morgan}\\?edit_punch=\\d+$`));
    // The open shift's edit dialog, with its Time Out still to be entered.
    const dialog = page.getByRole('dialog', { name: 'Edit punch' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Time Out').inputValue()).toBe('');
    await context.close();
  });
});
