import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, logIn, useBrowser, wordsSplitAcrossLines } from './support';

/**
 * Every page route of the web app's router (read from web/src/routes.tsx, so a new route is walked without
 * editing this file), opened by the caller it is for on the demo account: a visitor, the demo employee, the
 * demo manager. A page fails the walk when it says "coming soon", shows the error screen, leaves the page
 * loader up, logs a console error, or has an accessibility violation of moderate impact or worse (axe-core
 * over the WCAG 2.1 A/AA rules, WCAG 2.2 AA's target size and axe's best practices; only minor findings are
 * not failures). Every page is walked again at the narrowest phone's width (320 px, where WCAG 1.4.10 asks a
 * page to reflow), and fails there when it is wider than the phone or a short word of a heading, button or label
 * breaks over two lines; a few get axe-core there too.
 */
const b = useBrowser();
const DEMO = { email: 'demo@punchclock.test', password: 'punchclock demo' };
const EMPLOYEE = { email: 'employee@punchclock.test', password: 'punchclock demo' };

const source = readFileSync(new URL('../src/routes.tsx', import.meta.url), 'utf8');
/** The paths of one `const NAME: PageDef[] = [...]` list (or the one `STATION_PAGE`) of routes.tsx. */
function pathsOf(list: string): string[] {
  const start = source.indexOf(`const ${list}`);
  if (start < 0) throw new Error(`routes.tsx has no ${list}`);
  const end = source.indexOf(list.endsWith('_PAGE') ? '\n};' : '\n];', start);
  return [...source.slice(start, end).matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
}

const PUBLIC = [...pathsOf('PUBLIC_PAGES'), ...pathsOf('STATION_PAGE')];
const EITHER = pathsOf('EITHER_ROLE_PAGES');
const EMPLOYEE_PAGES = [...pathsOf('EMPLOYEE_PAGES'), ...EITHER];
const MANAGER_PAGES = [...pathsOf('MANAGER_PAGES'), ...EITHER];
/** Pages axe-core checks again at 320 px wide, by who opens them. */
const PHONE = { visitor: ['/', '/Login', '/Station'], employee: ['/HomeUser'], manager: ['/HomeSecond'] };

// wcag22aa adds target-size (24 px tap targets).
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core checks the pages' markup, which is the same whichever database serves the data, and it is two thirds
 * of the walk's time (measured: 9 s a page of the walk's 14 on a loaded machine). So it runs in the SQLite walk
 * only; the PostgreSQL walk still opens every page for every caller at both widths, with every other check.
 */
const AXE_HERE = process.env.E2E_DIALECT !== 'postgres';

/** Time spent in axe-core over the walk, reported with its result. */
let axeMs = 0;

/** axe-core's violations on the page as it is, all but minor ones: rule, its first target, how many nodes. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const started = Date.now();
  // Legacy mode (axe in the page, no extra blank page per check) and violations only: 2-3 times faster.
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  axeMs += Date.now() - started;
  return violations
    .filter((v) => v.impact !== 'minor')
    .map((v) => `axe ${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ') ?? '?'} ×${v.nodes.length}`);
}

/** Opens `path` and answers what is wrong with the page, or nothing. */
async function problemsOf(
  page: Page,
  path: string,
  errors: string[],
  at: { phone?: boolean; axe?: boolean } = { axe: true },
): Promise<string[]> {
  errors.length = 0;
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The lazy page has replaced the loader and rendered its heading.
  await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
  const text = await page.locator('body').innerText();
  const problems: string[] = [];
  if (/coming soon/i.test(text)) problems.push('says coming soon');
  if (text.includes('Something went wrong')) problems.push('shows the error screen');
  if (at.axe && AXE_HERE) problems.push(...(await accessibilityProblems(page)));
  if (at.phone) {
    problems.push(...(await wordsSplitAcrossLines(page)).map((w) => `word split over two lines: ${w}`));
    // A page wider than the phone scrolls sideways as a whole; a wide table scrolls inside its own box instead.
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (width > 0) problems.push(`the page is ${width} px wider than the phone`);
  }
  problems.push(...errors.map((e) => `console: ${e.slice(0, 200)}`));
  return problems;
}

async function walk(
  who: string,
  paths: string[],
  ids: Record<string, number>,
  signIn?: { email: string; password: string },
  phonePaths: string[] = [],
) {
  const { page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  if (signIn) {
    await logIn(page, signIn.email, signIn.password);
    await page.waitForURL(/\/(HomeSecond|HomeUser)$/);
  }
  const found: Record<string, string[]> = {};
  const urls = paths
    .filter((path) => path !== '*')
    .map((path) =>
      path.replace(/:id\b/, String(path.startsWith('/Departments') ? ids.department : ids.employee)),
    );
  for (const url of urls) {
    const problems = await problemsOf(page, url, errors);
    if (problems.length) found[`${who} ${url}`] = problems;
  }
  await page.setViewportSize({ width: 320, height: 640 });
  for (const url of urls) {
    const problems = await problemsOf(page, url, errors, { phone: true, axe: phonePaths.includes(url) });
    if (problems.length) found[`${who} ${url} at 320 px`] = problems;
  }
  return found;
}

describe('every route of the router', () => {
  it('opens for a visitor, the employee and the manager without "coming soon", an error screen, a console error or an accessibility violation', async () => {
    const started = Date.now();
    const login = await apiCall(b.baseUrl, null, 'POST', '/api/login', DEMO);
    const token = (login.body as { access_token: string }).access_token;
    const employees = await apiCall(b.baseUrl, token, 'GET', '/api/employees');
    const departments = await apiCall(b.baseUrl, token, 'GET', '/departments');
    const ids = {
      employee: (employees.body as { data: { id: number }[] }).data[0].id,
      department: (departments.body as { id: number }[])[0].id,
    };
    expect(MANAGER_PAGES.length).toBeGreaterThan(20);
    const found = {
      ...(await walk('visitor', PUBLIC, ids, undefined, PHONE.visitor)),
      ...(await walk('employee', EMPLOYEE_PAGES, ids, EMPLOYEE, PHONE.employee)),
      ...(await walk('manager', MANAGER_PAGES, ids, DEMO, PHONE.manager)),
    };
    const visits = PUBLIC.length + EMPLOYEE_PAGES.length + MANAGER_PAGES.length - 1;
    console.log(
      `[routes walk] ${visits} page visits, again at 320 px, ${Object.keys(found).length} with problems; ` +
        `axe-core took ${(axeMs / 1000).toFixed(1)} s of the walk's ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(found).toEqual({});
  }, 900_000); // 281 s on SQLite with axe in a fresh check, 457 s beside three other agents' work: room to spare
});
