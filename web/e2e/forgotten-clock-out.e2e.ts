import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, logIn, registerOwner, useBrowser } from './support';

/**
 * A forgotten clock-out at the station (docs/RULES.md#forgotten-clock-outs): the employee is asked when they left,
 * answers, clocks in for the new day; the manager accepts the answer in Punch issues and the old shift ends then.
 * The account is UTC; the forgotten shift is a station's offline clock-in of 14 hours ago, synced.
 */
const b = useBrowser();

describe('a forgotten clock-out', () => {
  it('the station asks, the employee answers and clocks in, the manager accepts', async () => {
    const owner = await registerOwner(b.baseUrl, 'forgot', { time_zone: 'UTC' });
    const dept = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: 'Dock' });
    const code = `F${Date.now().toString(36)}`;
    const emp = await apiCall(b.baseUrl, owner.token, 'POST', '/employees', {
      name: 'Finn Forgot',
      employee_id: code,
      department_id: (dept.body as { data: { id: number } }).data.id,
      permission_app: 1,
    });
    expect(emp.status).toBe(201);
    const employeeRef = (emp.body as { data: { id: number } }).data.id;
    const other = await apiCall(b.baseUrl, owner.token, 'POST', '/api/stations', {
      name: 'Back door',
      pair: 'this-browser',
    });
    const otherToken = (other.body as { token: string }).token;
    const inAt = new Date(Math.floor((Date.now() - 14 * 3_600_000) / 60_000) * 60_000);
    const synced = await fetch(new URL('/api/punches/sync', b.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Station ${otherToken}` },
      body: JSON.stringify({
        punches: [
          {
            client_id: `forgot${Date.now()}`,
            kind: 'in',
            employee_id: code,
            device_time: inAt.toISOString(),
          },
        ],
      }),
    });
    expect(((await synced.json()) as { results: { status: string }[] }).results[0].status).toBe('created');

    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Device');
    await page.getByRole('button', { name: 'Add station' }).click();
    await page.getByLabel('Station name').fill('Front door');
    await page.getByLabel('This browser').check();
    await page.getByRole('button', { name: 'Add station' }).last().click();
    await page.waitForURL(/\/Station$/);

    const field = page.getByLabel('Employee ID');
    await field.fill(code);
    await field.press('Enter');
    const weekday = inAt.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const question = page.getByTestId('forgotten-question');
    await question.getByText(messages.forgotten.question(weekday)).waitFor();
    const left = new Date(inAt.getTime() + 8 * 3_600_000);
    await question.getByLabel(messages.forgotten.leftAt).fill(left.toISOString().slice(11, 16));
    await question.getByRole('button', { name: messages.forgotten.send }).click();
    await page.getByText(messages.forgotten.answered).waitFor();
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(messages.clock.clockedIn).first().waitFor();

    // Pairing signed the manager out of this browser: they sign in again to see Punch issues.
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Device');
    const answers = page.getByTestId('forgotten-answers');
    await answers.getByText('Finn Forgot').waitFor();
    await answers.getByRole('button', { name: "Accept Finn Forgot's clock-out" }).click();
    await page.getByText(messages.forgotten.accepted).waitFor();
    await answers.waitFor({ state: 'detached' });

    const punches = await apiCall(b.baseUrl, owner.token, 'GET', `/api/manual-punches/${employeeRef}`);
    const rows = (punches.body as { data: { time_out: string | null; hours: number | null }[] }).data;
    // Newest first: the new shift, open; the forgotten one, ended at the answer (8 hours).
    expect(rows.map((r) => [r.time_out === null, r.hours])).toEqual([
      [true, null],
      [false, 8],
    ]);
    await context.close();
  });
});
