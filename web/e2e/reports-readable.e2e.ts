import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { apiCall, chooseOption, clickSteadily, keepShot, logIn, useBrowser } from './support';

const b = useBrowser();
const SHOTS = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A screenshot of the whole page to look at, at the viewport it is in. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await keepShot(page, { path: `${SHOTS}/${process.env.E2E_DIALECT ?? 'e2e'}-${name}.png`, fullPage: true });
}

/** The same screen at 390 px wide, then back at the desktop's width. */
async function atPhoneToo(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** axe-core's violations of moderate impact or worse on the page as it is (the routes walk's rules). */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact !== 'minor')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** How far the page is wider than its viewport (a page that scrolls sideways as a whole). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A table's body rows as {header: cell text}. */
async function rowsOf(table: Locator): Promise<Record<string, string>[]> {
  const heads = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
  return rows.map((r) => Object.fromEntries(heads.map((h, i) => [h, r[i] ?? ''])));
}

/** Runs the report open on the page over one period and waits for its first page. */
async function runOver(page: Page, start: string, end: string) {
  await page.getByLabel('Start Date').fill(start);
  await page.getByLabel('End Date').fill(end);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByTestId('report-results').locator('tbody tr').first().waitFor();
  await page.getByLabel('Loading report').waitFor({ state: 'detached' });
}

/** Every punch row of the day agrees: work punches carry no deduction, the Lunch punch its Auto. */
function expectDeductions(rows: Record<string, string>[], none: string) {
  const lunch = rows.filter((r) => r['Type'] === 'Lunch');
  const work = rows.filter((r) => r['Type'] === 'None');
  expect(lunch).toHaveLength(1);
  expect(lunch[0]['Deduction']).toBe('Auto');
  expect(work.length).toBeGreaterThan(0);
  for (const r of work) expect(r['Deduction']).toBe(none);
}

