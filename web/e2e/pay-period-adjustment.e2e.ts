import { adjustmentMessages, messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { lastWeekDay, registerOwner, screenshot, signInAsManager, typedApi, useBrowser } from './support';

const b = useBrowser();
const api = typedApi(() => b.baseUrl);

/**
 * A locked week is corrected by an adjustment, not an edit (docs/RULES.md#adjustments): the manager approves last
 * week, an edit of its punch and a new punch into it are refused with the period's message, an adjustment of 1.5 h is recorded for its Monday and
 * shows in the list (paid today at $20.00 an hour: $30.00) and in this week's Payroll Summary; the week is then
 * reopened, which asks for a reason first.
 */
describe('approve, refuse, adjust, reopen', () => {
  it('corrects an approved week with an adjustment and reopens it with a reason', async () => {
    const owner = await registerOwner(b.baseUrl, 'adjust');
    expect(
      (
        await api(owner.token, 'PUT', '/api/pay-periods/settings', {
          frequency: 'weekly',
          anchor_date: '2024-01-01',
        })
      ).status,
    ).toBe(200);
    const dept = await api<{ data: { id: number } }>(owner.token, 'POST', '/departments', {
      dp_name: 'Floor',
    });
    const emp = await api<{ data: { id: number } }>(owner.token, 'POST', '/employees', {
      name: 'Abe Adjust',
      department_id: dept.body.data.id,
      employee_id: `A${Date.now().toString(36)}`,
      hourly_rate: '20.00',
    });
    expect(emp.status).toBe(201);
    const monday = lastWeekDay(0);
    const sunday = lastWeekDay(6);
    const shift = {
      employee_id: emp.body.data.id,
      date: monday,
      time_in: '09:00',
      time_out: '17:00',
      type: 'None',
      deduction: 'Manual',
      notes: '',
    };
    const punch = await api<{ data: { id: number } }>(owner.token, 'POST', '/api/manual-punches', shift);
    expect(punch.status).toBe(201);

    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 1000 } });
    await signInAsManager(page, owner);
    await page.goto('/PayPeriods');
    const row = page.getByRole('row').filter({ hasText: `${monday} to ${sunday}` });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();

    // Editing the approved Monday's punch is refused with the period's message; its row shows the lock, no Edit.
    const edit = await api<{ message: string; code: string }>(
      owner.token,
      'PUT',
      `/api/manual-punches/${punch.body.data.id}`,
      { ...shift, time_out: '18:00' },
    );
    expect(edit).toMatchObject({
      status: 423,
      body: { code: 'period.locked', message: messages.payPeriods.locked(monday, sunday) },
    });
    await page.goto(`/Employee/${emp.body.data.id}`);
    const locked = page.getByRole('row').filter({ hasText: `${monday.slice(5, 7)}/${monday.slice(8, 10)}/` });
    await locked.getByRole('img', { name: messages.punches.lockedHint }).waitFor();
    expect(await locked.getByRole('button', { name: /Edit punch/ }).count()).toBe(0);

    // A punch into the approved week is refused, and the form says why.
    await page.goto(`/ManualPunch/${emp.body.data.id}`);
    await page.getByLabel('Date').fill(lastWeekDay(2));
    await page.getByLabel('Time In').fill('09:00');
    await page.getByLabel('Time Out').fill('10:00');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').getByText(messages.payPeriods.locked(monday, sunday)).waitFor();

    // The adjustment: the form checks first, then the server records it.
    await page.goto('/PayPeriods');
    await row.getByRole('button', { name: 'Adjust' }).click();
    const dialog = page.getByRole('dialog', { name: adjustmentMessages.addButton });
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await dialog.getByText('Employee is required.').waitFor();
    await dialog
      .getByRole('combobox', { name: 'Employee' })
      .or(dialog.getByLabel('Employee'))
      .first()
      .fill('Abe');
    await page.getByRole('option', { name: /Abe Adjust/ }).click();
    await dialog.getByLabel('Day it corrects').fill(monday);
    await dialog.getByLabel('Hours').fill('1.5');
    await dialog.getByLabel('Note').fill('Stock count after closing, not punched');
    await screenshot(page, 'adjustment-form');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const line = page.getByRole('row').filter({ hasText: adjustmentMessages.label(monday) });
    await line.getByText('$30.00').waitFor();
    await line.getByText('1.50').waitFor();
    await screenshot(page, 'adjustment-listed');

    // This week's Payroll Summary pays it: $30.00 in Adjustments and in Gross Pay.
    const today = new Date().toISOString().slice(0, 10);
    const payroll = await api<{ data: { name: string; adjustments: number; gross: number }[] }>(
      owner.token,
      'POST',
      '/getdata',
      { reportname: 'Payroll Summary', start_date: lastWeekDay(7), end_date: lastWeekDay(13) },
    );
    expect(payroll.body.data.find((r) => r.name === 'Abe Adjust')).toMatchObject({
      adjustments: 3000,
      gross: 3000,
    });
    expect(today >= lastWeekDay(7)).toBe(true);

    // Reopening asks for a reason, then opens the week again.
    await row.getByRole('button', { name: 'Reopen' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen pay period' });
    await reopen.getByLabel('Reason').waitFor();
    // Once, in a fresh check running both databases' journeys side by side, the first click landed while the
    // dialog was still opening and nothing answered it (not reproduced alone: 3 runs of 3 passed): click again
    // until the refusal shows, at most 3 times.
    const refusal = reopen.getByText('Reason is required.');
    for (let attempt = 0; attempt < 3 && !(await refusal.isVisible()); attempt++) {
      await reopen.getByRole('button', { name: 'Reopen' }).click();
      await refusal.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await refusal.waitFor();
    await reopen.getByLabel('Reason').fill('Monday was missing the stock count');
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await reopen.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Approve' }).waitFor();
    await screenshot(page, 'adjustment-reopened');
    const logs = await api<{ data: { action: string; details: unknown }[] }>(
      owner.token,
      'GET',
      '/api/activity-logs?limit=20',
    );
    expect(JSON.stringify(logs.body)).toContain('Monday was missing the stock count');
    await context.close();
  });
});
