import { API_KEY_MIN_LENGTH, messages } from '@punchclock/contract';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  keepShot,
  logIn,
  passwordLinkFor,
  registerOwner,
  signInAsManager,
  type Owner,
  useBrowser,
} from './support';

const b = useBrowser();

/** The demo company of `npm run demo` (README "The demo"), seeded by the journeys' server. */
const DEMO = { email: 'demo@punchclock.test', password: 'punchclock demo' };
const DEMO_EMPLOYEE = { email: 'employee@punchclock.test', password: 'punchclock demo' };

const dialect = process.env.E2E_DIALECT ?? 'e2e';

/** The page at 1280 px and at 390 px wide, full length, as /tmp/tools-{dialect}-{name}-{width}.png. */
async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    // From the top, so the sticky bar is not drawn over the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await keepShot(page, { path: `/tmp/tools-${dialect}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Page errors and console errors of a page, to be empty at the end of a journey. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** One call of the integration API as another system makes it (curl-style), with only the key. */
async function integration(path: string, key: string, method = 'GET', body?: unknown) {
  const res = await fetch(new URL(path, b.baseUrl), {
    method,
    headers: {
      'X-API-Key': key,
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('manager tools: API keys, FAQs and the Support Center, Download App, setting up employees', () => {
  it('creates an API key, reveals it, calls the integration API with it, renames it, deletes it and sees the call refused', async () => {
    const owner = await registerOwner(b.baseUrl, 'keys');
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = errorsOf(page);
    await signInAsManager(page, owner);

    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL(/\/APIKeys$/);
    await page.getByText('No API keys yet.').waitFor();
    await shots(page, 'apikeys-empty');

    await page.getByRole('link', { name: 'Create API Key' }).first().click();
    await page.waitForURL(/\/CreateApiKey$/);
    const value = page.getByRole('textbox', { name: 'Key Value' });
    const offered = await value.inputValue();
    expect(offered.length).toBeGreaterThanOrEqual(43);
    expect(offered).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    await shots(page, 'create-api-key');

    // A typed value under 32 characters is refused in the form; a missing name too.
    await value.fill('too-short-value');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByText('Key Name is required.').waitFor();
    await page.getByText(`Key Value must be at least ${API_KEY_MIN_LENGTH} characters long.`).waitFor();
    expect(page.url()).toMatch(/\/CreateApiKey$/);

    await page.getByRole('textbox', { name: 'Key Name' }).fill('Payroll sync');
    await page.getByRole('button', { name: 'Generate a new value' }).click();
    const generated = await value.inputValue();
    expect(generated).not.toBe(offered);
    expect(generated).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    // This key may read everything but reports.
    await page.getByRole('checkbox', { name: /Reports/ }).uncheck();
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.waitForURL(/\/APIKeys$/);
    await toast(page, messages.apiKeys.created);

    const row = page.getByRole('row', { name: /Payroll sync/ });
    await row.waitFor();
    const cell = row.locator('code');
    expect(await cell.textContent()).toBe(`${'•'.repeat(12)}${generated.slice(-4)}`);
    await row.getByText('Never').waitFor();
    await row.getByRole('button', { name: 'Reveal Payroll sync' }).click();
    await row.getByRole('button', { name: 'Hide Payroll sync' }).waitFor();
    expect(await cell.textContent()).toBe(generated);
    await shots(page, 'apikeys-revealed');
    await row.getByRole('button', { name: 'Hide Payroll sync' }).click();
    await row.getByRole('button', { name: 'Reveal Payroll sync' }).waitFor();
    expect(await cell.textContent()).not.toContain(generated.slice(0, 10));

    // The integration API, called as another system would, with only the revealed key.
    const departments = await integration('/api/integration/departments', generated);
    expect(departments.status).toBe(200);
    expect(Array.isArray(departments.body.data)).toBe(true);
    const employees = await integration('/api/integration/employees', generated);
    expect(employees.status).toBe(200);
    const punches = await integration(
      '/api/integration/punches?start_date=2026-01-01&end_date=2026-01-31',
      generated,
    );
    expect(punches.status).toBe(200);
    const report = await integration(
      '/api/integration/reports/daily-summary?start_date=2026-01-01&end_date=2026-01-31',
      generated,
    );
    expect(report.status).toBe(403);
    expect(report.body.message).toBe(messages.apiKeys.scopeMissing('reports:read'));
    // It can never write.
    const write = await integration('/departments', generated, 'POST', { dp_name: 'Written by a key' });
    expect(write.status).toBe(401);

    // The page shows the use: Last used is stamped and the scopes are listed.
    await page.reload();
    const used = page.getByRole('row', { name: /Payroll sync/ });
    await used.getByText('Employees', { exact: true }).waitFor();
    expect(await used.getByText('Reports', { exact: true }).count()).toBe(0);
    expect(await used.getByText('Never').count()).toBe(0);

    // Rename: an empty name is blocked with the spec's message, then a new name is saved.
    await used.getByRole('button', { name: 'Edit Payroll sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit API Key' });
    await dialog.getByRole('textbox', { name: 'Key Name' }).fill('   ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(messages.apiKeys.nameEmpty).waitFor();
    await dialog.getByRole('textbox', { name: 'Key Name' }).fill('Payroll sync v2');
    await shots(page, 'apikeys-rename');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, messages.apiKeys.updated);
    const renamed = page.getByRole('row', { name: /Payroll sync v2/ });
    await renamed.waitFor();

    // Delete, with a confirm prompt; the key fails at once.
    await renamed.getByRole('button', { name: 'Delete Payroll sync v2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Payroll sync v2' });
    await confirm.getByText(messages.apiKeys.confirmDelete).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, messages.apiKeys.deleted);
    await page.getByText('No API keys yet.').waitFor();
    const refused = await integration('/api/integration/departments', generated);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(messages.apiKeys.invalid);

    // The activity log holds each use of the key.
    const logs = await apiCall(
      b.baseUrl,
      owner.token,
      'GET',
      '/api/activity-logs?action=api_key.used&limit=50',
    );
    // Four calls reached the key (the refused report among them); the write and the deleted key did not.
    expect((logs.body as { data: unknown[] }).data.length).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds, edits and deletes a FAQ, finds it through the Support Center search, and the demo employee reads it on /SupportUser', async () => {
    const tag = `Zebra${Date.now().toString(36)}`;
    const manager = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const page = manager.page;
    const errors = errorsOf(page);
    await logIn(page, DEMO.email, DEMO.password);
    await page.waitForURL(/\/HomeSecond$/);
    await page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await page.waitForURL(/\/Support$/);
    await page.getByRole('heading', { name: 'FAQs Management' }).waitFor();

    // Add two FAQs through the Add FAQ modal (the blank form is refused first).
    const add = async (question: string, answer: string, topic: string) => {
      await page.getByRole('button', { name: 'Add FAQ' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add FAQ' });
      await dialog.getByRole('textbox', { name: 'Question' }).fill(question);
      await dialog.getByRole('textbox', { name: 'Answer' }).fill(answer);
      await dialog.getByLabel('Topic').fill(topic);
      await dialog.getByRole('button', { name: 'Add FAQ' }).click();
      await toast(page, messages.faq.created);
      await dialog.waitFor({ state: 'hidden' });
    };
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const blank = page.getByRole('dialog', { name: 'Add FAQ' });
    await blank.getByRole('button', { name: 'Add FAQ' }).click();
    await blank.getByText('Question is required.').waitFor();
    await blank.getByText('Answer is required.').waitFor();
    await blank.getByRole('button', { name: 'Cancel' }).click();
    await add(`How do I read my ${tag} pay stub?`, 'Open Reports and run Payroll Summary.', `Pay ${tag}`);
    await add(`Where is the ${tag} break room?`, 'Second floor, next to the lifts.', `Site ${tag}`);

    // Edit the first one.
    const table = page.getByTestId('faq-table');
    const first = table.getByRole('row', { name: new RegExp(`read my ${tag} pay stub`) });
    await first.getByRole('button', { name: /^Edit FAQ \d+$/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit FAQ' });
    await edit
      .getByRole('textbox', { name: 'Answer' })
      .fill('Open Reports, run Payroll Summary, then Export PDF.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, messages.faq.updated);
    await table.getByText('Open Reports, run Payroll Summary, then Export PDF.').waitFor();

    // The Support Center: search finds it; one item open at a time; clicking it again closes it.
    const search = page.getByRole('textbox', { name: 'Search FAQs' });
    await search.fill(`${tag} stub`);
    await page.getByText('1 question matching').waitFor();
    const stub = page.getByRole('button', { name: new RegExp(`read my ${tag} pay stub`) });
    await stub.click();
    const answer = page
      .getByText('Open Reports, run Payroll Summary, then Export PDF.', { exact: true })
      .first();
    await answer.waitFor();
    await shots(page, 'support-manager-search');
    await stub.click();
    await expect.poll(() => stub.getAttribute('aria-expanded')).toBe('false');

    await search.fill(tag);
    await page.getByText('2 questions matching').waitFor();
    const room = page.getByRole('button', { name: new RegExp(`${tag} break room`) });
    await stub.click();
    await expect.poll(() => stub.getAttribute('aria-expanded')).toBe('true');
    await room.click();
    await expect.poll(() => room.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => stub.getAttribute('aria-expanded')).toBe('false');
    // Browse by Topic narrows to one topic.
    await page
      .getByRole('navigation', { name: 'Browse by Topic' })
      .getByRole('button', { name: new RegExp(`Site ${tag}`) })
      .click();
    await page.getByText(`1 question in Site ${tag}`).waitFor();
    await search.fill('');
    await shots(page, 'support-manager');

    // The demo employee reads it on /SupportUser, from the employee navigation.
    const worker = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const workerErrors = errorsOf(worker.page);
    await logIn(worker.page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
    await worker.page.waitForURL(/\/HomeUser$/);
    await worker.page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await worker.page.waitForURL(/\/SupportUser$/);
    await worker.page.getByRole('textbox', { name: 'Search FAQs' }).fill(`${tag} stub`);
    await worker.page.getByRole('button', { name: new RegExp(`read my ${tag} pay stub`) }).click();
    await worker.page
      .getByText('Open Reports, run Payroll Summary, then Export PDF.', { exact: true })
      .waitFor();
    expect(await worker.page.getByRole('button', { name: 'Add FAQ' }).count()).toBe(0);
    await shots(worker.page, 'support-employee');

    // Delete both, with a confirm prompt; the search then finds nothing.
    for (const name of [`read my ${tag} pay stub`, `${tag} break room`]) {
      await table
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('button', { name: /^Delete FAQ \d+$/ })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete FAQ' });
      await confirm.getByText(messages.faq.confirmDelete, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, messages.faq.deleted);
      await confirm.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => table.getByText(tag).count()).toBe(0);
    await worker.page.reload();
    // Gone for the employee too: their search finds nothing (the demo company's own FAQs stay).
    await worker.page.getByRole('textbox', { name: 'Search FAQs' }).fill(tag);
    await worker.page.getByText(messages.faq.noMatch).waitFor();

    expect(errors).toEqual([]);
    expect(workerErrors).toEqual([]);
    await worker.context.close();
    await manager.context.close();
  });

  it('shows an employee of an account without FAQs a friendly empty state on /SupportUser', async () => {
    const owner: Owner = await registerOwner(b.baseUrl, 'nofaq');
    const dept = await apiCall(b.baseUrl, owner.token, 'POST', '/departments', { dp_name: 'Front' });
    const email = `nofaq${Date.now()}@example.com`;
    const made = await apiCall(b.baseUrl, owner.token, 'POST', '/employees', {
      name: 'Nia Worker',
      employee_id: `N${Date.now()}`,
      department_id: (dept.body as { data: { id: number } }).data.id,
      email,
      permission_site: true,
    });
    expect(made.status).toBe(201);
    const link = new URL(await passwordLinkFor(b.dataDir, email));
    const set = await apiCall(b.baseUrl, null, 'POST', '/password-update', {
      ...Object.fromEntries(link.searchParams),
      password: 'worker pass 12',
      password_confirmation: 'worker pass 12',
    });
    expect(set.status).toBe(200);
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = errorsOf(page);
    await logIn(page, email, 'worker pass 12');
    await page.waitForURL(/\/HomeUser$/);
    await page.goto('/SupportUser');
    await page.getByText(messages.faq.emptyEmployee).waitFor();
    await shots(page, 'support-employee-empty');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads from Devices to Download App with a QR code that opens /Station, and from the setup steps to entering or importing employees', async () => {
    const owner = await registerOwner(b.baseUrl, 'setup');
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = errorsOf(page);
    await signInAsManager(page, owner);

    await page.goto('/Device');
    await page.getByRole('button', { name: 'Download App' }).click();
    await page.waitForURL(/\/DownloadUser$/);
    for (const platform of ['iPhone and iPad', 'Android phones and tablets', 'Windows, Mac and Linux'])
      await page.getByRole('heading', { name: platform }).waitFor();
    const stationUrl = `${new URL(b.baseUrl).origin}/Station`;
    expect(await page.getByTestId('station-url').textContent()).toBe(stationUrl);
    // Read the QR code back: drawn onto a canvas in the page, decoded here.
    const qr = page.getByTestId('station-qr');
    await qr.waitFor();
    const size = 400;
    const pixels = await qr.evaluate(async (img, s) => {
      const image = img as HTMLImageElement;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = s;
      canvas.height = s;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, s, s);
      ctx.drawImage(image, 20, 20, s - 40, s - 40);
      return Array.from(ctx.getImageData(0, 0, s, s).data);
    }, size);
    expect(jsQR(Uint8ClampedArray.from(pixels), size, size)?.data).toBe(stationUrl);
    await shots(page, 'download-user');

    // The Welcome step 1: enter or import employees.
    await page.goto('/HomeSecond');
    await page.getByRole('link', { name: 'Add employees' }).click();
    await page.waitForURL(/\/Account_Employees$/);
    await shots(page, 'account-employees');
    await page.getByRole('link', { name: 'Add an employee' }).click();
    await page.waitForURL(/\/CreateNewEmployee$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Import employees' }).click();
    await page.waitForURL(/\/ImportEmployees$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
