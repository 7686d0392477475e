import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  chooseOption,
  type Method,
  type Owner,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
} from './support';

const b = useBrowser();

/** A successful call's body; anything else fails the journey with the server's answer. */
async function api<T>(token: string, method: Method, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, token, method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

/** Hours as the screens show them ('10.00') back to a number of hundredths, to add them exactly. */
const hundredths = (text: string | null) => Math.round(Number((text ?? '').trim()) * 100);

/** Pairs a new browser as the owner's time station, and `code` clocks in, takes a break and clocks out there. */
async function stationDayWithBreak(owner: Owner, code: string) {
  const { page, context } = await b.newPage();
  await signInAsManager(page, owner);
  await page.goto('/Device');
  await page.getByRole('button', { name: 'Add station' }).click();
  await page.getByLabel('Station name').fill('Door tablet');
  await page.getByLabel('This browser').check();
  await page.getByRole('button', { name: 'Add station' }).last().click();
  await page.waitForURL(/\/Station$/);
  const punch = async (button: string, done: (card: Locator) => Locator) => {
    const field = page.getByLabel('Employee ID');
    await field.fill(code);
    await field.press('Enter');
    const card = page.getByTestId('employee-card');
    await card.waitFor();
    await page.getByRole('button', { name: button }).click();
    await done(card).waitFor();
  };
  await punch('Clock In', () => page.getByTestId('punch-time'));
  await punch('Start Break', (card) => card.getByText(/^Break started at /));
  await punch('End Break', (card) => card.getByText(/^Break ended at /));
  await punch('Clock Out', () => page.getByTestId('punch-time'));
  await context.close();
}

/**
 * Pay rules in the browser (docs/RULES.md#pay-rules). One employee at $20.00/h works Monday 2026-11-02 from 08:00
 * to 18:00 with no break (made over the API). Under California (Labor Code §510, §512, §226.7), by hand: 8 h
 * regular = $160.00, 2 h overtime at 1.5× = $60.00, and a missing meal period one hour at the regular rate =
 * $20.00 premium: gross $240.00, where no rules pay 10 h × $20.00 = $200.00.
 */
describe('pay rules', () => {
  it('a manager picks California, previews, saves; the Timesheet shows overtime and the day’s why adds up', async () => {
    const owner = await registerOwner(b.baseUrl, 'payrules');
    const dep = await api<{ data: { id: number } }>(owner.token, 'POST', '/departments', {
      dp_name: 'Field',
    });
    const emp = await api<{ data: { id: number } }>(owner.token, 'POST', '/employees', {
      name: 'Cali Worker',
      employee_id: 'CA1',
      department_id: dep.data.id,
      hourly_rate: '20.00',
    });
    await api(owner.token, 'POST', '/api/manual-punches', {
      employee_id: emp.data.id,
      date: '2026-11-02',
      time_in: '08:00',
      time_out: '18:00',
      type: 'None',
      deduction: 'Auto',
    });

    const { page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    // Settings → Pay Rules.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('link', { name: 'Pay Rules' }).click();
    await page.waitForURL(/\/PayRules$/);
    await page.getByText('None set yet: every paid minute is regular.').waitFor();
    await screenshot(page, 'pay-rules-empty');

    await chooseOption(page, page.getByRole('combobox', { name: 'Preset' }), 'California');
    expect(await page.getByLabel('Daily overtime after (minutes)').inputValue()).toBe('480');
    // Bad input is refused by its field before anything is sent.
    await page.getByLabel('Daily double time after (minutes)').fill('400');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must not be below the overtime threshold').waitFor();
    await page.getByLabel('Daily double time after (minutes)').fill('720');
    await page.getByLabel('Effective from').fill('2026-11-01');

    // Preview over the first week of November: before $200.00, after $240.00.
    await page.getByLabel('From', { exact: true }).fill('2026-11-01');
    await page.getByLabel('To', { exact: true }).fill('2026-11-07');
    await page.getByRole('button', { name: 'Preview' }).click();
    const row = page.getByTestId(`preview-${emp.data.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('$200.00');
    expect(await row.getByTestId('gross-after').textContent()).toBe('$240.00');
    expect(await row.textContent()).toContain('0.00 → 2.00');
    await screenshot(page, 'pay-rules-preview');

    // Save: the day lies in the past, so the screen asks first.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Change pay of past days?').waitFor();
    await screenshot(page, 'pay-rules-confirm');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('California, in force from 11/01/26.').waitFor();
    expect(await page.getByTestId('rules-history').textContent()).toContain('California');
    await screenshot(page, 'pay-rules-saved');

    // The same screen on a phone: nothing wider than 320 px.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.reload();
    await page.getByTestId('current-rules').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'pay-rules-320');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The Timesheet of that Monday: overtime on the day's row, and the row opens the day's why.
    await page.goto('/RunReport?report=Timesheet&start_date=2026-11-02&end_date=2026-11-02');
    const table = page.getByTestId('report-results');
    await table.locator('tbody tr').first().waitFor();
    const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
    const cells = table.locator('tbody tr').first().locator('td');
    const cell = async (label: string) => (await cells.nth(headers.indexOf(label)).textContent())?.trim();
    expect(headers).toContain('Overtime Hours');
    expect(await cell('Overtime Hours')).toBe('2.00');
    await page.getByRole('button', { name: /^Why this pay: Cali Worker/ }).click();
    const why = page.getByTestId('day-why');
    await why.waitFor();
    const total = (key: string) => why.getByTestId(`why-total-${key}`).locator('dd').textContent();
    // The why adds up on screen: regular + overtime + double time = paid, and the hand-computed money.
    const [paid, regular, overtime, double] = await Promise.all(
      ['paid', 'regular', 'overtime', 'double_time'].map(async (k) => hundredths(await total(k))),
    );
    expect([paid, regular, overtime, double]).toEqual([1000, 800, 200, 0]);
    expect(regular + overtime + double).toBe(paid);
    expect(await total('premium')).toBe('$20.00');
    expect(await total('gross')).toBe('$240.00');
    const steps = await why
      .getByTestId('why-steps')
      .locator('li')
      .evaluateAll((li) => li.map((l) => l.getAttribute('data-step')));
    expect(steps).toContain('daily_overtime');
    expect(steps).toContain('meal_premium');
    expect(steps.indexOf('daily_overtime')).toBeLessThan(steps.indexOf('meal_premium'));
    expect(await why.textContent()).toContain('California §510: over 8 h at 1.5×');
    await screenshot(page, 'timesheet-why');

    // The station punches a break: this same employee clocks in, takes a break and clocks out at a tablet paired
    // from /Device; today's why lists the Break punch inside the shift (the pay steps read it as a break).
    await api(owner.token, 'POST', '/settings', { time_zone: 'UTC' });
    const today = new Date().toISOString().slice(0, 10);
    await stationDayWithBreak(owner, 'CA1');
    await page.goto(`/Employee/${emp.data.id}`);
    await page.getByLabel('Day', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show the why' }).click();
    const punches = page.getByTestId('why-punches');
    await punches.getByRole('cell', { name: /^Break \(/ }).waitFor();
    expect(await punches.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'station-break-why');

    // The employee detail page opens a day's why too; money in the account's currency (EUR now).
    await api(owner.token, 'POST', '/settings', { currency: 'EUR' });
    await page.goto(`/Employee/${emp.data.id}`);
    await page.getByLabel('Day', { exact: true }).fill('2026-11-02');
    await page.getByRole('button', { name: 'Show the why' }).click();
    await expect.poll(() => page.getByTestId('why-total-gross').locator('dd').textContent()).toBe('€240.00');
    await screenshot(page, 'employee-day-why');
    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByTestId('day-why').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'employee-day-why-320');
  });
});
