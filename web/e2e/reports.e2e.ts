import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { MAX_REPORT_DAYS, messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, registerOwner, screenshot, signInAsManager, useBrowser } from './support';

const b = useBrowser();
const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const dialect = process.env.E2E_DIALECT ?? 'e2e';

/**
 * Figures by hand (new accounts are on UTC): Morgan at $18.75/h punches 2026-03-02 08:00–12:00 (240 min)
 * and 13:00–17:15 (255 min) → 495 min = 8.25 h → 495 × 18.75 / 60 = $154.6875 → $154.69.
 */
const DAY = '2026-03-02';

async function seed(token: string) {
  const call = async (path: string, body: unknown) => {
    const res = await apiCall(b.baseUrl, token, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { data: { id: number } };
  };
  const dept = await call('/departments', { dp_name: 'Dispatch' });
  const code = `M${Date.now().toString(36)}`;
  const emp = await call('/employees', {
    name: 'Morgan Reyes',
    department_id: dept.data.id,
    employee_id: code,
    hourly_rate: '18.75',
  });
  for (const [time_in, time_out] of [
    ['08:00', '12:00'],
    ['13:00', '17:15'],
  ])
    await call('/api/manual-punches', {
      employee_id: emp.data.id,
      date: DAY,
      time_in,
      time_out,
      type: 'None',
      deduction: 'Auto',
    });
  return { code };
}

describe('reports', () => {
  it('picks Daily Summary, runs it over a custom period, sorts, and exports Excel and PDF', async () => {
    const owner = await registerOwner(b.baseUrl, 'report');
    const { code } = await seed(owner.token);
    const { context, page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);

    // /ReportSelector: the reports as cards; Daily Summary's opens /RunReport on it.
    await page.goto('/ReportSelector');
    await page.getByRole('link', { name: /^Daily Summary/ }).waitFor();
    await screenshot(page, 'reports-selector');
    await page.getByRole('link', { name: /^Daily Summary/ }).click();
    await page.waitForURL(/\/RunReport\?report=Daily(\+|%20)Summary$/);
    expect(await page.getByRole('combobox', { name: 'Report' }).inputValue()).toBe('Daily Summary');

    // Custom period around the punches: typing a date switches the preset to Custom.
    await page.getByLabel('Start Date').fill('2026-03-01');
    await page.getByLabel('End Date').fill('2026-03-07');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const table = page.getByTestId('report-results');
    const row = table.locator('tbody tr').filter({ hasText: code });
    await row.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    const cell = async (label: string) =>
      (await row.locator('td').nth(headers.indexOf(label)).textContent())?.trim();
    expect(await cell('Date')).toBe('03/02/26');
    expect(await cell('Name')).toBe('Morgan Reyes');
    expect(await cell('Department')).toBe('Dispatch');
    expect(await cell('First In')).toBe('03/02/26 8:00 AM');
    expect(await cell('Last Out')).toBe('03/02/26 5:15 PM');
    expect(await cell('Worked Hours')).toBe('8.25');
    expect(await cell('Paid Hours')).toBe('8.25');
    expect(await cell('Earnings')).toBe('$154.69');
    const totals = page.getByTestId('report-totals');
    expect(await totals.locator('[data-total="earnings"]').textContent()).toBe('Earnings$154.69');
    await screenshot(page, 'reports-run-1280');

    // Sorting a column marks its header.
    const earnings = table.locator('thead th').nth(headers.indexOf('Earnings'));
    await earnings.getByRole('button').click();
    expect(await earnings.getAttribute('aria-sort')).toBe('ascending');
    await earnings.getByRole('button').click();
    expect(await earnings.getAttribute('aria-sort')).toBe('descending');

    // Excel: the file the server names, numbers as numbers.
    mkdirSync(artifacts, { recursive: true });
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    const xlsx = await download;
    expect(xlsx.suggestedFilename()).toBe('Daily_Summary-2026-03-01-2026-03-07.xlsx');
    await page.getByText(messages.export.excelDone).waitFor();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    const first = sheet.getRow(2);
    expect(first.getCell(head.indexOf('Paid Hours') + 1).value).toBe(8.25);
    expect(first.getCell(head.indexOf('Earnings') + 1).value).toBe(154.69);

    // PDF: saved, and page 1 drawn as a PNG to look at.
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('Daily_Summary-2026-03-01-2026-03-07.pdf');
    await page.getByText(messages.export.pdfDone).waitFor();
    const pdfPath = join(artifacts, `${dialect}-reports-daily-summary.pdf`);
    await pdf.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      pdfPath.replace(/\.pdf$/, ''),
    ]);

    // A phone: the form stacks, the table scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'reports-run-390');
    const scrolls = await page
      .getByTestId('report-results')
      .evaluate((t) => (t.parentElement?.scrollWidth ?? 0) > (t.parentElement?.clientWidth ?? 0));
    expect(scrolls).toBe(true);
    await context.close();
  });

  it('a simple report runs from the picker; /attendance opens on Daily Summary; a missing date, a refused period and an empty run each say so; server paging', async () => {
    const owner = await registerOwner(b.baseUrl, 'attend');
    const { context, page } = await b.newPage();
    await signInAsManager(page, owner);
    // A simple name's card opens Run Report on it, with its own parameters.
    await page.goto('/ReportSelector');
    await page.getByRole('link', { name: /^Attendance Counter/ }).click();
    await page.waitForURL(/\/RunReport\?report=attendance-counter$/);
    expect(await page.getByRole('combobox', { name: 'Report' }).inputValue()).toBe('Attendance Counter');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('report-results').waitFor();

    await page.goto('/attendance');
    await page.getByRole('heading', { name: 'Employee Attendance' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Report' }).inputValue()).toBe('Daily Summary');
    await page.getByLabel('Start Date').fill('');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText(messages.reports.paramRequired('Start Date')).waitFor();
    // The server's own refusal is shown as it words it (a period over the longest allowed).
    await page.getByLabel('Start Date').fill('2024-01-01');
    await page.getByLabel('End Date').fill('2026-03-01');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: messages.reports.rangeTooLong(MAX_REPORT_DAYS) })
      .waitFor();
    await page.getByText('Last month', { exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText(messages.reports.noRecords).waitFor();

    // Server paging: 101 departments are two pages of 100 and 1; choosing a report resets the form.
    for (let i = 0; i < 101; i += 1) {
      const res = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: `Crew ${i}` });
      expect(res.status).toBe(201);
    }
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Department List', exact: true }).click();
    expect(await page.getByLabel('Start Date').count()).toBe(0);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('Page 1 of 2').waitFor();
    const rows = page.getByTestId('report-results').locator('tbody tr');
    expect(await rows.count()).toBe(100);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await context.close();
  });
});
