import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect, useTestApp } from '../helper';
import { CALLERS, type Caller, routeNames, TABLE } from './route-table';
import {
  leaksInternals,
  MARKER,
  OTHER_DEPARTMENT_ROWS,
  otherDepartmentsSnapshot,
  seedWorld,
  snapshot,
  type World,
} from './world';

// A built web app, so its routes are in the table too.
const webDist = mkdtempSync(join(tmpdir(), 'proof-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Punchclock</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
// The app's own route table, as it declares it.
const seen: string[] = [];
const t = useTestApp({ WEB_DIST: webDist }, { onRoute: (route) => seen.push(...routeNames(route)) });

let w: World;
beforeAll(async () => {
  w = await seedWorld(t);
});

async function headersOf(caller: Caller): Promise<Record<string, string>> {
  switch (caller) {
    case 'nobody':
      return {};
    case 'revoked':
      return w.revoked;
    case 'employee':
      return w.employee.auth;
    case 'station':
      return w.station.auth;
    case 'other':
      return w.b.auth;
    case 'scoped':
      return w.scoped.auth;
  }
}

/** A new session (after a call that ended the old one). */
async function login(email: string, password: string): Promise<{ authorization: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token}` };
}

describe('every route, every caller', () => {
  it('the table names exactly the routes of the app', () => {
    const routes = [...new Set(seen)].sort();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !(r in TABLE));
    const stale = Object.keys(TABLE).filter((r) => !routes.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('answers each caller as the table says, and never shows or changes account A to another', async () => {
    const failures: string[] = [];
    let checks = 0;
    const scopedAnswered: string[] = [];
    const routes = [...new Set(seen)].filter((r) => r in TABLE).sort();
    for (const route of routes) {
      const entry = TABLE[route];
      const [method, path] = route.split(' ');
      for (const caller of CALLERS) {
        const req = entry.req?.(w) ?? {};
        const beforeA =
          caller === 'other' || caller === 'nobody' || caller === 'revoked'
            ? await snapshot(t, w.a.accountId)
            : null;
        const beforeOthers = caller === 'scoped' ? await otherDepartmentsSnapshot(t, w) : null;
        const res = await t.app.inject({
          method: method as 'GET',
          url: req.url ?? path,
          headers: { ...(await headersOf(caller)), ...req.headers },
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
        });
        checks += 1;
        const where = `${route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
        if (leaksInternals(res.body)) failures.push(`internals: ${where}`);
        const expected = entry.expect?.[caller];
        if (expected !== undefined && res.statusCode !== expected)
          failures.push(`expected ${expected}: ${where}`);
        if (caller === 'scoped') {
          // Another department's employee, punch, report or export: refused, or answered with their own rows only.
          const refused = res.statusCode === 403 || res.statusCode === 404;
          if (!entry.public && res.statusCode < 300) scopedAnswered.push(route);
          if (!entry.public && expected === undefined && !refused && res.statusCode >= 300)
            failures.push(`scoped administrator neither refused nor answered: ${where}`);
          if (res.statusCode < 300 && OTHER_DEPARTMENT_ROWS.some((row) => res.body.includes(row)))
            failures.push(`scoped administrator sees another department: ${where}`);
          if ((await otherDepartmentsSnapshot(t, w)) !== beforeOthers)
            failures.push(`scoped administrator changed another department: ${where}`);
        }
        if (!entry.public && caller === 'employee' && res.statusCode < 300 && res.body.includes(MARKER))
          failures.push(`employee sees account rows: ${where}`);
        if (caller === 'other' || caller === 'nobody' || caller === 'revoked') {
          if (res.body.includes(MARKER)) failures.push(`leak of account A: ${where}`);
          const afterA = await snapshot(t, w.a.accountId);
          if (JSON.stringify(afterA) !== JSON.stringify(beforeA))
            failures.push(`account A changed: ${where} ${JSON.stringify({ beforeA, afterA })}`);
        }
        if (route === 'POST /api/logout' && caller === 'employee')
          w.employee.auth = await login(w.employee.email, w.employeePassword);
        if (route === 'POST /api/logout' && caller === 'other')
          w.b.auth = await login(w.b.email, w.b.password);
        if (route === 'POST /api/logout' && caller === 'scoped')
          w.scoped.auth = await login(w.scoped.email, w.scoped.password);
      }
    }
    const publicCount = routes.filter((r) => TABLE[r].public).length;
    console.log(
      `[proof:routes ${dialect}] ${routes.length} routes (${publicCount} public) × ${CALLERS.length} callers = ${checks} checks; ` +
        `the scoped administrator answered with own rows on ${scopedAnswered.length}: ${scopedAnswered.join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
