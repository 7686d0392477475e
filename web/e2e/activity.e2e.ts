import { readFileSync } from 'node:fs';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  keepShot,
  logIn,
  registerOwner,
  screenshot,
  type Method,
  type Owner,
  useBrowser,
} from './support';

const b = useBrowser();

async function api<T>(o: Owner, method: Method, path: string, body?: unknown): Promise<T> {
  const a = await apiCall(b.baseUrl, o.token, method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

/** An owner with a department, an employee, a punch edited once, and enough other entries for two pages. */
async function ownerWithHistory(prefix: string, employeeName: string) {
  const o = await registerOwner(b.baseUrl, prefix);
  const dep = await api<{ data: { id: number } }>(o, 'POST', '/departments', { dp_name: 'Warehouse' });
  const emp = await api<{ data: { id: number } }>(o, 'POST', '/employees', {
    name: employeeName,
    department_id: dep.data.id,
    employee_id: 'W1',
  });
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const punch = await api<{ data: { id: number } }>(o, 'POST', '/api/manual-punches', {
    employee_id: emp.data.id,
    date: day,
    time_in: '09:00',
    time_out: '17:00',
  });
  await api(o, 'PUT', `/api/manual-punches/${punch.data.id}`, {
    employee_id: emp.data.id,
    date: day,
    time_in: '09:00',
    time_out: '16:00',
  });
  for (let i = 0; i < 26; i++) await api(o, 'POST', '/departments', { dp_name: `Bay ${i}` });
  return o;
}

describe('activity logs', () => {
  it('pages, filters and exports the account log, and shows a punch edit with its old and new values', async () => {
    const owner = await ownerWithHistory('logs', 'Kim Forklift');
    const other = await ownerWithHistory('logs2', 'Pat Elsewhere');
    const { page, context } = await b.newPage({
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Settings');
    await page.getByRole('link', { name: 'Activity Logs' }).click();
    await page.waitForURL(/\/ActivityLogs$/);

    const table = page.getByTestId('activity-logs');
    await table.getByText('Department created').first().waitFor();
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByText(/^Page 1 of 2 · \d+ entries$/).waitFor();
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    await screenshot(page, 'activity-logs');
    await next.click();
    await page.getByText(/^Page 2 of 2/).waitFor();
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(false);
    // Nothing of the other account, on any page.
    expect(await page.getByText('Pat Elsewhere').count()).toBe(0);

    // Filter by action: Apply Filters goes back to page 1 and shows the edit, old → new.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Punch edited', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText(/^Page 1 of 1 · 1 entries$/).waitFor();
    // The filtered rows, not the last page's dimmed ones (they stay while the new ones load).
    await page.locator('[data-testid="activity-logs"][aria-busy="false"]').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByText('Time out: 5:00 PM → 4:00 PM', { exact: true }).waitFor();
    // Details read as names and labels, never raw keys.
    expect(await table.getByText('time_out:').count()).toBe(0);
    await table.getByText('Kim Forklift (W1)').waitFor();
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);

    // The export carries what the filters select.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('activity_logs.csv');
    // The file keeps the server's UTF-8 byte-order mark (Excel's cue for the encoding) through the browser's download.
    expect(
      readFileSync(await download.path())
        .subarray(0, 3)
        .toString('hex'),
    ).toBe('efbbbf');
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    await page.getByText(messages.export.csvDone, { exact: true }).first().waitFor();
    // The account's zone and formats (UTC, MM/DD/YY, 12 hours by default), then one column per detail.
    expect(csv[0]).toBe(
      'ID,Date,Time,Time zone,Action,Description,User,Employee ID,Employee,Time out,Rounded time out,Hours',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^\d+,\d{2}\/\d{2}\/\d{2},\d{1,2}:\d{2} [AP]M,UTC,punch\.updated,Punch edited,/);
    expect(csv[1]).toContain('Kim Forklift');
    expect(csv[1]).toContain('17:00 → 16:00');
    expect(csv.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(csv.join('\n')).not.toContain('{');
    await keepShot(page, {
      path: `/tmp/polish-activity-1280-${process.env.E2E_DIALECT}.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepShot(page, {
      path: `/tmp/polish-activity-390-${process.env.E2E_DIALECT}.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A punch added by hand names its employee.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Punch added by hand', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await table.getByText('Employee: Kim Forklift (W1)', { exact: true }).waitFor();

    // Days with nothing in them: the empty row and the toast.
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Start Date').fill(future);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText(messages.general.noLogsRow, { exact: true }).waitFor();
    await page.getByText(messages.general.noLogs, { exact: true }).first().waitFor();

    // An end before the start is stopped in the form; the server refuses it too.
    await page.getByLabel('End Date').fill('2020-01-01');
    await page.getByText('End date must be on or after the start date.').waitFor();
    const refused = await apiCall(
      b.baseUrl,
      owner.token,
      'GET',
      `/api/activity-logs?start_date=${future}&end_date=2020-01-01`,
    );
    expect(refused.status).toBe(400);
    // The other account's token sees only its own log.
    const theirs = await apiCall(b.baseUrl, other.token, 'GET', '/api/activity-logs?action=punch.updated');
    expect(JSON.stringify(theirs.body)).not.toContain('Kim Forklift');
    await context.close();
  });
});
