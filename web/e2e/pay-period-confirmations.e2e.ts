import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import {
  lastWeekDay,
  typedApi,
  logIn,
  passwordLinkFor,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
} from './support';

const b = useBrowser();
const api = typedApi(() => b.baseUrl);

const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;

/**
 * Timesheet confirmations and the lock on screen (docs/RULES.md#pay-periods): an employee confirms last week
 * from their home page, the approver sees who confirmed on Pay Periods and approves; the week's punches then
 * carry the lock, with no Edit, and a manual punch into the week is refused with the period's message in the form.
 */
describe('timesheet confirmations and locked punches', () => {
  it('an employee confirms, the approver sees it and approves, the punches lock', async () => {
    const owner = await registerOwner(b.baseUrl, 'confirm');
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
    const email = `cora${Date.now().toString(36)}@example.com`;
    const emp = await api<{ data: { id: number } }>(owner.token, 'POST', '/employees', {
      name: 'Cora Confirm',
      department_id: dept.body.data.id,
      employee_id: `C${Date.now().toString(36)}`,
      email,
      permission_site: true,
      edit_time_entries: true,
      create_time_entries: true,
    });
    expect(emp.status).toBe(201);
    const link = Object.fromEntries(new URL(await passwordLinkFor(b.dataDir, email)).searchParams);
    const password = 'cora password 1';
    expect(
      (await api(null, 'POST', '/password-update', { ...link, password, password_confirmation: password }))
        .status,
    ).toBe(200);
    for (const [day, from, to] of [
      [lastWeekDay(0), '09:00', '17:30'],
      [lastWeekDay(1), '08:00', '12:15'],
    ])
      expect(
        (
          await api(owner.token, 'POST', '/api/manual-punches', {
            employee_id: emp.body.data.id,
            date: day,
            time_in: from,
            time_out: to,
            type: 'None',
            deduction: 'Auto',
            notes: '',
          })
        ).status,
      ).toBe(201);
    expect(
      (await api(owner.token, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }))
        .status,
    ).toBe(200);

    // The employee confirms last week from their home page.
    const worker = await b.newPage({ viewport: { width: 1280, height: 1000 } });
    await logIn(worker.page, email, password);
    await worker.page.waitForURL(/\/HomeUser$/);
    const card = worker.page.getByTestId('timesheet-card');
    await card.getByText('Total worked: 12.75 h').waitFor();
    await screenshot(worker.page, 'confirm-home-before');
    await card.getByRole('button', { name: messages.confirmations.confirmButton }).click();
    await card.getByText(/^Confirmed /).waitFor();

    // The approver sees who confirmed, and approves.
    const manager = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(manager.page, owner);
    await manager.page.goto('/PayPeriods');
    const row = manager.page.getByRole('row').filter({ hasText: `${lastWeekDay(0)} to ${lastWeekDay(6)}` });
    await row.getByText('1 confirmed').waitFor();
    await row.getByText('Cora Confirm').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await manager.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    await screenshot(manager.page, 'confirm-pay-periods');

    // The week's punches carry the lock, with no Edit, on the manager's employee page.
    await manager.page.goto(`/Employee/${emp.body.data.id}`);
    const locked = manager.page.getByRole('row').filter({ hasText: shown(lastWeekDay(0)) });
    await locked.getByRole('img', { name: messages.punches.lockedHint }).waitFor();
    expect(await locked.getByRole('button', { name: /Edit punch/ }).count()).toBe(0);
    await screenshot(manager.page, 'confirm-locked-punches');

    // A manual punch into the week is refused with the period's message, in the form.
    await manager.page.goto(`/ManualPunch/${emp.body.data.id}`);
    await manager.page.getByLabel('Date').fill(lastWeekDay(2));
    await manager.page.getByLabel('Time In').fill('09:00');
    await manager.page.getByLabel('Time Out').fill('10:00');
    await manager.page.getByRole('button', { name: 'Submit' }).click();
    const alert = manager.page.getByRole('alert').filter({ hasText: 'Pay period locked' });
    await alert.getByText(messages.payPeriods.locked(lastWeekDay(0), lastWeekDay(6))).waitFor();
    await screenshot(manager.page, 'confirm-locked-refusal');

    // A report over the week shows the lock beside its days.
    await manager.page.goto('/RunReport?report=Daily+Summary');
    await manager.page.getByLabel('Start Date').fill(lastWeekDay(0));
    await manager.page.getByLabel('End Date').fill(lastWeekDay(6));
    await manager.page.getByRole('button', { name: 'Run', exact: true }).click();
    await manager.page
      .getByTestId('report-results')
      .locator('tbody tr')
      .filter({ hasText: 'Cora Confirm' })
      .first()
      .getByRole('img', { name: messages.punches.lockedHint })
      .waitFor();
    await screenshot(manager.page, 'confirm-locked-report');

    // The employee's own punch list shows the lock too.
    await worker.page.goto('/ActivityUser');
    await worker.page
      .getByRole('row')
      .filter({ hasText: shown(lastWeekDay(1)) })
      .getByRole('img', { name: messages.punches.lockedHint })
      .waitFor();
    await screenshot(worker.page, 'confirm-own-punches');
    await worker.page.goto('/HomeUser');
    await worker.page.getByTestId('timesheet-card').getByText('Approved').waitFor();
    await screenshot(worker.page, 'confirm-home-after');
    await Promise.all([worker.context.close(), manager.context.close()]);
  });
});
