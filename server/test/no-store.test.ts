import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';

// A stand-in for the built web app, so the static files and the page answer come from the real plugin.
const webDist = mkdtempSync(join(tmpdir(), 'punchclock-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Punchclock</title>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');

const t = useTestApp({ WEB_DIST: webDist });

describe('Cache-Control', () => {
  it.each([
    ['GET', '/api/get-user'],
    ['GET', '/api/employees'],
    ['GET', '/departments'],
    ['GET', '/settings'],
    ['GET', '/api/settings'],
    ['GET', '/api/fields'],
    ['GET', '/api/stations'],
    ['POST', '/api/search'],
  ] as const)('%s %s answers no-store', async (method, url) => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method,
      url,
      headers: { ...s.auth, accept: 'application/json' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('error answers and public calls are no-store too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['cache-control']).toBe('no-store');
    const noToken = await t.app.inject({ method: 'GET', url: '/api/employees' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('keeps the headers of the web app: no-cache for the page, a year and immutable for hashed assets', async () => {
    for (const url of ['/', '/Login', '/Employee']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    // A bare API path that is also a page: the browser navigation still gets the page's header.
    const settingsPage = await t.app.inject({
      method: 'GET',
      url: '/Settings',
      headers: { accept: 'text/html' },
    });
    expect(settingsPage.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['cache-control']).not.toMatch(/no-store/);
  });
});
