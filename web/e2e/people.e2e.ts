import * as XLSX from '@e965/xlsx';
import { execFileSync } from 'node:child_process';
import { IMPORT_COLUMNS, messages } from '@punchclock/contract';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  chooseOption,
  keepShot,
  registerOwner as registerOwnerAt,
  screenshot,
  signInAsManager as signIn,
  type Owner,
  useBrowser,
} from './support';

const b = useBrowser();

/** A successful call's body; anything else fails the journey with the server's answer. */
async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, token, body === undefined ? 'GET' : 'POST', path, body);
  if (a.status >= 300) throw new Error(`${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

const registerOwner = (prefix: string) => registerOwnerAt(b.baseUrl, prefix);

const createDepartment = (o: Owner, dp_name: string, extra: Record<string, unknown> = {}) =>
  api<{ data: { id: number } }>(o.token, '/departments', { dp_name, ...extra }).then((a) => a.data.id);

/** Runs the search panel with the given filters and answers the "Found N employees" count. */
async function search(
  page: Page,
  f: {
    text?: string;
    department?: string;
    current?: boolean;
    status?: 'All' | 'In' | 'Out';
    deleted?: boolean;
  },
) {
  await page.getByRole('button', { name: 'Clear Search' }).click();
  if (f.text) await page.getByPlaceholder('Search by Name, Department, Title, ID, Email...').fill(f.text);
  if (f.department)
    await chooseOption(page, page.getByRole('combobox', { name: 'Department' }), f.department);
  if (f.current) await page.getByLabel('Show Current Department').check();
  if (f.status) await page.getByRole('radio', { name: f.status, exact: true }).check();
  if (f.deleted) await page.getByLabel('Show Deleted Employees').check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const count = page.getByTestId('search-count');
  await count.waitFor();
  return Number(/Found (\d+) employees/.exec((await count.textContent()) ?? '')?.[1]);
}

/** Ticks a permission group, checks its sub-options come and go with it, and leaves it ticked. */
async function exerciseGroup(page: Page, parent: string, children: string[]) {
  const box = page.getByLabel(parent, { exact: true });
  if (await box.isChecked()) await box.uncheck();
  for (const c of children) expect(await page.getByLabel(c, { exact: true }).count()).toBe(0);
  await box.check();
  for (const c of children) await page.getByLabel(c, { exact: true }).waitFor();
  await box.uncheck();
  for (const c of children) await page.getByLabel(c, { exact: true }).waitFor({ state: 'detached' });
  await box.check();
  await page.getByLabel(children[0], { exact: true }).check();
}

function workbook(rows: (string | number)[][], extraColumns: string[] = []): string {
  const wb = XLSX.utils.book_new();
  const header = [...IMPORT_COLUMNS, ...extraColumns];
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Employees');
  const file = join(mkdtempSync(join(tmpdir(), 'punchclock-import-')), 'employees.xlsx');
  // The ESM build of xlsx has no fs access, so the bytes are written here.
  writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

describe('people', () => {
  it('creates, finds, edits, prints, deletes and finds again an employee', async () => {
    const owner = await registerOwner('people');
    await createDepartment(owner, 'Warehouse');
    await createDepartment(owner, 'Office');
    await createDepartment(owner, 'All Hands', { assign_to_all_employees: true });
    const { page, context } = await b.newPage();
    await signIn(page, owner);
    await page.goto('/Employee');
    await page.getByText(messages.employees.noneSetup).waitFor();

    await page.getByRole('button', { name: 'Add New Employee' }).click();
    await page.waitForURL(/\/CreateNewEmployee$/);
    await page.getByRole('button', { name: 'Create Employee' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Robin Tester');
    await chooseOption(page, page.getByRole('combobox', { name: 'Department' }), 'Warehouse');
    await page.getByLabel('Title', { exact: true }).fill('Forklift Driver');
    await page.getByLabel('Employee ID', { exact: true }).fill('R-100');
    await page.getByLabel('Hourly Rate ($)').fill('18.5');
    await page.getByLabel('Email', { exact: true }).fill('robin.tester@example.com');
    await page.getByLabel('PIN', { exact: true }).fill('1234');
    await exerciseGroup(page, 'Send Email Notification', [
      'Email Notification on Check In',
      'Email Notification on Check Out',
    ]);
    // App Login (what lets an employee punch at a station) starts ticked for a new employee.
    expect(await page.getByLabel('App Login (punch at time stations)', { exact: true }).isChecked()).toBe(
      true,
    );
    await exerciseGroup(page, 'App Login (punch at time stations)', [
      'Solo Mode',
      'Use Card or PIN',
      'Allow Other Employees',
    ]);
    await exerciseGroup(page, 'Site Login', [
      'Create Time Entries',
      'Edit Time Entries',
      'Punch In/Out',
      'Run Reports',
      'View GPS Location',
      'View Pay Information',
    ]);
    await screenshot(page, 'people-create');
    await page.getByRole('button', { name: 'Create Employee' }).click();
    await page.waitForURL(/\/Employee$/);
    await page.getByText(messages.employees.created).waitFor();
    const row = page.getByTestId('employee-list').getByRole('row', { name: /Robin Tester/ });
    await row.getByText('App Access').waitFor();
    await row.getByText('Site Access').waitFor();
    expect(await row.textContent()).toContain('$18.50');
    // At 1280 px the permission badges are whole, not cut to "APP AC…".
    for (const badge of ['App Access', 'Site Access']) {
      const label = row.getByText(badge, { exact: true });
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }

    // The search filters the one list (no second table of results above it).
    expect(await search(page, { text: 'Robin' })).toBe(1);
    const list = page.getByTestId('employee-list');
    expect(await list.count()).toBe(1);
    await list.getByText('Robin Tester').waitFor();
    expect(await search(page, { text: 'Nobody Like This' })).toBe(0);
    await list.getByText('No employees match this search.').waitFor();
    expect(await list.getByText('Robin Tester').count()).toBe(0);
    await keepShot(page, {
      path: `/tmp/polish-employees-search-1280-${process.env.E2E_DIALECT}.png`,
      fullPage: true,
    });
    expect(await search(page, { department: 'Warehouse' })).toBe(1);
    expect(await search(page, { department: 'Office' })).toBe(0);
    // A department assigned to all employees finds everyone, unless only current departments count.
    expect(await search(page, { department: 'All Hands' })).toBe(1);
    expect(await search(page, { department: 'All Hands', current: true })).toBe(0);
    expect(await search(page, { department: 'Warehouse', current: true })).toBe(1);
    expect(await search(page, { text: 'R-100', status: 'All' })).toBe(1);
    expect(await search(page, { text: 'R-100', status: 'In' })).toBe(0);
    expect(await search(page, { text: 'robin.tester@', status: 'All', deleted: true })).toBe(1);
    await screenshot(page, 'people-search');
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByText('Search Results').waitFor({ state: 'detached' });
    // Cleared, the whole list is back.
    await list.getByText('Robin Tester').waitFor();
    await keepShot(page, {
      path: `/tmp/polish-employees-1280-${process.env.E2E_DIALECT}.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepShot(page, {
      path: `/tmp/polish-employees-390-${process.env.E2E_DIALECT}.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Edit Robin Tester' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Employee' });
    await dialog.getByLabel('Title', { exact: true }).fill('Shift Lead');
    await dialog.getByLabel('Hourly Rate ($)').fill('20.25');
    // A changed rate asks the day it is paid from (today unless back-dated); the days before keep 18.50.
    const from = dialog.getByLabel(messages.employees.rateEffectiveFrom);
    await from.fill('2026-01-05');
    await screenshot(page, 'people-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(messages.employees.updated).waitFor();
    await row.getByText('Shift Lead').waitFor();
    expect(await row.textContent()).toContain('$20.25');

    await row.getByRole('link', { name: 'Robin Tester' }).click();
    await page.waitForURL(/\/Employee\/\d+$/);
    await page.getByTestId('employee-details').getByText('Shift Lead').waitFor();
    // The modal edits a subset; the rest (here the email) must survive the save.
    await page.getByTestId('employee-details').getByText('robin.tester@example.com').waitFor();
    const history = page.getByTestId('rate-history');
    await history.getByText('$18.50').waitFor();
    expect(await history.locator('tbody tr').allTextContents()).toEqual([
      '01/05/26$20.25',
      'Before 01/05/26$18.50',
    ]);
    const qr = page.getByAltText('Badge QR code');
    await qr.waitFor();
    const pdf = page.waitForResponse((r) => r.url().includes('/api/employees/print/'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print Card' }).click();
    expect((await pdf).headers()['content-type']).toContain('application/pdf');
    expect((await download).suggestedFilename()).toBe('employee-card-R-100.pdf');
    const before = await qr.getAttribute('src');
    await page.getByRole('button', { name: 'Regenerate Badge' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => qr.getAttribute('src')).not.toBe(before);
    await screenshot(page, 'people-detail');

    // The day the current rate started can be corrected: the same rate, paid from a week later.
    await page.goto('/Employee');
    await page.getByRole('button', { name: 'Edit Robin Tester' }).click();
    const current = dialog.getByLabel(messages.employees.rateCurrentFrom);
    await expect.poll(() => current.inputValue()).toBe('2026-01-05');
    await current.fill('2026-01-12');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('link', { name: 'Robin Tester' }).click();
    await expect
      .poll(() => page.getByTestId('rate-history').locator('tbody tr').allTextContents())
      .toEqual(['01/12/26$20.25', 'Before 01/12/26$18.50']);
    // A punch of theirs, to be seen after the delete.
    const robinRef = Number(/\/Employee\/(\d+)/.exec(page.url())?.[1]);
    await api(owner.token, '/api/manual-punches', {
      employee_id: robinRef,
      date: '2026-01-13',
      time_in: '09:00',
      time_out: '17:00',
    });

    await page.goto('/Employee');
    await page.getByRole('button', { name: 'Delete Robin Tester' }).click();
    await page.getByText(messages.employees.confirmDelete).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.employees.deleted).waitFor();
    await page.getByText(messages.employees.noneSetup).waitFor();
    expect(await search(page, { text: 'Robin', status: 'All' })).toBe(0);
    expect(await search(page, { text: 'Robin', status: 'All', deleted: true })).toBe(1);
    await screenshot(page, 'people-deleted-found');

    // A deleted employee's days are still paid: their punches and rate are corrected from their page.
    await page.getByRole('link', { name: 'Robin Tester' }).click();
    await page.getByText('Deleted employee').waitFor();
    // Their punches are shown and can be corrected; no badge to print, no punch to add.
    await page.getByTestId('punch-table').getByText('5:00 PM').waitFor();
    await screenshot(page, 'people-deleted-page');
    await page.getByTestId('punch-table').getByRole('button', { name: /edit/i }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit punch' });
    await edit.getByLabel('Time Out').fill('16:30');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(messages.punches.updated).waitFor();
    await page.getByTestId('punch-table').getByText('4:30 PM').waitFor();
    expect(await page.getByRole('link', { name: 'Manual Punch' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Regenerate Badge' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Correct Hourly Rate' }).click();
    const correct = page.getByRole('dialog', { name: 'Correct Hourly Rate' });
    await correct.getByLabel('Hourly Rate ($)').fill('21');
    await correct.getByLabel(messages.employees.rateEffectiveFrom).fill('2026-01-12');
    await screenshot(page, 'people-deleted-correct-rate');
    await correct.getByRole('button', { name: 'Save Rate' }).click();
    await page.getByText(messages.employees.rateCorrected).waitFor();
    await correct.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('rate-history').locator('tbody tr').allTextContents())
      .toEqual(['01/12/26$21.00', 'Before 01/12/26$18.50']);
    await context.close();
  });

  it('imports 50 rows, lists the 3 bad ones, imports 47 and bulk-deletes 5', async () => {
    const owner = await registerOwner('import');
    await createDepartment(owner, 'Warehouse');
    // Sheet rows 11, 21 and 31 (the header is row 1) are the bad ones.
    const rows = Array.from({ length: 50 }, (_, i) => {
      const n = i + 1;
      return [
        n === 10 ? '' : `Import Person ${n}`,
        n === 20 ? 'IMP-5' : `IMP-${n}`,
        'Warehouse',
        'Picker',
        n === 30 ? 'not-an-email' : `imp${n}@example.com`,
        '15.50',
        '',
        `L${n}`,
      ];
    });
    // A column no field has: the preview says it is not imported.
    const file = workbook(rows, ['Locker No.']);
    const { page, context } = await b.newPage();
    await signIn(page, owner);
    await page.goto('/ImportEmployees');

    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the template' }).click();
    expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);

    await page.getByRole('button', { name: 'Check File' }).click();
    await page.getByText(messages.employees.noFile).waitFor();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: 'Check File' }).click();
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    const badRows = await errors.locator('tbody tr td:first-child').allTextContents();
    expect([...new Set(badRows)].sort()).toEqual(['11', '21', '31']);
    expect(await page.getByTestId('import-ignored').textContent()).toBe(
      messages.people.importIgnoredColumns(['Locker No.']),
    );
    await screenshot(page, 'people-import-preview');
    // On a phone the preview's table scrolls inside its frame: the page stays the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await screenshot(page, 'people-import-preview-390');
    await page.setViewportSize({ width: 1280, height: 720 });
    // A double click imports once: no second upload refused after the first's success.
    await page.getByRole('button', { name: 'Import 47 Employees' }).dblclick();
    await page.getByText(messages.employees.imported).waitFor();
    await expect.poll(() => page.getByTestId('uploaded-employees').locator('tbody tr').count()).toBe(47);
    expect(await page.getByText(messages.people.importNothingValid).count()).toBe(0);
    await screenshot(page, 'people-imported');

    await page.goto('/Employee');
    const list = page.getByTestId('employee-list');
    // The list is paged by the server (50 a page): the first page holds all 47.
    await list.locator('tbody tr').first().waitFor();
    await expect.poll(() => list.locator('tbody tr').count(), { timeout: 10_000 }).toBe(47);
    // Everyone's badge cards at once: Letter sheets of eight (47 cards, 6 sheets).
    const cards = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print All Cards' }).click();
    const sheets = await cards;
    expect(sheets.suggestedFilename()).toBe('employee-cards.pdf');
    const cardText = execFileSync('pdftotext', [(await sheets.path()) as string, '-'], { encoding: 'utf8' });
    expect(cardText.split('\f').filter((p) => p.trim())).toHaveLength(6);
    expect(cardText).toContain('Import Person 47');
    for (const n of [1, 2, 3, 4, 6])
      await page.getByLabel(`Select Import Person ${n}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Print 5 Cards' }).waitFor();
    await page.getByRole('button', { name: 'Delete Selected Employees' }).click();
    await page.getByText(messages.employees.confirmBulkDelete).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.employees.bulkDeleted).waitFor();
    await expect.poll(() => list.locator('tbody tr').count(), { timeout: 10_000 }).toBe(42);
    const left = await api<{ data: { employee_id: string }[] }>(owner.token, '/api/employees');
    expect(left.data).toHaveLength(42);
    expect(left.data.map((e) => e.employee_id)).not.toContain('IMP-1');
    await screenshot(page, 'people-bulk-deleted');

    // A name of one very long word stays within a phone's screen on the employee's page.
    const dept = await createDepartment(owner, 'Großküche Nachtschicht');
    const long = await api<{ data: { id: number } }>(owner.token, '/employees', {
      name: 'Maximilian Wolfeschlegelsteinhausenbergerdorff Żółkiewski',
      employee_id: 'LONG-1',
      department_id: dept,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/Employee/${long.data.id}`);
    await page.getByTestId('employee-details').getByText('LONG-1').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'people-long-name-390');
    await context.close();
  });
});
