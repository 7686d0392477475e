import { REPORTS, messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { apiCall, chooseOption, clickSteadily, logIn, screenshot, useBrowser } from './support';

const b = useBrowser();

/** '11/20/26' (the demo's MM/DD/YY) → '2026-11-20'. */
const isoOf = (shown: string) => {
  const [m, d, y] = shown.split('/');
  return `20${y}-${m}-${d}`;
};
/** '8:23 AM' → minutes since midnight. */
const minutesOf = (time: string) => {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time.trim()) ?? [];
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m);
};
/** Minutes since midnight → '8:20 AM' (wrapping past midnight). */
const timeOf = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 || 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const round10 = (minutes: number) => Math.round(minutes / 10) * 10;

/** Runs the report open on /RunReport for one employee and one day; answers the cells of its row by column. */
async function dailyRow(page: Page, day: string) {
  await page.getByLabel('Start Date').fill(day);
  await page.getByLabel('End Date').fill(day);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.getByTestId('report-results');
  const row = table.locator('tbody tr').first();
  await row.waitFor();
  await page.getByLabel('Loading report').waitFor({ state: 'detached' });
  const headers = await table.locator('thead th').allTextContents();
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

/** Picks an employee in the report's Employee field by typing their name (options read 'Name (ID)'). */
async function pickEmployee(page: Page, name: string) {
  const input = page.getByRole('combobox', { name: 'Employee' });
  await input.fill(name);
  await clickSteadily(page.getByRole('option', { name: new RegExp(`^${name} \\(`) }));
}

/** Saves settings through the Settings page, as a manager does. */
async function saveSettings(page: Page, change: (page: Page) => Promise<void>) {
  await page.goto('/Settings');
  await page.getByRole('combobox', { name: 'Time Rounding' }).waitFor();
  await change(page);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText(messages.settings.saved).waitFor();
}

describe('reports on the demo account', () => {
  it('the dashboard shows the forgotten clock-out; every report runs; a Daily Summary row matches the punch table, moves with rounding and the zone', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id: number }).user_id,
    );
    try {
      // The demo's fourth employee forgot to clock out on the last working day.
      const forgotten = page.getByTestId('forgotten-clock-outs');
      const fix = forgotten.getByRole('link', { name: /^Fix .*'s clock-out$/ });
      await fix.waitFor();
      const name = (await fix.getAttribute('aria-label'))!.match(/^Fix (.*)'s clock-out$/)![1];
      const id = (await fix.getAttribute('href'))!.match(/^\/Employee\/(\d+)\?edit_punch=\d+$/)![1];
      await screenshot(page, 'demo-dashboard');

      // Their punch table: the newest closed day (the open shift's day is left out) and its punches.
      await page.goto(`/Employee/${id}`);
      const punches = page.getByTestId('punch-table');
      await punches.locator('tbody tr').first().waitFor();
      const heads = (await punches.locator('thead th').allTextContents()).map((h) => h.trim());
      const rows = await punches
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
        );
      const col = (r: string[], label: string) => r[heads.indexOf(label)];
      const openDay = rows.find((r) => !/\d/.test(col(r, 'Time Out')));
      const closed = rows.filter((r) => col(r, 'Date') !== (openDay && col(openDay, 'Date')));
      const shownDay = col(closed[0], 'Date');
      const shifts = closed
        .filter((r) => col(r, 'Date') === shownDay)
        .map((r) => ({ in: minutesOf(col(r, 'Time In')), out: minutesOf(col(r, 'Time Out')) }))
        .sort((x, y) => x.in - y.in);
      const day = isoOf(shownDay);
      const worked = shifts.reduce((n, s) => n + s.out - s.in, 0);

      // Every named report runs (the employee-only ones for this employee), over this month by default.
      await page.goto('/RunReport');
      const picker = page.getByRole('combobox', { name: 'Report' });
      for (const report of REPORTS.filter((r) => r.list === 'full')) {
        await chooseOption(page, picker, report.name);
        if ((report.params as readonly string[]).includes('employee_id')) await pickEmployee(page, name);
        if ((report.required as readonly string[]).includes('department_id'))
          await chooseOption(page, page.getByRole('combobox', { name: 'Department' }), 'Warehouse');
        if ((report.params as readonly string[]).includes('start_date')) {
          await page.getByLabel('Start Date').fill(day);
          await page.getByLabel('End Date').fill(day);
        }
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await page
          .getByTestId('report-results')
          .or(page.getByText(messages.reports.noRecords))
          .first()
          .waitFor()
          .catch(async (e: Error) => {
            await screenshot(page, 'demo-report-failed');
            throw new Error(`${report.name}: ${e.message}`);
          });
        expect(await page.getByText(messages.reports.fetchError).count(), report.name).toBe(0);
      }

      // The Daily Summary row of that day is the punch table's: first in, last out, the hours summed.
      await chooseOption(page, picker, 'Daily Summary');
      await pickEmployee(page, name);
      const before = await dailyRow(page, day);
      expect(before['Name']).toBe(name);
      expect(before['First In']).toBe(`${shownDay} ${timeOf(shifts[0].in)}`);
      expect(before['Last Out']).toBe(`${shownDay} ${timeOf(shifts.at(-1)!.out)}`);
      expect(before['Worked Hours']).toBe((worked / 60).toFixed(2));
      await screenshot(page, 'demo-daily-summary');

      // Rounding to 10 minutes (shown rounded): each in and out moves to the nearest 10 on the wall clock.
      await saveSettings(page, async (p) => {
        await chooseOption(p, p.getByRole('combobox', { name: 'Time Rounding' }), '10 Minutes');
        await p.getByLabel('Display Round In/Out Times').check();
      });
      await page.goto('/RunReport?report=Daily%20Summary');
      await pickEmployee(page, name);
      const rounded = await dailyRow(page, day);
      const roundedWorked = shifts.reduce((n, s) => n + round10(s.out) - round10(s.in), 0);
      expect(rounded['First In']).toBe(`${shownDay} ${timeOf(round10(shifts[0].in))}`);
      expect(rounded['Last Out']).toBe(`${shownDay} ${timeOf(round10(shifts.at(-1)!.out))}`);
      expect(rounded['Worked Hours']).toBe((roundedWorked / 60).toFixed(2));
      expect(rounded['First In']).toMatch(/:\d0 (AM|PM)$/);
      await screenshot(page, 'demo-daily-summary-rounded');

      // New York → Auckland (18 hours ahead in November): a morning shift moves to the next day's small hours.
      await saveSettings(page, async (p) => {
        await p.getByRole('combobox', { name: 'Time Zone' }).fill('Pacific/Auckland');
        await clickSteadily(p.getByRole('option', { name: 'Pacific/Auckland', exact: true }));
      });
      await page.goto('/RunReport?report=Daily%20Summary');
      await pickEmployee(page, name);
      const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const moved = await dailyRow(page, next);
      const [y, m, d] = next.split('-');
      expect(moved['Date']).toBe(`${m}/${d}/${y.slice(2)}`);
      expect(moved['First In']).toBe(`${m}/${d}/${y.slice(2)} ${timeOf(round10(shifts[0].in) + 18 * 60)}`);
      expect(moved['Worked Hours']).toBe((roundedWorked / 60).toFixed(2));
      await screenshot(page, 'demo-daily-summary-auckland');
    } finally {
      // Later journeys use the demo as it was seeded.
      const restored = await apiCall(b.baseUrl, token, 'POST', '/settings', {
        user_id: userId,
        time_zone: 'America/New_York',
        time_rounding: null,
        display_round_in_out_times: false,
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      await context.close();
    }
  }, 300_000);
});
