import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { DATA_EXPORT_SHEETS, messages } from '@punchclock/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  keepShot,
  registerOwner,
  signInAsManager,
  type Method,
  type Owner,
  useBrowser,
} from './support';

const b = useBrowser();
const dialect = process.env.E2E_DIALECT ?? 'e2e';

async function api<T>(o: Owner, method: Method, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, o.token, method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

/** An owner with a department, an employee with a custom field value, and a punch of yesterday 09:00–17:00. */
async function ownerWithData(prefix: string, employeeName: string) {
  const o = await registerOwner(b.baseUrl, prefix);
  const field = await api<{ data: { id: number } }>(o, 'POST', '/api/fields', {
    field_name: 'Locker',
    field_type: 'text',
  });
  const dep = await api<{ data: { id: number } }>(o, 'POST', '/departments', { dp_name: `${prefix} Dock` });
  const emp = await api<{ data: { id: number } }>(o, 'POST', '/employees', {
    name: employeeName,
    department_id: dep.data.id,
    employee_id: `${prefix.toUpperCase()}-7`,
    custom_fields: { [field.data.id]: 'L-42' },
  });
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await api(o, 'POST', '/api/manual-punches', {
    employee_id: emp.data.id,
    date: day,
    time_in: '09:00',
    time_out: '17:00',
  });
  const me = await api<{ user: { user_id: number } }>(o, 'GET', '/api/get-user');
  return { ...o, userId: me.user.user_id };
}

describe('your data', () => {
  it('exports the account as PDF and Excel from the user settings page', async () => {
    const owner = await ownerWithData('mine', 'Robin Export');
    await ownerWithData('theirs', 'Casey Hidden');
    const { page, context } = await b.newPage({
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    await signInAsManager(page, owner);
    await page.goto('/Account_Setting');
    for (const tab of ['User Information', 'Upload Profile Picture', 'Export Your Data', 'Your QR Code']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await page.goto('/UserProfile');
    await page.getByRole('tab', { name: 'Export Your Data' }).click();

    // Excel: a progress line while it builds, the spec's toast, and a workbook with one sheet each.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`user_data_${owner.userId}.xlsx`);
    await page.getByText(messages.export.excelDone, { exact: true }).waitFor();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsx.path());
    expect(book.worksheets.map((s) => s.name)).toEqual(Object.values(DATA_EXPORT_SHEETS));
    const punches = book.getWorksheet('Punches')!;
    expect(punches.actualRowCount).toBe(2);
    expect(punches.getRow(2).getCell(3).value).toBe('Robin Export');
    // 09:00 on the account's wall clock, as the punch was entered.
    expect((punches.getRow(2).getCell(5).value as Date).toISOString().slice(11, 16)).toBe('09:00');
    const employees = book.getWorksheet('Employees')!;
    const header = employees.getRow(1).values as unknown[];
    expect(header).toContain('Locker');
    expect(employees.getRow(2).getCell(header.indexOf('Locker')).value).toBe('L-42');
    const all = JSON.stringify(book.worksheets.map((s) => s.getSheetValues()));
    expect(all).not.toContain('Casey Hidden');

    // PDF: the toast, a real PDF, turned into a picture to look at.
    await keepShot(page, { path: `/tmp/polish-your-data-1280-${dialect}.png`, fullPage: true });
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`user_data_${owner.userId}.pdf`);
    await page.getByText(messages.export.pdfDone, { exact: true }).waitFor();
    const pdfPath = await pdf.path();
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const png = `/tmp/polish-your-data-pdf-${dialect}`;
    // Every page as a picture (one section a page here: Profile, Settings, Departments, Employees, Punches).
    execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, png]);
    expect(existsSync(`${png}-1.png`)).toBe(true);
    expect(existsSync(`${png}-5.png`)).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    for (const section of Object.values(DATA_EXPORT_SHEETS)) expect(text).toContain(section);
    // A name too wide for its column wraps onto a second line (pdftotext lays the lines out apart), never cut.
    expect(text).toMatch(/Robin Export|Robin[^\n]*\n[^\n]*Export/);
    expect(text).not.toContain('…');
    expect(text).not.toContain('Casey Hidden');

    // A phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await keepShot(page, { path: `/tmp/polish-your-data-390-${dialect}.png`, fullPage: true });
    await page.goto('/Account_Setting');
    await page.getByRole('tab', { name: 'Export Your Data' }).click();
    await page.getByRole('button', { name: 'Export as PDF' }).waitFor();
    await keepShot(page, { path: `/tmp/polish-account-setting-390-${dialect}.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await keepShot(page, { path: `/tmp/polish-account-setting-1280-${dialect}.png`, fullPage: true });

    // A failed export says so with the spec's message (the server answers an error).
    await page.route('**/api/export-excel', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server error"}' }),
    );
    await page.getByRole('button', { name: 'Export as Excel' }).click();
    await page.getByText(messages.export.excelFailed, { exact: true }).waitFor();
    await context.close();
  });

  it('polish: departments keep timestamps on one line, every signed-in page has the same frame, a favicon', async () => {
    const owner = await ownerWithData('polish', 'Frame Person');
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    await page.goto('/Departments');
    const cell = page
      .getByRole('row', { name: /polish Dock/ })
      .getByRole('cell')
      .nth(7);
    await cell.waitFor();
    // One line of text: its text has a single line box.
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await keepShot(page, { path: `/tmp/polish-departments-1280-${dialect}.png`, fullPage: true });

    // The frame (where the page title starts, how wide it may grow) is the same on every signed-in page.
    const frames = new Set<string>();
    for (const path of [
      '/Departments',
      '/Employee',
      '/UserProfile',
      '/Account_Setting',
      '/ActivityLogs',
      '/Settings',
    ]) {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1 }).first();
      await title.waitFor();
      frames.add(JSON.stringify(await title.evaluate((el) => Math.round(el.getBoundingClientRect().left))));
    }
    expect([...frames]).toHaveLength(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Departments');
    await page.getByText('polish Dock').first().waitFor();
    await keepShot(page, { path: `/tmp/polish-departments-390-${dialect}.png`, fullPage: true });

    for (const icon of ['/favicon.ico', '/favicon.svg']) {
      const res = await fetch(new URL(icon, b.baseUrl));
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect(await page.locator('link[rel="icon"][href="/favicon.ico"]').count()).toBe(1);

    // The Clock In and Out dialog on a browser that is not a station says so once.
    for (const width of [1280, 390]) {
      const visitor = await b.newPage({ viewport: { width, height: 844 } });
      await visitor.page.goto('/');
      await visitor.page.getByRole('button', { name: 'Clock In and Out' }).first().click();
      const dialog = visitor.page.getByRole('dialog', { name: 'Clock In and Out' });
      await dialog.getByRole('link', { name: 'Pair with a code' }).waitFor();
      expect(await dialog.getByText(/not a time station yet/).count()).toBe(1);
      await visitor.page.screenshot({ path: `/tmp/polish-clock-dialog-${width}-${dialect}.png` });
      await visitor.context.close();
    }
    await context.close();
  });
});
