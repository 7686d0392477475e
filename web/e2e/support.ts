import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const artifacts = new URL('./artifacts/', import.meta.url).pathname;

export interface BrowserFixture {
  browser: Browser;
  baseUrl: string;
  dataDir: string;
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One Chromium per test file; each journey gets a fresh context (its own storage). Service workers are blocked
 * unless the file asks for them (`{ serviceWorkers: true }`, the station's offline journeys): every fresh context
 * would otherwise install the worker and download the station's precache, CPU the journeys that never go offline
 * do not need (docs/TESTING.md, "Journey time").
 */
export function useBrowser(extraArgs: string[] = [], { serviceWorkers = false } = {}): BrowserFixture {
  const f = {} as BrowserFixture;
  beforeAll(async () => {
    f.baseUrl = inject('baseUrl');
    f.dataDir = inject('dataDir');
    f.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, ...extraArgs],
    });
    f.newPage = async (options) => {
      const context = await f.browser.newContext({
        baseURL: f.baseUrl,
        serviceWorkers: serviceWorkers ? 'allow' : 'block',
        ...options,
      });
      // Under the load of both databases' journeys side by side, one page load has taken over 15 s.
      context.setDefaultTimeout(30_000);
      return { context, page: await context.newPage() };
    };
  });
  // A failed journey leaves its pages open: each is kept as a screenshot, and its address and visible text are
  // printed, so a failure seen only in CI (under the load of both databases' journeys) can be read afterwards.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !f.browser) return;
    const pages = f.browser.contexts().flatMap((c) => c.pages());
    for (const [i, page] of pages.entries()) {
      const name = `FAILED-${task.name.slice(0, 40).replace(/[^\w-]+/g, '_')}-${i}`;
      await screenshot(page, name, { always: true }).catch(() => undefined);
      const text = await page
        .evaluate(() => document.body.innerText.slice(0, 2_000))
        .catch((e: Error) => `(unreadable: ${e.message})`);
      console.log(`[failed journey] page ${i} at ${page.url()}\n${text}`);
    }
    await Promise.all(f.browser.contexts().map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await f.browser?.close();
  });
  return f;
}

/**
 * A full-page screenshot into e2e/artifacts, for a person to look at: taken when `E2E_SCREENSHOTS=1` (and for
 * every page of a failed journey), skipped otherwise, since encoding a hundred full pages is CPU `npm test` does
 * not need (docs/TESTING.md, "Journey time").
 */
export async function screenshot(page: Page, name: string, { always = false } = {}): Promise<void> {
  if (!always && !process.env.E2E_SCREENSHOTS) return;
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({
    path: join(artifacts, `${process.env.E2E_DIALECT ?? 'e2e'}-${name}.png`),
    fullPage: true,
  });
}

/** A screenshot to a path of the journey's choosing, on the same terms as `screenshot`. */
export async function keepShot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot(options);
}

/** The newest password link mailed to `to`, read from the server's outbox (.eml files). */
export async function passwordLinkFor(dataDir: string, to: string, after = 0): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort();
    } catch {
      /* no mail yet */
    }
    const mails = files.map((f) => readFileSync(join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${to}`));
    if (mails.length > after) {
      const text = (mails.at(-1) as string).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = text.match(/https?:\/\/\S+\/ResetPassword\?\S+/)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no password link mailed to ${to}`);
}

export function mailCount(dataDir: string, to: string): number {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((f) =>
      readFileSync(join(dataDir, 'outbox', f), 'utf8').includes(`To: ${to}`),
    ).length;
  } catch {
    return 0;
  }
}

let n = 0;
export function uniqueUser(prefix = 'user') {
  n += 1;
  const s = `${Date.now().toString(36)}${process.pid}${n}`;
  return {
    name: `Dana ${prefix}`,
    username: `${prefix}${s}`,
    email: `${prefix}${s}@example.com`,
    phone: '+1 555 0142',
    dob: '1990-06-15',
    password: 'first password 1',
  };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export interface Owner {
  email: string;
  password: string;
  token: string;
}
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as a script (not the browser) makes it: status and parsed body, so refusals can be asserted too. */
export async function apiCall(
  baseUrl: string,
  token: string | null,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** apiCall against one server, its body typed as the journey expects it. */
export const typedApi =
  (baseUrl: () => string) =>
  <T = Record<string, unknown>>(token: string | null, method: Method, path: string, body?: unknown) =>
    apiCall(baseUrl(), token, method, path, body) as Promise<{ status: number; body: T }>;

/** Monday of last week (UTC, a new account's zone) and the day `n` after it, YYYY-MM-DD. */
export function lastWeekDay(n = 0): string {
  const d = new Date();
  const monday =
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday - (7 - n) * 86_400_000).toISOString().slice(0, 10);
}

/** A brand-new account signed up and logged in over the API, so a journey sees only what it creates. */
export async function registerOwner(
  baseUrl: string,
  prefix: string,
  extra: Record<string, unknown> = {},
): Promise<Owner> {
  const u = uniqueUser(prefix);
  const reg = await apiCall(baseUrl, null, 'POST', '/api/register', {
    name: u.name,
    email: u.email,
    password: u.password,
    password_confirmation: u.password,
    phone_number: u.phone,
    username: u.username,
    date_of_birth: u.dob,
    terms: true,
    ...extra,
  });
  if (reg.status !== 201) throw new Error(`sign-up answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await apiCall(baseUrl, null, 'POST', '/api/login', { email: u.email, password: u.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return {
    email: u.email,
    password: u.password,
    token: (login.body as { access_token: string }).access_token,
  };
}

/** Logs an owner in through the login page and waits for the manager's home. */
export async function signInAsManager(page: Page, o: Owner) {
  await logIn(page, o.email, o.password);
  await page.waitForURL(/\/HomeSecond$/);
}

/** Picks an option of a Mantine Select (opened by clicking its input). */
export async function chooseOption(page: Page, input: ReturnType<Page['getByRole']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Clicks an option of a list that re-renders while it filters (a Mantine Select being typed into): a click that
 * lands while the option is replaced is tried again, a few times, instead of failing the journey on a loaded machine.
 */
export async function clickSteadily(target: ReturnType<Page['getByRole']>, tries = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await target.click({ timeout: 4000 });
      return;
    } catch (error) {
      if (i >= tries) throw error;
    }
  }
}

/** Short words of headings, table headers, buttons, labels and badges; a longer one may not fit its box at all. */
const SHORT_LABEL_WORDS = {
  selector: 'h1, h2, h3, h4, th, button, label, [role="tab"], .mantine-Badge-label',
  most: 16,
};

/**
 * The short words of the page's headings and labels that the browser broke over two lines ("punche / s"): a
 * layout too narrow for its words (a phone's width). Each as "word (tag)".
 */
export function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(({ selector, most }) => {
    const split: string[] = [];
    const seen = new Set<Node>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (seen.has(text)) continue;
        seen.add(text);
        for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
          if (m[0].length > most) continue;
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) split.push(`${m[0]} (${el.tagName.toLowerCase()})`);
        }
      }
    }
    return split;
  }, SHORT_LABEL_WORDS);
}
