import { readFileSync } from 'node:fs';
import { messages } from '@punchclock/contract';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  logIn,
  passwordLinkFor,
  registerOwner,
  screenshot,
  uniqueUser,
  useBrowser,
} from './support';

/**
 * The employee portal (issue 12) on the real server: an invited employee sets a password, sees their week,
 * adds a punch, checks a day of View Earnings against rate × paid hours, downloads the QR image, runs and
 * exports a report, changes their password and logs out; then the same employee with pay, reports and
 * manual punches switched off finds those controls gone and the API refusing.
 */
const b = useBrowser();
const RATE = 18.75;

interface Punch {
  id: number;
  date: string;
  time_in: string;
  time_out: string | null;
  hours: number | null;
  type: 'None' | 'Lunch' | 'Break';
  deduction: 'Auto' | 'Manual';
}

const api = <T = Record<string, unknown>>(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => apiCall(b.baseUrl, token, method, path, body) as Promise<{ status: number; body: T }>;

/** A day `n` days back in the browser's zone (which the account's default zone matches here), YYYY-MM-DD. */
function daysAgo(n: number): string {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** The 15th of last month. */
function lastMonthDay(): string {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - 1, 15);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}-15`;
}

const FLAGS_ON = {
  permission_site: true,
  punch_in_out: true,
  create_time_entries: true,
  edit_time_entries: true,
  run_reports: true,
  view_gps_location: true,
  view_pay_information: true,
};

async function invite() {
  const owner = await registerOwner(b.baseUrl, 'portal');
  const dept = await api<{ data: { id: number } }>(owner.token, 'POST', '/departments', {
    dp_name: 'Front Desk',
  });
  expect(dept.status).toBe(201);
  const u = uniqueUser('portal');
  const code = `Q${Date.now().toString(36)}`;
  const record = {
    name: 'Robin Portal',
    employee_id: code,
    department_id: dept.body.data.id,
    email: u.email,
    hourly_rate: String(RATE),
  };
  const created = await api<{ data: { id: number } }>(owner.token, 'POST', '/employees', {
    ...record,
    ...FLAGS_ON,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { owner, u, code, record, id: created.body.data.id };
}

async function openUserMenuAndLogOut(page: Page) {
  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByText(messages.logout.success).waitFor();
  await page.waitForURL(/\/login$/i);
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token')) as Promise<string>;

describe('employee portal', () => {
  let world: Awaited<ReturnType<typeof invite>>;
  let password: string;

  it('A: an invited employee sets a password, sees the week, punches, earnings, QR, a report, and leaves', async () => {
    world = await invite();
    const { owner, u, code, id } = world;
    const { page, context } = await b.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });

    // 1. Set a password from the invitation mail, then log in.
    const link = new URL(await passwordLinkFor(b.dataDir, u.email));
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New Password').fill(u.password);
    await page.getByLabel('Confirm Password').fill(u.password);
    await page.getByRole('button', { name: /reset|update|save|set/i }).click();
    await page.waitForURL(/\/login$/i, { timeout: 15_000 });
    await logIn(page, u.email, u.password);
    await page.waitForURL(/\/HomeUser$/);
    const token = await tokenOf(page);

    // 2. Status and this week's chart, with the name in the greeting.
    await page.getByRole('heading', { name: 'Hello, Robin Portal' }).waitFor();
    await page.getByText('Not clocked in').waitFor();
    await page.getByTestId('week-chart').locator('svg').first().waitFor();
    expect(await page.getByTestId('week-total').textContent()).toBe('0.00 h');
    await screenshot(page, 'portal-home');

    // 3. A manual punch yesterday, seen in the activity and (when yesterday is in this week) in the week's
    // chart. The manager adds that day's Auto lunch.
    const day = daysAgo(1);
    await page.goto('/ManualUserPunch');
    await page.getByLabel('Date').fill(day);
    await page.getByLabel('Time In').fill('09:00');
    await page.getByLabel('Time Out').fill('17:30');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/homeuser$/i);
    const lunch = await api(owner.token, 'POST', '/api/manual-punches', {
      employee_id: id,
      date: day,
      time_in: '12:00',
      time_out: '12:30',
      type: 'Lunch',
      deduction: 'Auto',
    });
    expect(lunch.status).toBe(201);
    const week = await api<{ start_date: string; end_date: string }>(token, 'GET', '/api/employee-hours');
    if (week.body.start_date <= day) {
      // 8.5 h worked, 8.0 h paid after the Auto lunch.
      await page.goto('/HomeUser');
      await page.getByTestId('week-total').getByText('8.50 h').waitFor();
      await page.getByTestId('week-paid').getByText('8.00 h').waitFor();
      // Bars are drawn (after their animation) for the day with time.
      await page.getByTestId('week-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      await screenshot(page, 'portal-home-week');
    }
    await page.goto('/Activity');
    await page.getByTestId('punch-table').getByText('5:30 PM', { exact: true }).waitFor();
    await screenshot(page, 'portal-activity');

    // 4. View Earnings: that day equals rate × paid hours of its punches (work minus the Auto lunch).
    const punches = (
      await api<{ data: Punch[] }>(token, 'GET', `/api/manual-punches/${id}`)
    ).body.data.filter((p) => p.date === day);
    const work = punches.filter((p) => p.type === 'None').reduce((n, p) => n + (p.hours ?? 0), 0);
    const auto = punches
      .filter((p) => p.type !== 'None' && p.deduction === 'Auto')
      .reduce((n, p) => n + (p.hours ?? 0), 0);
    const expected = `$${(Math.round((work - auto) * RATE * 100) / 100).toFixed(2)}`;
    expect(expected).toBe('$150.00'); // (8.5 − 0.5) h × $18.75
    await page.goto('/HomeUser');
    await page.getByRole('button', { name: 'View Earnings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Earnings and Deductions' });
    // This month's figures first: the custom days are typed into a dialog that has settled.
    await dialog.getByTestId('earnings-total').waitFor();
    await dialog.getByLabel('From').fill(day);
    await dialog.getByLabel('To').fill(day);
    await dialog.getByRole('button', { name: 'Show' }).click();
    await dialog.getByTestId(`earnings-daily-${day}`).getByText(expected).waitFor();
    expect(await dialog.getByTestId('earnings-total').textContent()).toBe(expected);
    // The Auto lunch is listed as a deduction: 0.5 h of pay, $9.38 of $159.38.
    await dialog.getByTestId('deductions-daily').getByText('$9.38').waitFor();
    await screenshot(page, 'portal-earnings');
    await page.keyboard.press('Escape');
    // /EarningsModal opens the same dialog on arrival; closing it goes home.
    await page.goto('/EarningsModal');
    await page
      .getByRole('dialog', { name: 'Earnings and Deductions' })
      .getByTestId('earnings-total')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/HomeUser$/);

    // 5. The QR page: the badge QR with ID and name, downloaded as a 400×500 PNG named after the ID.
    await page.getByRole('link', { name: 'QR Code' }).first().click();
    await page.waitForURL(/\/EmployeeQR$/);
    // The card's code shows as the page opens: nothing to press first.
    await page.getByTestId('badge-qr').waitFor();
    expect(await page.getByTestId('badge-employee-id').textContent()).toBe(code);
    expect(await page.getByTestId('badge-name').textContent()).toBe('Robin Portal');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const png = await download;
    expect(png.suggestedFilename()).toContain(code);
    const bytes = readFileSync((await png.path()) as string);
    await png.saveAs(
      new URL(`./artifacts/${process.env.E2E_DIALECT}-portal-qr-download.png`, import.meta.url).pathname,
    );
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([400, 500]);
    // The image's QR reads back as the signed badge (PC1.…) a station accepts, not the bare Employee ID.
    const pixels = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      return Array.from(ctx.getImageData(0, 0, img.width, img.height).data);
    }, bytes.toString('base64'));
    expect(jsQR(Uint8ClampedArray.from(pixels), 400, 500)?.data).toMatch(/^PC1\./);
    await screenshot(page, 'portal-qr');

    // 6. Daily Summary for last month (one shift there), on screen and exported as CSV.
    const before = lastMonthDay();
    expect(
      (
        await api(owner.token, 'POST', '/api/manual-punches', {
          employee_id: id,
          date: before,
          time_in: '08:00',
          time_out: '12:00',
        })
      ).status,
    ).toBe(201);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.waitForURL(/\/UserReport$/);
    await page.getByRole('button', { name: 'Last month' }).click();
    await page.getByRole('button', { name: 'Run' }).click();
    const results = page.getByTestId('report-results');
    await results.getByText('4.00').first().waitFor();
    await screenshot(page, 'portal-report');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^Daily_Summary-.*\.csv$|^daily-summary-.*\.csv$/i);
    const text = readFileSync((await csv.path()) as string, 'utf8');
    expect(text).toContain(code);
    expect(text).toContain('Robin Portal');

    // The same pages on a phone: the results scroll inside their frame, the dialog fills the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'portal-report-narrow');
    await page.goto('/EarningsModal');
    await page
      .getByRole('dialog', { name: 'Earnings and Deductions' })
      .getByTestId('earnings-total')
      .waitFor();
    await screenshot(page, 'portal-earnings-narrow');
    await page.goto('/EmployeeQR');
    await page.getByTestId('badge-qr').waitFor();
    await screenshot(page, 'portal-qr-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });

    // 7. Read a FAQ of the company on Support (the manager wrote it), change the password, then log out.
    const faq = await api(owner.token, 'POST', '/api/faqs', {
      question: 'Who approves my overtime?',
      answer: 'Your shift lead approves it in the same week.',
      topic: 'Pay',
    });
    expect(faq.status, JSON.stringify(faq.body)).toBe(201);
    await page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await page.waitForURL(/\/SupportUser$/);
    await page.getByRole('textbox', { name: 'Search FAQs' }).fill('overtime');
    await page.getByRole('button', { name: 'Who approves my overtime?' }).click();
    await page.getByText('Your shift lead approves it in the same week.').waitFor();
    password = 'a brand new pass 7';
    await page.goto('/PasswordSet');
    await page.getByLabel('Current Password').fill(u.password);
    await page.getByLabel('New Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm New Password').fill(password);
    await page.getByRole('button', { name: /change password/i }).click();
    await page.getByText(messages.passwords.changed).first().waitFor();
    await openUserMenuAndLogOut(page);
    await context.close();
  });

  it('B: with pay, reports and manual punches switched off, the controls are gone and the API refuses', async () => {
    const { owner, u, code, id, record } = world;
    const put = await api(owner.token, 'PUT', `/employees/${id}`, {
      ...record,
      ...FLAGS_ON,
      create_time_entries: false,
      run_reports: false,
      view_pay_information: false,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const { page, context } = await b.newPage({ viewport: { width: 390, height: 844 } });
    await logIn(page, u.email, password);
    await page.waitForURL(/\/HomeUser$/);
    const token = await tokenOf(page);
    await page.getByTestId('week-chart').waitFor();
    // The narrow screen shows the punches as cards, each with its details.
    await page
      .getByTestId(/^punch-card-/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Create Manual Punch' }).count()).toBe(0);
    await screenshot(page, 'portal-home-narrow-off');
    // A card's Details opens that punch (/ActivityDetail).
    await page.getByRole('link', { name: 'Details' }).first().click();
    await page.waitForURL(/\/ActivityDetail\?id=\d+$/);
    await page.getByTestId('punch-detail').getByText('Time In').waitFor();
    await screenshot(page, 'portal-activity-detail-narrow');
    await page.goto('/HomeUser');
    // The menu (burger on a phone) holds no Reports and no View Earnings.
    await page
      .getByRole('button', { name: /navigation|menu/i })
      .first()
      .click();
    await page.getByRole('link', { name: 'QR Code' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'View Earnings' }).count()).toBe(0);
    await screenshot(page, 'portal-menu-off');

    const refused = [
      await api(token, 'POST', '/api/with-deductions', { employee_id: code }),
      await api(token, 'POST', '/getdata', {
        reportname: 'Daily Summary',
        start_date: daysAgo(7),
        end_date: daysAgo(0),
      }),
      await api(token, 'POST', '/api/manual-punches', {
        employee_id: id,
        date: daysAgo(1),
        time_in: '07:00',
        time_out: '08:00',
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    for (const r of refused) expect((r.body as { message?: string }).message).toBeTruthy();
    // Pages reached by address say why they show nothing.
    await page.goto('/UserReport');
    await page.getByText('Your account does not run reports.', { exact: false }).waitFor();
    await context.close();
  });

  it('C: a manager opens /Activity, picks the employee and sees their punches', async () => {
    const { owner, id } = world;
    const { page, context } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Activity');
    await page.getByLabel('Employee').first().click();
    await page.getByRole('option', { name: /Robin Portal/ }).click();
    await page.getByTestId('punch-table').getByText('5:30 PM', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Create Manual Punch' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create Manual Punch' }).getAttribute('href')).toBe(
      `/ManualPunch/${id}`,
    );
    await screenshot(page, 'portal-manager-activity');
    await context.close();
  });
});
