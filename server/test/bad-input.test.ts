import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';

const t = useTestApp();

// Every call of the foundation, with the kinds of wrong input a client or an attacker can send.
// `reads` says whether the call reads its body: one that ignores it (logout) may answer 200.
const calls: { method: 'POST' | 'GET' | 'PUT'; url: string; auth: boolean; reads: boolean }[] = [
  { method: 'POST', url: '/api/register', auth: false, reads: true },
  { method: 'POST', url: '/api/login', auth: false, reads: true },
  { method: 'POST', url: '/api/logout', auth: true, reads: false },
  { method: 'POST', url: '/api/forgot-password', auth: false, reads: true },
  { method: 'POST', url: '/password-update', auth: false, reads: true },
  { method: 'POST', url: '/api/change-password', auth: true, reads: true },
  { method: 'POST', url: '/api/generate-qr-code', auth: true, reads: false },
  { method: 'POST', url: '/api/get-profile-picture', auth: true, reads: false },
  { method: 'POST', url: '/api/upload-profile', auth: true, reads: true },
  // People (issue 3): ids that are not the caller's answer 404 at worst, bodies are checked first.
  { method: 'POST', url: '/employees', auth: true, reads: true },
  { method: 'PUT', url: '/employees/1', auth: true, reads: true },
  // Every search field is optional, so a body of other fields is a search for everything.
  { method: 'POST', url: '/api/search', auth: true, reads: false },
  { method: 'POST', url: '/allemployees', auth: true, reads: true },
  { method: 'POST', url: '/employees/import', auth: true, reads: true },
  { method: 'POST', url: '/departments', auth: true, reads: true },
  { method: 'PUT', url: '/departments/1', auth: true, reads: true },
  { method: 'POST', url: '/alldepartments', auth: true, reads: true },
  { method: 'POST', url: '/api/fields', auth: true, reads: true },
  { method: 'PUT', url: '/api/fields/1', auth: true, reads: true },
  { method: 'POST', url: '/api/employees/1/regenerate-badge', auth: true, reads: true },
];

const bodies: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"email": "a@b.co",'],
  ['a JSON array', 'application/json', '[1,2,3]'],
  ['JSON null', 'application/json', 'null'],
  [
    'wrong types',
    'application/json',
    JSON.stringify({
      email: 12,
      password: true,
      name: {},
      user_id: { $ne: 1 },
      current_password: [],
      token: 5,
      expires: 'x',
      signature: null,
    }),
  ],
  [
    'oversized strings',
    'application/json',
    JSON.stringify({ email: `${'a'.repeat(900_000)}@b.co`, password: 'p'.repeat(1000) }),
  ],
  ['a form body', 'application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
  ['plain text', 'text/plain', 'hello'],
];

describe.each(calls)('$method $url', ({ method, url, auth, reads }) => {
  it.each(bodies)(
    'never fails with a 500 for %s, and a refusal carries a message',
    async (name, type, payload) => {
      const s = auth ? await signUp(t.app) : null;
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': type, ...(s ? s.auth : {}) },
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (reads || name === 'malformed JSON') expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      if (res.statusCode >= 400) expect(res.json().message).toMatch(/\w/);
      expect(res.body).not.toMatch(/at .*\.ts:\d+|stack/i);
    },
  );

  it.runIf(auth)('answers 401 for a revoked token and another account cannot use it', async () => {
    const s = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: s.auth });
    const res = await t.app.inject({ method, url, headers: s.auth, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
