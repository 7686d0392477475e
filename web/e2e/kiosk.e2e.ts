import { STORAGE_KEYS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, logIn, registerOwner, screenshot, useBrowser } from './support';

const b = useBrowser();

describe('kiosk', () => {
  it('pairing this browser signs the manager out, and nothing at /Station leads to a manager page', async () => {
    const owner = await registerOwner(b.baseUrl, 'kiosk');
    const { page, context } = await b.newPage();
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/HomeSecond$/);
    const managerToken = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    expect(managerToken).toBeTruthy();

    await page.goto('/Device');
    await page.getByRole('button', { name: 'Add station' }).click();
    await page.getByLabel('Station name').fill('Lobby kiosk');
    // The code choice says nothing about signing out; "This browser" says it before anything happens.
    expect(await page.getByTestId('kiosk-notice').count()).toBe(0);
    await page.getByLabel('This browser').check();
    await page.getByTestId('kiosk-notice').getByText('You will be signed out of this browser').waitFor();
    await screenshot(page, 'kiosk-notice');
    await page.getByRole('button', { name: 'Sign out and add station' }).click();
    await page.waitForURL(/\/Station$/);
    await page.getByText('Lobby kiosk').first().waitFor();
    await page.getByLabel('Employee ID').waitFor();

    // The browser keeps the station's token and nothing of the manager's session, which the server revoked.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.stationToken).toBeTruthy();
    for (const key of Object.values(STORAGE_KEYS)) expect(stored[key], key).toBeUndefined();
    expect((await apiCall(b.baseUrl, managerToken, 'GET', '/api/get-user')).status).toBe(401);

    // Full screen, no way out: no top bar, no footer, no menu, not one link.
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.locator('a, [role="link"], [role="menu"], [role="menuitem"]').count()).toBe(0);
    for (const label of ['Login', 'Logout', 'Home', 'Employees', 'Settings', 'Dashboard', 'Pricing']) {
      expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
    }
    await screenshot(page, 'kiosk');

    // Typing a manager page's address at the kiosk asks for a login.
    for (const path of ['/Employee', '/HomeSecond', '/Settings', '/Device']) {
      await page.goto(path);
      await page.waitForURL(/\/Login$/);
      await page.getByRole('button', { name: 'Login' }).waitFor();
    }
    // The station stays paired for the next employee.
    await page.goto('/Station');
    await page.getByText('Lobby kiosk').first().waitFor();
    await page.getByLabel('Employee ID').waitFor();
    await context.close();
  });
});
