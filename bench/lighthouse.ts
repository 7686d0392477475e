// Lighthouse (mobile preset, the default config) on the built web app served by the real server.
// Builds nothing: run `npm run build -w web` first.
// Usage: npx tsx bench/lighthouse.ts [--runs N] [--pages /,/Login,/HomeSecond,/Station,/Station-offline] [--save DIR];
// WEB_DIST=dir for another build.
// The server is the app of server/src/app.ts on a free port over a throwaway SQLite file; a tiny
// static page served by the same server (a route only in this bench) gives the ceiling of this
// machine and server, and each page is shown beside it.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CEILING_PATH = '/bench-ceiling.html';
const CEILING_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="ceiling">
<title>Ceiling</title></head><body><h1>Punchclock</h1><p>A static page: the best this server and machine can score.</p></body></html>`;

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
// --pages /,/Login: only these pages (the ceiling is always measured first).
const pagesArg = process.argv.indexOf('--pages');
const ONLY = pagesArg > 0 ? new Set(String(process.argv[pagesArg + 1] ?? '').split(',')) : null;
// --save DIR: every run's full Lighthouse report (JSON) into DIR, to read its LCP element, TBT and
// network waterfall.
const saveArg = process.argv.indexOf('--save');
const SAVE_DIR = saveArg > 0 ? resolve(String(process.argv[saveArg + 1])) : null;
let saved = 0;

interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
}

async function startServer() {
  const webDist = resolve(process.env.WEB_DIST ?? join(import.meta.dirname, '../web/dist'));
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error(`${webDist} has no build: npm run build -w web`);
  const dir = mkdtempSync(join(tmpdir(), 'punchclock-lighthouse-'));
  const url = join(dir, 'bench.sqlite');
  const db = createDatabase(url);
  await migrateToLatest(db);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: webDist }),
    { db, logger: false },
  );
  app.get(CEILING_PATH, (_req, reply) => reply.type('text/html; charset=utf-8').send(CEILING_HTML));
  // `offline`: every request's connection is dropped, as for a tablet whose network is gone (the station's
  // offline start: its service worker must serve the page).
  const state = { offline: false };
  app.addHook('onRequest', async (req) => {
    if (state.offline) req.raw.socket.destroy();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    state,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A freshly signed-up owner: what the web app keeps in localStorage after a sign-up. */
async function signUp(origin: string): Promise<Record<string, string>> {
  const s = Date.now().toString(36);
  const email = `lh${s}@example.com`;
  const username = `lh${s}`;
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lighthouse',
      email,
      password: 'bench password',
      password_confirmation: 'bench password',
      phone_number: '+1 555 0100',
      username,
      date_of_birth: '1980-01-01',
      terms: true,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const reg = (await res.json()) as { access_token: string; user_id: number };
  return {
    token: reg.access_token,
    user_id: String(reg.user_id),
    userEmail: email,
    username,
    userName: 'Lighthouse',
    user: JSON.stringify({ user_id: reg.user_id, user_type: 'user', email }),
  };
}

/** A time station paired in this browser: what the station keeps in localStorage (web/src/station/station-session.ts). */
async function pairStation(origin: string, owner: Record<string, string>): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/api/stations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ name: 'Door', pair: 'this-browser' }),
  });
  if (!res.ok) throw new Error(`pairing failed: ${res.status} ${await res.text()}`);
  return { stationToken: ((await res.json()) as { token: string }).token, stationName: 'Door' };
}

/**
 * How a page is opened: `storage` is put in localStorage first; `offline`, the page is first opened online (its
 * service worker installs and precaches the station), then the server drops every connection while Lighthouse
 * loads it again.
 */
interface Visit {
  storage?: Record<string, string>;
  offline?: { state: { offline: boolean } };
}

async function measure(origin: string, path: string, visit: Visit = {}): Promise<Figures> {
  const { storage, offline } = visit;
  const userDataDir = mkdtempSync(join(tmpdir(), 'punchclock-lh-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, `--user-data-dir=${userDataDir}`],
    logLevel: 'silent',
  });
  try {
    if (storage) {
      // Sign in the way the app does (localStorage), on a page of the origin that registers no
      // service worker; Lighthouse then keeps the storage (disableStorageReset).
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(origin + CEILING_PATH);
      // A string, not a function: this file is type-checked without the DOM library.
      await page.evaluate(
        `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v)`,
      );
      if (offline) {
        await page.goto(origin + path, { waitUntil: 'networkidle0' });
        // The service worker is registered when the browser is idle after load; wait until it controls a page.
        await page.reload({ waitUntil: 'networkidle0' });
        await page.waitForFunction('navigator.serviceWorker.controller !== null', { timeout: 60_000 });
      }
      await page.close();
      await browser.disconnect();
    }
    if (offline) offline.state.offline = true;
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: !!storage,
    }).finally(() => {
      if (offline) offline.state.offline = false;
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { lhr } = result;
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const name = `${++saved}-${path.replace(/[^A-Za-z0-9]+/g, '_')}.json`;
      writeFileSync(join(SAVE_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-out visit of a guarded page would end on /Login: measure only what was asked for.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed.toLowerCase() !== path.toLowerCase()) throw new Error(`${path} ended on ${landed}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      tbt: num('total-blocking-time'),
      fcp: num('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse sometimes loses the trace of a page load on a loaded machine (NO_NAVSTART,
 * NO_FCP): such a run is taken again, twice at most, and says so.
 */
