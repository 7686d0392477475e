import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { apiCall, registerOwner, screenshot, signInAsManager, useBrowser } from './support';

/** Settings → Administrators and Upgrade Account on a new account: its real administrators, and a plan change. */
const b = useBrowser();

describe('administrators and plans', () => {
  it('a Basic account cannot add a second administrator; after switching to Pro it can, and removes them again', async () => {
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
    const invitee = { name: 'Jordan Second', email: `jordan${Date.now()}@example.com` };
    const invite = async () => {
      await page.getByRole('button', { name: 'Invite administrator' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite administrator' });
      await dialog.getByLabel('Name').fill(invitee.name);
      await dialog.getByLabel('Email').fill(invitee.email);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      return dialog;
    };
    // Every seat is used: the page says so instead of opening a form the server refuses (it does refuse).
    await page.getByText(messages.account.seatsFull('Basic Plan', 1)).waitFor();
    expect(await page.getByRole('button', { name: 'Invite administrator' }).isDisabled()).toBe(true);
    const refused = await apiCall(b.baseUrl, owner.token, 'POST', '/api/administrators', invitee);
    expect(refused).toMatchObject({
      status: 422,
      body: { message: messages.account.seatsFull('Basic Plan', 1) },
    });
    await screenshot(page, 'administrators-seats-full');

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

    // On Pro the same invitation goes out, and the new administrator is listed.
    await page.goto('/Administrator');
    await page.getByText('1 of 5 administrator seats used on your plan.').waitFor();
    await invite();
    await page.getByText(messages.account.adminInvited(invitee.email)).first().waitFor();
    await page.getByRole('row', { name: new RegExp(invitee.name) }).waitFor();
    await page.getByText('2 of 5 administrator seats used on your plan.').waitFor();
    await screenshot(page, 'administrators');
    await page.getByRole('button', { name: `Remove ${invitee.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove administrator?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText(messages.account.adminRemoved).first().waitFor();
    await page.getByText('1 of 5 administrator seats used on your plan.').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/PricingUser');
    await page.getByTestId('plan-pro').getByText('Your plan').waitFor();
    await screenshot(page, 'pricing-user-narrow');
  });
});
