import { AUDIT_TEXT } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, registerOwner, screenshot, signInAsManager, useBrowser } from './support';

const b = useBrowser();

describe('audit ledger', () => {
  it('shows the ledger intact on Activity Logs, at 1280 and at 320 px wide', async () => {
    const o = await registerOwner(b.baseUrl, 'ledger');
    const dep = await apiCall(b.baseUrl, o.token, 'POST', '/departments', { dp_name: 'Dock' });
    const emp = await apiCall(b.baseUrl, o.token, 'POST', '/employees', {
      name: 'Lee Ledger',
      department_id: (dep.body as { data: { id: number } }).data.id,
      employee_id: 'L1',
    });
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const punch = await apiCall(b.baseUrl, o.token, 'POST', '/api/manual-punches', {
      employee_id: (emp.body as { data: { id: number } }).data.id,
      date: day,
      time_in: '09:00',
      time_out: '17:00',
    });
    expect(punch.status).toBe(201);
    const { page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, o);
    await page.goto('/ActivityLogs');
    const state = page.getByTestId('audit-ledger');
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toContain(AUDIT_TEXT.ok);
    expect(await state.textContent()).toMatch(/\d+ entries · head [0-9a-f]{16}…/);
    await screenshot(page, 'audit-ledger-1280', { always: true });
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => state.isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'audit-ledger-320', { always: true });
  });
});
