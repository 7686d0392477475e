// What the first load of `/`, `/Login` and `/Station` costs: the JS each page loads (its gzip size,
// level 9, whether or not the server compresses), and the bytes on the wire for everything the
// page loaded (document, JS, CSS, fonts, images) when the browser accepts br, then only gzip.
// Builds nothing: run `npm run build -w web` first. Usage: npx tsx bench/web-size.ts
// The real app (server/src/app.ts) serves web/dist (or WEB_DIST) on a free port over a throwaway
// SQLite file; Chromium (playwright-core) loads each page with no service worker and no cache.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

const PAGES = ['/', '/Login', '/Station'];
const webDist = resolve(process.env.WEB_DIST ?? join(import.meta.dirname, '../web/dist'));
if (!existsSync(join(webDist, 'index.html')))
  throw new Error(`${webDist} has no build: npm run build -w web`);

const dir = mkdtempSync(join(tmpdir(), 'punchclock-web-size-'));
const dbUrl = join(dir, 'bench.sqlite');
const db = createDatabase(dbUrl);
await migrateToLatest(db);
const app = await buildApp(
  loadConfig({ DATA_DIR: dir, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent', WEB_DIST: webDist }),
  { db, logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** The raw bytes the server sends for `url` (body as on the wire) and its content-encoding. */
function wire(
  url: string,
  acceptEncoding: string,
  accept: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding, accept } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => ok({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
try {
  console.log(`web build: ${webDist}`);
  for (const path of PAGES) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const loaded: { url: string; type: string }[] = [];
    page.on('requestfinished', (r) => {
      if (r.url().startsWith(origin)) loaded.push({ url: r.url(), type: r.resourceType() });
    });
    await page.goto(origin + path, { waitUntil: 'load' });
    // Rendered: something in #root and no page spinner (the lazy page chunk has loaded), then quiet.
    await page.locator('#root > :not(style)').first().waitFor({ timeout: 30_000 });
    for (let i = 0; i < 300 && (await page.locator('[aria-label="Loading"]').count()) > 0; i++)
      await page.waitForTimeout(100);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await context.close();

    let jsRaw = 0;
    let jsGzip = 0;
    const js = loaded.filter((r) => r.type === 'script');
    for (const r of js) {
      const file = join(webDist, new URL(r.url).pathname);
      const body = readFileSync(file);
      jsRaw += body.length;
      jsGzip += gzipSync(body, { level: 9 }).length;
    }
    const wireBy: Record<string, { bytes: number; encodings: Set<string> }> = {};
    for (const enc of ['br, gzip', 'gzip']) {
      const w = { bytes: 0, encodings: new Set<string>() };
      for (const r of loaded) {
        const accept = r.type === 'document' ? 'text/html' : '*/*';
        const got = await wire(r.url, enc, accept);
        w.bytes += got.bytes;
        w.encodings.add(`${r.type}:${got.encoding}`);
      }
      wireBy[enc] = w;
    }
    console.log(
      `${path.padEnd(9)} JS ${js.length} files, ${kB(jsRaw)} raw, ${kB(jsGzip)} gzip | wire (all ${loaded.length} files): ` +
        `br ${kB(wireBy['br, gzip'].bytes)}, gzip ${kB(wireBy.gzip.bytes)}`,
    );
    if (process.env.VERBOSE) {
      for (const r of js) {
        const body = readFileSync(join(webDist, new URL(r.url).pathname));
        console.log(`    ${kB(gzipSync(body, { level: 9 }).length).padStart(9)} ${new URL(r.url).pathname}`);
      }
      console.log(`    encodings (br): ${[...wireBy['br, gzip'].encodings].join(' ')}`);
    }
  }
} finally {
  await browser.close();
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
