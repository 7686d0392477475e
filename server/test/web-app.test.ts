import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

// A build as web/vite.config.ts writes it: hashed files in assets/, a .br and a .gz twin of each
// text file, and a few files whose name never changes.
const dist = mkdtempSync(join(tmpdir(), 'punchclock-web-dist-'));
const INDEX =
  '<!doctype html><html><head><title>Punchclock</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
function write(path: string, text: string, twins = true) {
  writeFileSync(join(dist, path), text);
  if (!twins) return;
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
}
mkdirSync(join(dist, 'assets'));
write('index.html', INDEX);
write('assets/index-AbC123xy.js', SCRIPT);
write('assets/plain-Zz9.css', 'body{margin:0}', false);
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
write('sw.js', 'self.addEventListener("fetch", () => {});');

const t = useTestApp({ WEB_DIST: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('the built web app', () => {
  it('sends a hashed asset as brotli to a browser that accepts br, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, and only those', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-AbC123xy.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    // A file with no compressed twin is sent as it is, cached the same way.
    const css = await get('/assets/plain-Zz9.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
    const sw = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends index.html compressed and never cached without a check, for itself and every page route', async () => {
    for (const url of ['/', '/Login', '/login', '/HomeSecond', '/Station', '/index.html']) {
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await get(url, { ...html, 'accept-encoding': encoding });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        expect(decode(res.rawPayload).toString(), url).toBe(INDEX);
      }
      const plain = await get(url, html);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX);
    }
  });

  it('answers an unknown page with index.html and 404, still compressed and no-cache', async () => {
    const res = await get('/NoSuchPage', { ...html, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('answers a missing asset with the JSON 404, not the page', async () => {
    const res = await get('/assets/missing-123.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
