import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { logIn, passwordLinkFor, screenshot, uniqueUser, useBrowser } from './support';

const b = useBrowser();

async function signUpInBrowser(page: Page, u = uniqueUser('owner')) {
  await page.goto('/SignUp');
  await page.getByLabel('Full Name').fill(u.name);
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Email Address').fill(u.email);
  await page.getByLabel('Phone Number').fill(u.phone);
  await page.getByLabel('Date of Birth').fill(u.dob);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm Password').fill(u.password);
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: /sign up/i }).click();
  return u;
}

/** Opens a password link and submits a new password through the set-new-password page. */
async function submitNewPassword(page: Page, url: URL, password: string) {
  await page.goto(url.pathname + url.search);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /reset|update|save|set/i }).click();
}

async function logOutFromManagerMenu(page: Page) {
  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByText(messages.logout.success).waitFor();
  await page.waitForURL(/\/login$/i);
}

describe('sign up, log out, log in', () => {
  it('signs up with every field, lands on /HomeSecond, logs out and back in', async () => {
    const { page, context } = await b.newPage();
    const u = await signUpInBrowser(page);
    await page.getByText(messages.registration.success).waitFor();
    await screenshot(page, 'signup-success');
    await page.waitForURL(/\/HomeSecond$/);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home-second');

    await logOutFromManagerMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await logIn(page, u.email, 'not the password');
    await page.getByText('Invalid email or password.').waitFor();
    expect(page.url()).toMatch(/\/Login$/i);

    await logIn(page, u.email, u.password);
    await page.getByText(messages.login.success).waitFor();
    await page.waitForURL(/\/HomeSecond$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
      userId: localStorage.getItem('user_id'),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user as string)).toMatchObject({ user_type: 'user', email: u.email });

    // A manager is kept out of the employee area, and the login page sends a logged-in manager home.
    await page.goto('/HomeUser');
    await page.waitForURL(/\/Employee$/);
    await page.goto('/Login');
    await page.waitForURL(/\/HomeSecond$/);
    await context.close();
  });

  it('shows the sign-up rules before calling the server', async () => {
    const { page, context } = await b.newPage();
    const u = uniqueUser('rules');
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill(u.name);
    await page.getByLabel('Username').fill(u.username);
    await page.getByLabel('Email Address').fill(u.email);
    await page.getByLabel('Phone Number').fill(u.phone);
    await page.getByLabel('Date of Birth').fill(u.dob);
    await page.getByLabel('Password', { exact: true }).fill(u.password);
    await page.getByLabel('Confirm Password').fill('something else 1');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: /sign up/i }).click();
    await page.getByText(messages.registration.passwordsMismatch).first().waitFor();
    await page.getByLabel('Confirm Password').fill(u.password);
    await page.getByLabel('I agree to the terms and conditions').uncheck();
    await page.getByRole('button', { name: /sign up/i }).click();
    await page.getByText(messages.registration.termsRequired).first().waitFor();
    expect(page.url()).toMatch(/\/signup$/i);
    await context.close();
  });

  it('lands an employee login on /HomeUser and keeps it out of the manager area', async () => {
    const { page, context } = await b.newPage();
    await logIn(page, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeUser$/);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(user).toMatchObject({ user_type: 'employee', email: DEMO_EMPLOYEE_EMAIL });
    expect(await page.evaluate(() => localStorage.getItem('employee_id'))).toBe('E1001');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'home-user');
    await page.goto('/Employee');
    await page.waitForURL(/\/HomeUser$/);
    await context.close();
  });

  it('sends a visitor without a session from a guarded page to /Login', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/Employee');
    await page.waitForURL(/\/Login$/i);
    await page.goto('/HomeUser');
    await page.waitForURL(/\/login$/i);
    await context.close();
  });
});

describe('forgot and reset password', () => {
  it('mails a link that sets a new password once; edited links fail', async () => {
    const { page, context } = await b.newPage();
    const u = await signUpInBrowser(page);
    await page.waitForURL(/\/HomeSecond$/);
    await page.evaluate(() => localStorage.clear());

    await page.goto('/ForgetPassword');
    await page.getByLabel('Email').fill(u.email);
    await page.getByRole('button', { name: /send|reset/i }).click();
    await page.getByText(messages.passwords.forgotSent).waitFor();
    await page.waitForURL(/\/login$/i);
    const link = new URL(await passwordLinkFor(b.dataDir, u.email));

    // An edited e-mail or expiry breaks the signature.
    for (const [key, value] of [
      ['email', `x${u.email}`],
      ['expires', String(Number(link.searchParams.get('expires')) + 3600)],
    ]) {
      const edited = new URL(link);
      edited.searchParams.set(key, value);
      await submitNewPassword(page, edited, 'second password 2');
      await page.getByText(messages.passwords.linkInvalid).first().waitFor();
    }

    await page.goto(link.pathname + link.search);
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(u.email);
    expect(await emailField.isEditable()).toBe(false);
    await page.getByLabel('New Password').fill('second password 2');
    await page.getByLabel('Confirm Password').fill('second password 2');
    await page.getByRole('button', { name: /reset|update|save|set/i }).click();
    await page.getByText(messages.passwords.resetSuccessRedirect).waitFor();
    await screenshot(page, 'reset-success');
    await page.waitForURL(/\/login$/i, { timeout: 10_000 });

    await logIn(page, u.email, 'second password 2');
    await page.waitForURL(/\/HomeSecond$/);
    await page.evaluate(() => localStorage.clear());

    await submitNewPassword(page, link, 'third password 3');
    await page.getByText(messages.passwords.linkUsed).first().waitFor();
    await context.close();
  });
});

describe('change password', () => {
  it("shows each rule's message, then changes the password", async () => {
    const { page, context } = await b.newPage();
    const u = await signUpInBrowser(page);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Account_Setting');
    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel('Current Password').fill(current);
      await page.getByLabel('New Password', { exact: true }).fill(next);
      await page.getByLabel('Confirm New Password').fill(confirm);
      await page.getByRole('button', { name: /change password/i }).click();
    };
    await fill(u.password, 'short', 'short');
    await page.getByText(messages.passwords.tooShort).first().waitFor();
    await fill(u.password, 'a new password 1', 'another password 2');
    await page.getByText(messages.passwords.newMismatch).first().waitFor();
    await fill('wrong current 1', 'a new password 1', 'a new password 1');
    await page.getByText(messages.passwords.currentWrong).first().waitFor();
    await screenshot(page, 'change-password-errors');
    await fill(u.password, 'a new password 1', 'a new password 1');
    await page.getByText(messages.passwords.changed).first().waitFor();

    await page.evaluate(() => localStorage.clear());
    await logIn(page, u.email, 'a new password 1');
    await page.waitForURL(/\/HomeSecond$/);
    await context.close();
  });
});
