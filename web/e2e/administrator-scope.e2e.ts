import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  logIn,
  type Owner,
  passwordLinkFor,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
} from './support';

/**
 * A department-scoped administrator (issue 13): the owner invites a manager for the Warehouse only, who sets a
 * password from the mail, logs in, and sees only the Warehouse in employees, punches and reports; their calls on
 * the Office's ids answer 404, and Settings is not in their menu.
 */
const b = useBrowser();
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')) as Promise<string>;

async function ok<T>(owner: Owner, method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const res = await apiCall(b.baseUrl, owner.token, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Two departments with one employee and one punch each (March 2, 2026, 8:00–16:00). */
async function seed(owner: Owner) {
  await ok(owner, 'PUT', '/api/account/plan', { plan: 'pro' });
  const ids: Record<string, { department: number; employee: number }> = {};
  for (const [dept, name] of [
    ['Warehouse', 'Pat Packer'],
    ['Office', 'Cleo Clerk'],
  ]) {
    const d = await ok<{ data: { id: number } }>(owner, 'POST', '/departments', { dp_name: dept });
    const e = await ok<{ data: { id: number } }>(owner, 'POST', '/employees', {
      name,
      employee_id: `${dept.slice(0, 2).toUpperCase()}${Date.now() % 100000}`,
      department_id: d.data.id,
    });
    await ok(owner, 'POST', '/api/manual-punches', {
      employee_id: e.data.id,
      date: '2026-03-02',
      time_in: '08:00',
      time_out: '16:00',
      type: 'None',
      deduction: 'Auto',
    });
    ids[dept] = { department: d.data.id, employee: e.data.id };
  }
  return ids;
}

describe('department-scoped administrators', () => {
  it('an administrator invited for one department sees only it in employees, punches and reports', async () => {
    const owner = await registerOwner(b.baseUrl, 'scope');
    const ids = await seed(owner);
    const who = {
      name: 'Wanda Warehouse',
      email: `wanda${Date.now()}@example.com`,
      password: 'warehouse pass 7',
    };

    // The owner invites Wanda for the Warehouse only.
    const { page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    await page.goto('/Administrator');
    await page.getByRole('button', { name: 'Invite administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite administrator' });
    await dialog.getByLabel('Name').fill(who.name);
    await dialog.getByLabel('Email').fill(who.email);
    await dialog.getByRole('radio', { name: /Chosen departments/ }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Choose at least one department.').waitFor();
    await dialog.getByPlaceholder('Choose departments').click();
    await page.getByRole('option', { name: 'Warehouse', exact: true }).click();
    // Close the list by clicking the dialog's title, so it covers nothing.
    await dialog.getByRole('heading', { name: 'Invite administrator' }).click();
    await screenshot(page, 'administrator-invite-scoped');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(messages.account.adminInvited(who.email)).first().waitFor();
    const row = page.getByRole('row', { name: new RegExp(who.name) });
    await expect.poll(() => row.innerText()).toMatch(/Departments\s+Warehouse/);
    await screenshot(page, 'administrators-scoped');

    // Wanda sets her password from the mail and logs in.
    const { page: wanda } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    const link = new URL(await passwordLinkFor(b.dataDir, who.email));
    await wanda.goto(link.pathname + link.search);
    await wanda.getByLabel('New Password').fill(who.password);
    await wanda.getByLabel('Confirm Password').fill(who.password);
    await wanda.getByRole('button', { name: /reset|update|save|set/i }).click();
    await wanda.waitForURL(/\/login$/i);
    await logIn(wanda, who.email, who.password);
    await wanda.waitForURL(/\/HomeSecond$/);
    await wanda.getByRole('link', { name: 'Employees' }).first().waitFor();
    // Settings leaves her menu once her access has arrived with /api/get-user.
    await expect.poll(() => wanda.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    // Her dashboard counts the Warehouse only: one employee, one department in the hours.
    await wanda.getByTestId('hours-this-week').waitFor();
    expect(await wanda.getByTestId('hours-this-week').innerText()).not.toContain('Office');
    await expect.poll(() => wanda.getByTestId('late-syncs').getByRole('link').count()).toBe(0);
    await screenshot(wanda, 'scoped-home');

    // Employees: the Warehouse's only.
    await wanda.goto('/Employee');
    await wanda.getByText('Pat Packer').first().waitFor();
    expect(await wanda.getByText('Cleo Clerk').count()).toBe(0);
    // Importing can create departments: not hers to do, so not offered (each page load asks /api/get-user
    // for her access again: the controls leave once it has answered).
    await wanda.getByRole('button', { name: 'Add New Employee' }).waitFor();
    await expect.poll(() => wanda.getByRole('button', { name: 'Import Employees' }).count()).toBe(0);
    await screenshot(wanda, 'scoped-employees');

    // Departments: hers only, to read; creating, editing and deleting them is not offered.
    await wanda.goto('/Departments');
    await wanda.getByRole('cell', { name: 'Warehouse', exact: true }).waitFor();
    expect(await wanda.getByRole('cell', { name: 'Office', exact: true }).count()).toBe(0);
    await expect.poll(() => wanda.getByRole('button', { name: 'Create Department' }).count()).toBe(0);
    await expect.poll(() => wanda.getByRole('button', { name: 'Edit Warehouse' }).isVisible()).toBe(false);
    await expect
      .poll(() => wanda.getByRole('button', { name: 'Delete Selected Departments' }).isVisible())
      .toBe(false);

    // Punches: Pat's day is there; the Office employee's page is not found.
    await wanda.goto(`/Employee/${ids.Warehouse.employee}`);
    await wanda.getByText('03/02/26').first().waitFor();
    await wanda.goto(`/Employee/${ids.Office.employee}`);
    await wanda.getByText(messages.employees.notFound).first().waitFor();

    // Reports: the account-wide ones (administrators, stations) are not offered her.
    await wanda.goto('/ReportSelector');
    await wanda.getByRole('link', { name: /^Daily Summary/ }).waitFor();
    // (Her access arrives with /api/get-user, which may answer after the cards first show.)
    await expect.poll(() => wanda.getByRole('link', { name: /^Administrator List/ }).count()).toBe(0);
    await expect.poll(() => wanda.getByRole('link', { name: /^Device Status/ }).count()).toBe(0);

    // Daily Summary over the week holds Pat, not Cleo.
    await wanda.goto('/RunReport?report=Daily+Summary');
    await wanda.getByLabel('Start Date').fill('2026-03-01');
    await wanda.getByLabel('End Date').fill('2026-03-07');
    await wanda.getByRole('button', { name: 'Run', exact: true }).click();
    const table = wanda.getByTestId('report-results');
    await table.locator('tbody tr').filter({ hasText: 'Pat Packer' }).first().waitFor();
    expect(await table.getByText('Cleo Clerk').count()).toBe(0);
    await screenshot(wanda, 'scoped-report');

    // Her calls on the Office's ids answer 404; account setup answers 403.
    const token = await tokenOf(wanda);
    const office = ids.Office;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      apiCall(b.baseUrl, token, method, path, body).then((r) => r.status);
    expect(await call('GET', `/api/employees/${office.employee}`)).toBe(404);
    expect(await call('GET', `/api/manual-punches/${office.employee}`)).toBe(404);
    expect(await call('GET', `/api/departments/${office.department}`)).toBe(404);
    expect(await call('DELETE', `/employees/${office.employee}`)).toBe(404);
    expect(
      await call('POST', '/getdata', {
        reportname: 'Employee Details',
        employee_id: office.employee,
        start_date: '2026-03-01',
        end_date: '2026-03-07',
      }),
    ).toBe(404);
    expect(await call('GET', `/api/employees/${ids.Warehouse.employee}`)).toBe(200);
    expect(await call('GET', '/api/apikeys')).toBe(403);
    expect(await call('POST', '/api/settings', { account_company_name: 'Mine' })).toBe(403);
    // The owner still sees both.
    const all = await apiCall(b.baseUrl, owner.token, 'GET', '/api/employees');
    expect((all.body as { total: number }).total).toBe(2);
  });
});
