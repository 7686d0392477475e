import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, registerOwner, screenshot, signInAsManager, useBrowser } from './support';

/** Settings → Administrators and Upgrade Account on a new account: its real administrators, and a plan change. */
const b = useBrowser();

describe('administrators and plans', () => {
  it('lists the owner as the one administrator, then switches the plan to Pro after a confirm', async () => {
    const owner = await registerOwner(b.baseUrl, 'plans');
    const { page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsManager(page, owner);
    await page.goto('/Settings');
    await page.getByRole('link', { name: 'Administrators' }).first().click();
    await page.waitForURL(/\/Administrator$/);
    const row = page.getByRole('row', { name: new RegExp(owner.email) });
    await row.getByText('Owner').waitFor();
    await expect.poll(() => row.innerText()).toMatch(/Full\s+All/);
    await page.getByText('1 of 1 administrator seats used on your plan.').waitFor();
    await screenshot(page, 'administrators');

    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL(/\/PricingUser$/);
    await page.getByText(messages.account.noPayment).first().waitFor();
    await page.getByTestId('plan-basic').getByText('Your plan').waitFor();
    await page.getByRole('button', { name: 'Switch to Pro Plan' }).click();
    await page
      .getByRole('dialog', { name: 'Switch to the Pro Plan?' })
      .getByRole('button', { name: 'Switch to Pro Plan' })
      .click();
    await page.getByText(messages.account.planChanged('Pro Plan')).first().waitFor();
    await page.getByTestId('plan-pro').getByText('Your plan').waitFor();
    await screenshot(page, 'pricing-user');
    const plan = await apiCall(b.baseUrl, owner.token, 'GET', '/api/account/plan');
    expect(plan.body).toMatchObject({ plan: 'pro', seats: 5, administrators: 1 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('plan-pro').getByText('Your plan').waitFor();
    await screenshot(page, 'pricing-user-narrow');
  });
});
