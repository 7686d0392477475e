import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/src/db/database';
import { apiCall, registerOwner, screenshot, useBrowser } from './support';

const b = useBrowser([], { serviceWorkers: true });

/** The health screening's answers as the server stored them with each punch of these employee codes. */
async function screenedPunches(codes: string[]) {
  const db = createDatabase(inject('databaseUrl'));
  const query = db
    .selectFrom('punches')
    .innerJoin('employees', 'employees.id', 'punches.employee_ref')
    .select(['employees.employee_id', 'punches.screening'])
    .where('employees.employee_id', 'in', codes);
  return query.execute().finally(() => db.destroy());
}

/** Clocks `code` in at the station, answering the screening's three questions "No". */
async function clockInScreened(page: Page, code: string, shot?: string) {
  const field = page.getByLabel('Employee ID');
  await field.fill(code);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Clock In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Health screening' });
  await dialog.waitFor();
  if (shot) await screenshot(page, shot);
  for (const group of await dialog.getByRole('radiogroup').all())
    await group.getByRole('radio', { name: 'No' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// The screening dialog is not part of the station's first load (web/src/station/ClockPanel.tsx loads it when the
// account asks it, docs/PERFORMANCE.md): it must still open at a clock-in, online and on a station started offline
// (the service worker precaches it).
describe('time station with the health screening on', () => {
  it('asks the screening at a clock-in, online and started offline, and each punch reaches the server once', async () => {
    const owner = await registerOwner(b.baseUrl, 'screen');
    const saved = await apiCall(b.baseUrl, owner.token, 'POST', '/settings', {
      enable_covid_screening: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dept = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: 'Front' });
    const deptId = (dept.body as { data: { id: number } }).data.id;
    const stamp = Date.now().toString(36).toUpperCase();
    const codes = [`S${stamp}A`, `S${stamp}B`];
    for (const [i, code] of codes.entries()) {
      const emp = await apiCall(b.baseUrl, owner.token, 'POST', '/employees', {
        name: `Screened ${i + 1}`,
        employee_id: code,
        department_id: deptId,
        permission_app: 1,
      });
      expect(emp.status, JSON.stringify(emp.body)).toBe(201);
    }
    const station = await apiCall(b.baseUrl, owner.token, 'POST', '/api/stations', {
      name: 'Screening door',
      pair: 'this-browser',
    });
    const stationToken = (station.body as { token: string }).token;

    const { page, context } = await b.newPage({ viewport: { width: 800, height: 1000 } });
    try {
      // Paired the way the station keeps it (web/src/station/station-session.ts).
      await page.goto('/Login');
      await page.evaluate(
        ([token]) => {
          localStorage.setItem('stationToken', token);
          localStorage.setItem('stationName', 'Screening door');
        },
        [stationToken],
      );
      await page.goto('/Station');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      await page.getByText(/^Last synced: (?!never)/).waitFor();

      await clockInScreened(page, codes[0]);
      await page.getByTestId('punch-time').waitFor();
      await screenshot(page, 'station-screened-online');

      await context.setOffline(true);
      await page.reload();
      await page.getByLabel('Employee ID').waitFor();
      await clockInScreened(page, codes[1], 'station-screening-offline');
      await page.getByText('1 punch waiting to sync').waitFor();
      await screenshot(page, 'station-screened-offline');

      await context.setOffline(false);
      await page.getByText('All punches sent').waitFor({ timeout: 40_000 });
      const punches = await screenedPunches(codes);
      expect(punches.map((p) => p.employee_id).sort()).toEqual([...codes].sort());
      for (const p of punches) {
        const answers = JSON.parse(p.screening ?? '{}') as Record<string, string>;
        expect(Object.values(answers)).toEqual(['No', 'No', 'No']);
      }
    } finally {
      await context.close();
    }
  });
});
