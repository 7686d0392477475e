import { createHash } from 'node:crypto';
import { API_KEY_CALLS_PER_MINUTE, API_KEY_SCOPE_NAMES, messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createEmployee, createEmployeeLogin, insertPunch } from './factories';
import { useTestApp } from './helper';
import { multipart } from './proof/world';

const t = useTestApp();

let a: Account;
let b: Account;

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });

let n = 0;
const newValue = () => `pck_test_value_${Date.now()}_${(n += 1)}_abcdefghijklmnopqrstuvwxyz`;

async function makeKey(owner: Account, scopes?: string[], name = 'Payroll sync') {
  const value = newValue();
  const res = await call('POST', '/api/apikeys', owner.auth, { key_name: name, key_value: value, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, value, key: { 'x-api-key': value } };
}

describe('API keys (managers)', () => {
  it('creates a key from the spec’s multipart form, lists it masked, reveals, renames and deletes it', async () => {
    const value = newValue();
    const form = multipart('nofile', 'x.txt', 'text/plain', Buffer.from(''), {
      key_name: 'Form key',
      key_value: value,
      scopes: 'employees:read,punches:read',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/apikeys',
      ...form,
      headers: { ...form.headers, ...a.auth },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: messages.apiKeys.created,
      data: { key_name: 'Form key', scopes: ['employees:read', 'punches:read'], last_used_at: null },
    });
    const id = created.json().data.id as number;
    expect(created.json().data.key_value).toBe(`${'•'.repeat(12)}${value.slice(-4)}`);

    const list = await call('GET', '/api/apikeys', a.auth);
    expect(list.statusCode).toBe(200);
    const listed = list.json().all_keys.find((k: { id: number }) => k.id === id);
    expect(listed.key_value).not.toContain(value.slice(0, 10));
    expect(list.body).not.toContain(value);

    const revealed = await call('GET', `/api/apikeys/${id}/reveal`, a.auth);
    expect(revealed.json()).toEqual({ id, key_value: value });

    const renamed = await call('PUT', `/api/apikeys/${id}`, a.auth, { key_name: '  Renamed key ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: messages.apiKeys.updated,
      data: { id, key_name: 'Renamed key' },
    });

    const empty = await call('PUT', `/api/apikeys/${id}`, a.auth, { key_name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.apiKeys.nameEmpty);
    expect((await call('PUT', `/api/apikeys/${id}`, a.auth, {})).json().message).toBe(
      messages.apiKeys.nameEmpty,
    );

    const removed = await call('DELETE', `/api/apikeys/${id}`, a.auth);
    expect(removed.json()).toEqual({ message: messages.apiKeys.deleted });
    expect((await call('DELETE', `/api/apikeys/${id}`, a.auth)).statusCode).toBe(404);

    const actions = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', 'like', 'api_key.%')
      .orderBy('id')
      .execute();
    expect(actions.map((r) => r.action)).toEqual([
      'api_key.created',
      'api_key.revealed',
      'api_key.renamed',
      'api_key.deleted',
    ]);
  });

  it('stores the value encrypted and looked up by its SHA-256, never in plain text', async () => {
    const k = await makeKey(a);
    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(k.value).digest('hex'));
    expect(row.key_value).not.toContain(k.value);
    expect(row.key_value).not.toContain(k.value.slice(-12));
    expect(row.key_value).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(k.value);
    // The same value sealed twice differs (a fresh IV each time).
    const again = await makeKey(a);
    const row2 = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(row2.key_value.split('.')[1]).not.toBe(row.key_value.split('.')[1]);
    // A sealed value copied into another account's row does not open there (the account is bound in).
    const bKey = await makeKey(b);
    await t.db.updateTable('api_keys').set({ key_value: row.key_value }).where('id', '=', bKey.id).execute();
    expect((await call('GET', `/api/apikeys/${bKey.id}/reveal`, b.auth)).statusCode).toBe(404);
  });

  it('scopes default to every read scope; unknown scopes are refused', async () => {
    const res = await call('POST', '/api/apikeys', a.auth, { key_name: 'All', key_value: newValue() });
    expect(res.json().data.scopes).toEqual(API_KEY_SCOPE_NAMES);
    const bad = await call('POST', '/api/apikeys', a.auth, {
      key_name: 'Writer',
      key_value: newValue(),
      scopes: ['employees:write'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown scope.');
    const none = await call('POST', '/api/apikeys', a.auth, {
      key_name: 'None',
      key_value: newValue(),
      scopes: [],
    });
    expect(none.json().message).toBe('Choose at least one scope.');
  });

  it('refuses bad values and names with a message, never a 500', async () => {
    const cases: [object, string | RegExp][] = [
      [{ key_value: newValue() }, 'Key Name is required.'],
      [{ key_name: 'x' }, 'Key Value is required.'],
      [{ key_name: 'x', key_value: 'short' }, 'Key Value must be at least 32 characters long.'],
      [{ key_name: 'x', key_value: 'a'.repeat(31) }, 'Key Value must be at least 32 characters long.'],
      [{ key_name: 'x', key_value: 'a'.repeat(10_000) }, 'Key Value must be at most 200 characters long.'],
      [{ key_name: 'x', key_value: `${'a'.repeat(20)} ${'b'.repeat(20)}` }, /spaces or control characters/],
      [{ key_name: 'x', key_value: `${'a'.repeat(40)}\u0000` }, /control characters/],
      [{ key_name: 'n'.repeat(81), key_value: newValue() }, 'Key Name must be at most 80 characters.'],
      [{ key_name: 5, key_value: newValue() }, 'Key Name must be text.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/apikeys', a.auth, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // A value already used by a key (of any account) is refused.
    const k = await makeKey(a);
    const dup = await call('POST', '/api/apikeys', b.auth, { key_name: 'Copy', key_value: k.value });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(messages.apiKeys.valueTaken);
    expect(dup.json().code).toBe('api_key.value_taken');
    // A multipart body that is not a complete form.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/apikeys',
      headers: { ...a.auth, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="key_name"\r\n\r\nhalf',
    });
    expect(broken.statusCode).toBe(400);
  });

  it("only managers; another account's key ids answer 404 and change nothing", async () => {
    const k = await makeKey(a, undefined, 'A key');
    const employee = await createEmployeeLogin(t, a);
    expect((await call('GET', '/api/apikeys', employee.auth)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/apikeys', employee.auth, { key_name: 'x', key_value: newValue() }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/apikeys', {})).statusCode).toBe(401);

    expect((await call('GET', `/api/apikeys/${k.id}/reveal`, b.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/api/apikeys/${k.id}`, b.auth, { key_name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/apikeys/${k.id}`, b.auth)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/apikeys', b.auth)).json().all_keys.some((x: { id: number }) => x.id === k.id),
    ).toBe(false);
    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', k.id)
      .executeTakeFirstOrThrow();
    expect(row.key_name).toBe('A key');
  });
});

describe('the integration API (X-API-Key)', () => {
  let owner: Account;
  let other: Account;
  let victim: { id: number; code: string };
  let otherEmployee: { id: number; code: string };

  beforeAll(async () => {
    owner = await createAccount(t);
    other = await createAccount(t);
    victim = await createEmployee(t, owner, { name: 'Ada Lopez', hourly_rate: '18.50' });
    otherEmployee = await createEmployee(t, other, { name: 'Other Person' });
    await insertPunch(t, owner.accountId, victim.id, {
      time_in: '2026-03-02T09:00:00.000Z',
      time_out: '2026-03-02T17:00:00.000Z',
    });
    await insertPunch(t, owner.accountId, victim.id, {
      time_in: '2026-03-03T09:00:00.000Z',
      time_out: '2026-03-03T12:30:00.000Z',
    });
    await insertPunch(t, other.accountId, otherEmployee.id, { time_in: '2026-03-02T09:00:00.000Z' });
  });

  it("reads its own account's employees, departments, punches and reports", async () => {
    const k = await makeKey(owner);
    const employees = await call('GET', '/api/integration/employees', k.key);
    expect(employees.statusCode, employees.body).toBe(200);
    expect(employees.json().data).toEqual([
      expect.objectContaining({
        id: victim.id,
        employee_id: victim.code,
        name: 'Ada Lopez',
        hourly_rate: '18.50',
      }),
    ]);
    expect(employees.body).not.toContain('Other Person');
    expect(employees.body).not.toMatch(/"pin"/);

    const departments = await call('GET', '/api/integration/departments', k.key);
    expect(departments.statusCode).toBe(200);
    expect(departments.json().data).toHaveLength(1);

    const punches = await call(
      'GET',
      '/api/integration/punches?start_date=2026-03-01&end_date=2026-03-31',
      k.key,
    );
    expect(punches.statusCode).toBe(200);
    expect(
      punches
        .json()
        .data.map((p: { work_date: string; employee_id: string }) => [p.work_date, p.employee_id]),
    ).toEqual([
      ['2026-03-02', victim.code],
      ['2026-03-03', victim.code],
    ]);
    // Paged: one a page, the cursor leads to the next.
    const first = (
      await call('GET', '/api/integration/punches?start_date=2026-03-01&end_date=2026-03-31&limit=1', k.key)
    ).json();
    expect(first.data).toHaveLength(1);
    const second = (
      await call(
        'GET',
        `/api/integration/punches?start_date=2026-03-01&end_date=2026-03-31&limit=1&cursor=${first.next_cursor}`,
        k.key,
      )
    ).json();
    expect(second.data[0].work_date).toBe('2026-03-03');
    expect(second.next_cursor).toBeNull();

    // Daily Summary over both days: 8 h and 3.5 h = 690 minutes, worked out by hand (UTC account, no rounding).
    const report = await call(
      'GET',
      `/api/integration/reports/daily-summary?start_date=2026-03-01&end_date=2026-03-31&employee_id=${victim.id}`,
      k.key,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().report).toBe('Daily Summary');
    expect(report.json().data).toHaveLength(2);
    const minuteKeys = report
      .json()
      .columns.filter((c: { kind: string }) => c.kind === 'hours')
      .map((c: { key: string }) => c.key);
    expect(minuteKeys.length).toBeGreaterThan(0);
    expect(report.json().totals[minuteKeys[0]]).toBe(690);
    const list = await call('GET', '/api/integration/reports', k.key);
    expect(list.json().data.map((r: { name: string }) => r.name)).toContain('Daily Summary');
  });

  it("cannot read another account: the other account's ids are not found and its rows never appear", async () => {
    const k = await makeKey(owner);
    const report = await call(
      'GET',
      `/api/integration/reports/Daily%20Summary?start_date=2026-03-01&end_date=2026-03-31&employee_id=${otherEmployee.id}`,
      k.key,
    );
    expect(report.statusCode).toBe(404);
    const punches = await call(
      'GET',
      `/api/integration/punches?start_date=2026-03-01&end_date=2026-03-31&employee_id=${otherEmployee.code}`,
      k.key,
    );
    expect(punches.json().data).toEqual([]);
    const otherKey = await makeKey(other);
    const theirs = await call('GET', '/api/integration/employees', otherKey.key);
    expect(theirs.json().data.map((e: { id: number }) => e.id)).toEqual([otherEmployee.id]);
  });

  it('is held to its scopes', async () => {
    const k = await makeKey(owner, ['departments:read']);
    expect((await call('GET', '/api/integration/departments', k.key)).statusCode).toBe(200);
    const refused = await call('GET', '/api/integration/employees', k.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.apiKeys.scopeMissing('employees:read'));
    expect(
      (await call('GET', '/api/integration/punches?start_date=2026-03-01&end_date=2026-03-02', k.key))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          '/api/integration/reports/Timesheet?start_date=2026-03-01&end_date=2026-03-02',
          k.key,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/integration/reports', k.key)).statusCode).toBe(403);
  });

  it('can never write: every write route of the app answers 401 to a key alone', async () => {
    const k = await makeKey(owner);
    const doc = (await call('GET', '/api/docs/json', {})).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    let writes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (method === 'get' || (op.security && op.security.length === 0)) continue;
        const url = path.replace(/\{[^}]+\}/g, String(victim.id));
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: k.key,
          payload: { name: 'Hacked', key_name: 'x', question: 'q', answer: 'a', employee_id: victim.code },
        });
        expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(401);
        writes += 1;
      }
    }
    expect(writes).toBeGreaterThan(25);
    // Nor can it manage keys or read manager-only lists.
    expect((await call('GET', '/api/apikeys', k.key)).statusCode).toBe(401);
    expect((await call('GET', '/api/employees', k.key)).statusCode).toBe(401);
    expect((await call('GET', '/api/apikeys', { authorization: `Bearer ${k.value}` })).statusCode).toBe(401);
  });

  it('refuses a missing key, a NUL byte, 10,000 characters, a made-up key and a deleted key', async () => {
    const k = await makeKey(owner);
    const refused = async (headers: Headers) => {
      const res = await call('GET', '/api/integration/departments', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(messages.apiKeys.invalid);
    };
    await refused({});
    await refused({ 'x-api-key': '' });
    await refused({ 'x-api-key': `${k.value.slice(0, 20)}\u0000${k.value.slice(20)}` });
    await refused({ 'x-api-key': `${k.value}\u0000` });
    await refused({ 'x-api-key': 'k'.repeat(10_000) });
    await refused({ 'x-api-key': `${k.value}x` });
    await refused({ authorization: `Bearer ${k.value}` });
    // A manager's login token is not a key either.
    await refused({ 'x-api-key': owner.token });

    expect((await call('GET', '/api/integration/departments', k.key)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/apikeys/${k.id}`, owner.auth)).statusCode).toBe(200);
    await refused(k.key);
  });

  it("refuses another account's key on this account's data: it only ever reads its own account", async () => {
    const otherKey = await makeKey(other, ['punches:read', 'reports:read']);
    const res = await call(
      'GET',
      `/api/integration/reports/Employee%20Details?start_date=2026-03-01&end_date=2026-03-31&employee_id=${victim.id}`,
      otherKey.key,
    );
    expect(res.statusCode).toBe(404);
    const punches = await call(
      'GET',
      '/api/integration/punches?start_date=2026-03-01&end_date=2026-03-31',
      otherKey.key,
    );
    expect(
      punches.json().data.every((p: { employee_ref: number }) => p.employee_ref === otherEmployee.id),
    ).toBe(true);
  });

  it('writes each use to the activity log and stamps last used at most once a minute', async () => {
    const k = await makeKey(owner, undefined, 'Logger');
    const logs = () =>
      t.db
        .selectFrom('activity_logs')
        .select(['details', 'user_id'])
        .where('account_id', '=', owner.accountId)
        .where('action', '=', 'api_key.used')
        .where('details', 'like', `%"key_id":${k.id},%`)
        .execute();
    expect(await logs()).toHaveLength(0);
    await call('GET', '/api/integration/departments', k.key);
    await call('GET', '/api/integration/employees?limit=5', k.key);
    const entries = await logs();
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[1].details!)).toEqual({
      key_id: k.id,
      key_name: 'Logger',
      method: 'GET',
      path: '/api/integration/employees?limit=5',
    });
    const used = async () =>
      (
        await t.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', k.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const stamped = await used();
    expect(stamped).not.toBeNull();
    const listed = (await call('GET', '/api/apikeys', owner.auth))
      .json()
      .all_keys.find((x: { id: number }) => x.id === k.id);
    expect(listed.last_used_at).toBe(stamped);
    // Within the minute the stamp stays; an older stamp is renewed.
    await call('GET', '/api/integration/departments', k.key);
    expect(await used()).toBe(stamped);
    await t.db
      .updateTable('api_keys')
      .set({ last_used_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', k.id)
      .execute();
    await call('GET', '/api/integration/departments', k.key);
    expect(await used()).not.toBe('2026-01-01T00:00:00.000Z');
  });

  it(`answers 429 past ${API_KEY_CALLS_PER_MINUTE} calls a minute, without logging them`, async () => {
    const k = await makeKey(owner);
    for (let i = 0; i < API_KEY_CALLS_PER_MINUTE - 1; i++)
      await t.app.deps.limiter.hit(`api-key:${k.id}`, API_KEY_CALLS_PER_MINUTE, 60_000);
    expect((await call('GET', '/api/integration/departments', k.key)).statusCode).toBe(200);
    const over = await call('GET', '/api/integration/departments', k.key);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(messages.general.tooManyRequests);
    // When to try again: the rest of the minute, in whole seconds.
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('action', '=', 'api_key.used')
      .where('details', 'like', `%"key_id":${k.id},%`)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses bad query input with a message', async () => {
    const k = await makeKey(owner);
    const cases = [
      '/api/integration/punches',
      '/api/integration/punches?start_date=2026-03-05&end_date=2026-03-01',
      '/api/integration/punches?start_date=2026-02-30&end_date=2026-03-01',
      '/api/integration/punches?start_date=2026-03-01&end_date=2026-03-02&cursor=notacursor',
      '/api/integration/employees?limit=0',
      '/api/integration/employees?limit=abc',
      '/api/integration/reports/No%20Such%20Report',
      '/api/integration/reports/Daily%20Summary?start_date=yesterday',
      '/api/integration/reports/Department%20Members',
    ];
    for (const url of cases) {
      const res = await call('GET', url, k.key);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('documents every integration call in OpenAPI with the key header and an example', async () => {
    const doc = (await call('GET', '/api/docs/json', {})).json() as {
      components: { securitySchemes: Record<string, { name?: string }> };
      paths: Record<
        string,
        {
          get: {
            security: unknown[];
            responses: Record<string, { content: Record<string, { example?: unknown }> }>;
          };
        }
      >;
    };
    expect(doc.components.securitySchemes.apiKey.name).toBe('X-API-Key');
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/integration/'));
    expect(paths.sort()).toEqual([
      '/api/integration/departments',
      '/api/integration/employees',
      '/api/integration/punches',
      '/api/integration/reports',
      '/api/integration/reports/{name}',
    ]);
    for (const p of paths) {
      expect(doc.paths[p].get.security, p).toEqual([{ apiKey: [] }]);
      expect(doc.paths[p].get.responses['200'].content['application/json'].example, p).toBeTruthy();
    }
  });
});