const money = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);
const dayBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('reports and logs read as people read them (demo account)', () => {
  it('deductions only where they apply, whole-period totals apart from the page, report cards, readable log details', async () => {
    const { context, page } = await b.newPage({ viewport: DESKTOP });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    const api = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
      const a = await apiCall(b.baseUrl, token, method, path, body);
      if (a.status >= 300)
        throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
      return a.body as T;
    };

    // The demo employee who signs in to the employee side, and their newest closed day of work.
    type Person = { id: number; name: string; email: string | null };
    type Page_ = { data: Person[]; next_cursor: string | null };
    let me: Person | undefined;
    for (let cursor: string | null = ''; !me && cursor !== null;) {
      const list: Page_ = await api<Page_>('GET', `/api/employees?limit=100&cursor=${cursor}`);
      me = list.data.find((e) => e.email === DEMO_EMPLOYEE_EMAIL);
      cursor = list.next_cursor;
    }
    const punches = await api<{ data: { date: string; time_out: string | null }[] }>(
      'GET',
      `/api/manual-punches/${me!.id}`,
    );
    // A day before today on the demo's clock (New York): the demo is alive, so today's lunch may not have ended yet.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const day = punches.data.find((p) => p.time_out !== null && p.date < today)!.date;
    // Their lunch that day, recorded as a Lunch punch (Auto: taken off the paid time); removed at the end.
    const lunch = await api<{ data: { id: number } }>('POST', '/api/manual-punches', {
      employee_id: me!.id,
      date: day,
      time_in: '12:00',
      time_out: '12:30',
      type: 'Lunch',
      deduction: 'Auto',
    });
    try {
      // 1. The manager's punch list: no 'Auto' on a work punch; the Lunch punch shows its Auto.
      await page.goto(`/Employee/${me!.id}`);
      const table = page.getByTestId('punch-table');
      await table.locator(`[data-testid="punch-${lunch.data.id}"]`).waitFor();
      const shownDay = (await table
        .locator(`[data-testid="punch-${lunch.data.id}"] td`)
        .first()
        .textContent())!;
      const listed = (await rowsOf(table)).filter((r) => r['Date'] === shownDay.trim());
      expectDeductions(listed, '-');
      await table.locator(`[data-testid="punch-${lunch.data.id}"]`).scrollIntoViewIfNeeded();
      await atPhoneToo(page, 'punches-deduction');

      // The manager's Activity report of that day agrees: Auto on the Lunch punch, none (N/A) on work.
      await page.goto('/RunReport?report=Activity');
      await page.getByRole('combobox', { name: 'Employee' }).fill(me!.name);
      await clickSteadily(page.getByRole('option', { name: new RegExp(`^${me!.name} \\(`) }));
      await runOver(page, day, day);
      expectDeductions(await rowsOf(page.getByTestId('report-results')), 'N/A');

      // And so does the employee's own Activity report on /UserReport.
      const worker = await b.newPage({ viewport: DESKTOP });
      await logIn(worker.page, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD);
      await worker.page.waitForURL(/\/HomeUser$/);
      await worker.page.goto('/UserReport');
      await chooseOption(worker.page, worker.page.getByRole('combobox', { name: 'Report' }), 'Activity');
      await runOver(worker.page, day, day);
      expectDeductions(await rowsOf(worker.page.getByTestId('report-results')), 'N/A');
      await atPhoneToo(worker.page, 'user-activity-report');
      await worker.context.close();

      // 2. Daily Summary over two weeks of everyone: more than one page. The whole period's totals stand apart from
      // the table, and equal the sums over every page.
      await page.goto('/RunReport?report=Daily+Summary');
      await runOver(page, dayBefore(day, 13), day);
      const totals = page.getByTestId('report-totals');
      const heading = (await totals.getByText(/^Totals for the whole period \(/).textContent())!;
      const rowCount = Number(heading.match(/\(([\d,]+) rows\)/)![1].replace(/,/g, ''));
      expect(await page.getByTestId('report-results').locator('[data-testid="report-totals"]').count()).toBe(
        0,
      );
      expect(await page.getByText(/^Page 1 of [2-9]$/).count()).toBe(1);
      expect(await accessibilityProblems(page)).toEqual([]);
      await atPhoneToo(page, 'daily-summary-totals');
      let seen = 0;
      let earnings = 0;
      let worked = 0;
      for (;;) {
        const rows = await rowsOf(page.getByTestId('report-results'));
        seen += rows.length;
        for (const r of rows) {
          earnings += money(r['Earnings']);
          worked += Number(r['Worked Hours']);
        }
        const next = page.getByRole('button', { name: 'Next' });
        if (await next.isDisabled()) break;
        const first = await page.getByTestId('report-results').locator('tbody tr').first().textContent();
        await next.click();
        await expect
          .poll(() => page.getByTestId('report-results').locator('tbody tr').first().textContent())
          .not.toBe(first);
        await page.getByLabel('Loading report').waitFor({ state: 'detached' });
      }
      expect(seen).toBe(rowCount);
      const figure = async (key: string) =>
        (await totals.locator(`[data-total="${key}"] p`).nth(1).textContent())!.trim();
      expect(money(await figure('earnings'))).toBe(earnings);
      // Each row's hours are rounded to 2 decimals: their sum may drift from the exact total by that rounding.
      expect(Math.abs(Number(await figure('worked')) - worked)).toBeLessThanOrEqual(0.005 * seen);

      // 3. Reports: cards grouped Time, Pay, Attendance, Lists; Tab reaches a card with a visible focus ring; a
      // click opens that report's form.
      await page.goto('/ReportSelector');
      await page.getByRole('link', { name: /^Payroll Summary/ }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        'Time',
        'Pay',
        'Attendance',
        'Lists',
      ]);
      const payroll = page
        .getByRole('region', { name: 'Pay' })
        .getByRole('link', { name: /^Payroll Summary/ });
      expect(await payroll.textContent()).toContain('gross pay');
      await page.getByRole('link', { name: /^Daily Summary/ }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement;
        const s = getComputedStyle(a);
        return { text: a.textContent ?? '', outline: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      expect(ring.text).toMatch(/^Daily Summary/);
      expect(ring.outline).not.toBe('none');
      expect(ring.width).toBeGreaterThan(0);
      await shot(page, 'report-cards-focus');
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.setViewportSize(PHONE);
      const [one, two] = await page
        .getByRole('region', { name: 'Time' })
        .getByRole('link')
        .evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
      // Stacked: one above the other, each the width of the column.
      expect(two.top).toBeGreaterThanOrEqual(one.bottom);
      expect(Math.abs(two.left - one.left)).toBeLessThan(1);
      expect(one.width).toBeGreaterThan(300);
      await shot(page, 'report-cards-390');
      await page.setViewportSize(DESKTOP);
      await shot(page, 'report-cards-1280');
      await payroll.click();
      await page.waitForURL(/\/RunReport\?report=Payroll(\+|%20)Summary$/);
      expect(await page.getByRole('combobox', { name: 'Report' }).inputValue()).toBe('Payroll Summary');
      await page.getByLabel('Start Date').waitFor();

      // 4. Activity Logs: the Lunch punch's creation, Show all, reads in the account's formats with no raw
      // fields.
      await page.goto('/ActivityLogs?action=punch.created');
      const entry = page.getByTestId('activity-logs').locator('tbody tr').first();
      await entry.getByText('Type:').waitFor();
      await entry.getByRole('button', { name: 'Show all' }).click();
      const details = (await entry.locator('td').nth(4).innerText()).replace(/\s*Show less$/, '');
      expect(details).toContain(`Date: ${shownDay.trim()}`);
      expect(details).toContain('Time in: 12:00 PM');
      expect(details).toContain('Type: Lunch');
      expect(details).toContain('Deduction: Auto');
      expect(details).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(details).not.toContain('Out days later');
      expect(details).not.toMatch(/: (0|false|—)$/m);
      expect(await accessibilityProblems(page)).toEqual([]);
      await atPhoneToo(page, 'activity-show-all');
    } finally {
      // Later journeys read the demo as it was seeded.
      await api('DELETE', `/api/manual-punches/${lunch.data.id}`);
      await context.close();
    }
  }, 300_000);
});
