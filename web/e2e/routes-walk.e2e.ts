import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, logIn, useBrowser } from './support';

/**
 * Every page route of the web app's router (read from web/src/routes.tsx, so a new route is walked without
 * editing this file), opened by the caller it is for on the demo account: a visitor, the demo employee, the
 * demo manager. A page fails the walk when it says "coming soon", shows the error screen, leaves the page
 * loader up, or logs a console error.
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

/** Opens `path` and answers what is wrong with the page, or nothing. */
async function problemsOf(page: Page, path: string, errors: string[]): Promise<string[]> {
  errors.length = 0;
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The lazy page has replaced the loader and rendered its heading.
  await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
  const text = await page.locator('body').innerText();
  const problems: string[] = [];
  if (/coming soon/i.test(text)) problems.push('says coming soon');
  if (text.includes('Something went wrong')) problems.push('shows the error screen');
  problems.push(...errors.map((e) => `console: ${e.slice(0, 200)}`));
  return problems;
}

async function walk(
  paths: string[],
  ids: Record<string, number>,
  signIn?: { email: string; password: string },
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
  for (const path of paths) {
    if (path === '*') continue;
    const url = path.replace(
      /:id\b/,
      String(path.startsWith('/Departments') ? ids.department : ids.employee),
    );
    const problems = await problemsOf(page, url, errors);
    if (problems.length) found[url] = problems;
  }
  return found;
}

describe('every route of the router', () => {
  it('opens for a visitor, the employee and the manager without "coming soon", an error screen or a console error', async () => {
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
      ...(await walk(PUBLIC, ids)),
      ...(await walk(EMPLOYEE_PAGES, ids, EMPLOYEE)),
      ...(await walk(MANAGER_PAGES, ids, DEMO)),
    };
    console.log(
      `[routes walk] ${PUBLIC.length + EMPLOYEE_PAGES.length + MANAGER_PAGES.length - 1} page visits, ${Object.keys(found).length} with problems`,
    );
    expect(found).toEqual({});
  }, 300_000);
});