async function measureRetrying(origin: string, path: string, visit?: Visit) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(origin, path, visit);
    } catch (e) {
      const lost = e instanceof Error && /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(e.message);
      if (!lost || attempt >= 3) throw e;
      console.log(`${path}: ${(e as Error).message.split(' ')[1]}, measured again`);
    }
  }
}

function median(list: Figures[]): Figures {
  const sorted = [...list].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const fmt = (f: Figures) =>
  `score ${String(f.score).padStart(3)}  LCP ${(f.lcp / 1000).toFixed(2)} s  FCP ${(f.fcp / 1000).toFixed(2)} s  CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbt)} ms`;

const server = await startServer();
try {
  const owner = await signUp(server.origin);
  const station = await pairStation(server.origin, owner);
  // `name` tells two visits of one path apart (--pages takes either).
  const pages: { path: string; name?: string; visit?: Visit }[] = [
    { path: CEILING_PATH },
    { path: '/' },
    { path: '/Login' },
    { path: '/HomeSecond', visit: { storage: owner } },
    // The time station as a tablet at the door opens it: paired, online; and started with no network.
    { path: '/Station', visit: { storage: station } },
    {
      path: '/Station',
      name: '/Station-offline',
      visit: { storage: station, offline: { state: server.state } },
    },
  ];
  console.log(`Lighthouse 12, mobile preset, ${RUNS} run(s) per page (median by score), ${server.origin}`);
  let ceiling: Figures | null = null;
  for (const p of pages) {
    const runs: Figures[] = [];
    const name = p.name ?? p.path;
    if (ONLY && p.path !== CEILING_PATH && !ONLY.has(name)) continue;
    for (let i = 0; i < RUNS; i++) runs.push(await measureRetrying(server.origin, p.path, p.visit));
    const f = median(runs);
    if (p.path === CEILING_PATH) {
      ceiling = f;
      console.log(`${'ceiling (static page)'.padEnd(22)} ${fmt(f)}`);
      continue;
    }
    const c = ceiling as Figures;
    const all = runs.length > 1 ? `  [runs: ${runs.map((r) => r.score).join(', ')}]` : '';
    console.log(
      `${name.padEnd(22)} ${fmt(f)}  | ceiling ${c.score}, ratio ${(f.score / c.score).toFixed(2)}${all}`,
    );
  }
} finally {
  await server.close();
}
