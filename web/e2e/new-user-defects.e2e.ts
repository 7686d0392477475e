import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import {
  apiCall,
  logIn,
  type Owner,
  registerOwner,
  screenshot,
  signInAsManager,
  useBrowser,
} from './support';

/**
 * What a new user found on a first try of the product, each seen on screen: the Employees Status filter, the
 * employee list on a phone, the name in the top bar, the QR page, and inviting an administrator with no seat
 * left. The demo company is only read here; what needs a known state gets an account of its own.
 */
const b = useBrowser();

/** A successful call's body; anything else fails the journey with the server's answer. */
async function api<T>(token: string, path: string, body?: unknown, auth = 'Bearer'): Promise<T> {
  const res = await fetch(new URL(path, b.baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `${auth} ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A new account with one employee clocked in at a time station and one who is out. */
async function companyWithOneIn(): Promise<{ owner: Owner; inName: string; outName: string }> {
  const owner = await registerOwner(b.baseUrl, 'status');
  const dept = await api<{ data: { id: number } }>(owner.token, '/departments', { dp_name: 'Floor' });
  const hire = (name: string, employee_id: string) =>
    api(owner.token, '/employees', { name, employee_id, department_id: dept.data.id, permission_app: 1 });
  await hire('Ines Present', 'IN-1');
  await hire('Otto Absent', 'OUT-1');
  const station = await api<{ token: string }>(owner.token, '/api/stations', {
    name: 'Door',
    pair: 'this-browser',
  });
  await api(station.token, '/api/clock-in', { employee_id: 'IN-1' }, 'Station');
  return { owner, inName: 'Ines Present', outName: 'Otto Absent' };
}

const statusRadio = (page: Page, name: 'All' | 'In' | 'Out') =>
  page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name, exact: true });

/**
 * The names of the employee list that the browser split inside a word: every word of a name must lie on one
 * line (one box). Names wrapping between words are fine.
 */
function namesSplitInsideWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href^="/Employee/"]'));
    const shown = links.filter((a) => a.getClientRects().length > 0);
    return shown.flatMap((a) => {
      const text = a.firstChild;
      if (!(text instanceof Text)) return [];
      const split = [...text.data.matchAll(/\S+/g)].some((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        return range.getClientRects().length > 1;
      });
      return split ? [text.data] : [];
    });
  });
}

/** The signed-in user's profile as the server has it. */
async function profileOf(email: string) {
  const login = await apiCall(b.baseUrl, null, 'POST', '/api/login', { email, password: DEMO_PASSWORD });
  const token = (login.body as { access_token: string }).access_token;
  return (await api<{ user: { name: string; username: string } }>(token, '/api/get-user')).user;
}

describe('what a new user found', () => {
  it('the Status filter reads All and lists the In and the Out employee; after Clear Search it still does', async () => {
    const { owner, inName, outName } = await companyWithOneIn();
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    await page.goto('/Employee');
    const list = page.getByTestId('employee-list');
    await list.getByText(inName).waitFor();
    await list.getByText(outName).waitFor();
    expect(await statusRadio(page, 'All').isChecked()).toBe(true);
    expect(await statusRadio(page, 'Out').isChecked()).toBe(false);
    await screenshot(page, 'new-user-status-all');

    // Another status searched, then cleared: back to All and the whole list.
    await statusRadio(page, 'In').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('search-count').getByText('Found 1 employees').waitFor();
    expect(await list.getByText(outName).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.getByText('Search Results').waitFor({ state: 'detached' });
    expect(await statusRadio(page, 'All').isChecked()).toBe(true);
    await list.getByText(inName).waitFor();
    await list.getByText(outName).waitFor();

    // Searching with the panel as it stands gives what it shows: both.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('search-count').getByText('Found 2 employees').waitFor();
    await context.close();
  });

  it('on a 390 px phone the employees list is cards, and on no screen is a name split inside a word', async () => {
    const { page, context } = await b.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Employee');
    await page.locator('main a[href^="/Employee/"]').first().waitFor();
    expect(await namesSplitInsideWords(page)).toEqual([]);
    const cards = page.getByTestId('employee-cards');
    await cards.waitFor();
    expect(await cards.locator('[data-testid^="employee-card-"]').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('employee-list').count()).toBe(0);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'new-user-employee-cards-390');

    // On a tablet the table is back; it scrolls sideways rather than squeezing names apart.
    await page.setViewportSize({ width: 900, height: 844 });
    await page.getByTestId('employee-list').waitFor();
    expect(await namesSplitInsideWords(page)).toEqual([]);
    await screenshot(page, 'new-user-employee-table-900');
    await context.close();
  });

  it("the top bar shows the manager's name and the employee's, not their usernames", async () => {
    const manager = await profileOf(DEMO_EMAIL);
    expect(manager.name).not.toBe(manager.username);
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    const menu = page.getByRole('button', { name: /Open profile menu/ });
    await expect.poll(() => menu.innerText(), { timeout: 15_000 }).toContain(manager.name);
    expect(await menu.innerText()).not.toContain(manager.username);
    await screenshot(page, 'new-user-manager-name');
    await context.close();

    const employee = await profileOf(DEMO_EMPLOYEE_EMAIL);
    const other = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(other.page, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD);
    await other.page.waitForURL(/\/HomeUser$/);
    await expect
      .poll(() => other.page.getByRole('button', { name: /Open profile menu/ }).innerText(), {
        timeout: 15_000,
      })
      .toContain(employee.name);
    await other.context.close();
  });

  it("the employee's QR page shows the card's QR at once, without a click", async () => {
    const { page, context } = await b.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeUser$/);
    await page.goto('/EmployeeQR');
    const qr = page.getByTestId('badge-qr');
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Generate QR Code' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Download' }).waitFor();
    await screenshot(page, 'new-user-qr-390');
    await context.close();
  });

  it('with every administrator seat used, Invite administrator is disabled and says why, with Upgrade Account', async () => {
    const owner = await registerOwner(b.baseUrl, 'seats');
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    await page.goto('/Administrator');
    await page.getByText('1 of 1 administrator seats used on your plan.').waitFor();
    const invite = page.getByRole('button', { name: 'Invite administrator' });
    const why = page.getByText(messages.account.seatsFull('Basic Plan', 1));
    await why.waitFor();
    expect(await invite.isDisabled()).toBe(true);
    // The disabled button points to the notice that says why; the notice leads to Upgrade Account.
    const notice = page.locator(`[id="${await invite.getAttribute('aria-describedby')}"]`);
    expect(await notice.innerText()).toContain(messages.account.seatsFull('Basic Plan', 1));
    await screenshot(page, 'new-user-seats-full');
    await notice.getByRole('link', { name: 'Upgrade Account' }).click();
    await page.waitForURL(/\/PricingUser$/);
    await context.close();
  });
});
