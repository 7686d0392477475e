import { messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createEmployeeLogin } from './factories';
import { useTestApp } from './helper';

/**
 * Settings → Administrators and Upgrade Account on both databases: the account's real administrators, and plans
 * that set the administrator seats (Basic 1, Pro 5, Enterprise unlimited) with no payment taken.
 */
const t = useTestApp();
let a: Account;
let b: Account;

const call = (
  who: { auth: Record<string, string> } | null,
  method: 'GET' | 'PUT',
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload: payload as object });

/** A second manager of `owner`'s account, written directly (inviting administrators comes with issue 13). */
async function addAdministrator(owner: Account, name: string) {
  const at = new Date().toISOString();
  await t.db
    .insertInto('users')
    .values({
      account_id: owner.accountId,
      user_type: 'user',
      employee_ref: null,
      name,
      username: `${name.toLowerCase().replace(/\W/g, '')}${Date.now()}`,
      email: `${name.toLowerCase().replace(/\W/g, '')}${Date.now()}@example.com`,
      password_hash: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
});

describe('administrators', () => {
  it('lists the account’s managers, the owner first, with full access; never another account’s', async () => {
    await addAdministrator(a, 'Aaron Second');
    const res = await call(a, 'GET', '/api/administrators');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ role: 'Owner', permissions: 'Full', departments: 'All' });
    expect(rows[1]).toMatchObject({ name: 'Aaron Second', role: 'Administrator' });
    const other = (await call(b, 'GET', '/api/administrators')).json().data;
    expect(other).toHaveLength(1);
    expect(other[0].role).toBe('Owner');
    expect(JSON.stringify(other)).not.toContain('Aaron Second');
  });

  it('refuses employees (403) and callers without a token (401)', async () => {
    const worker = await createEmployeeLogin(t, a);
    expect((await call(worker, 'GET', '/api/administrators')).statusCode).toBe(403);
    expect((await call(worker, 'PUT', '/api/account/plan', { plan: 'enterprise' })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/account/plan')).statusCode).toBe(401);
  });
});

describe('plans', () => {
  it('starts on Basic; a change takes effect at once, is logged, and takes no payment', async () => {
    const fresh = await createAccount(t);
    expect((await call(fresh, 'GET', '/api/account/plan')).json()).toEqual({
      plan: 'basic',
      seats: 1,
      administrators: 1,
      payments: false,
    });
    const up = await call(fresh, 'PUT', '/api/account/plan', { plan: 'enterprise' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      message: messages.account.planChanged('Enterprise Plan'),
      plan: 'enterprise',
      seats: null,
    });
    expect((await call(fresh, 'GET', '/api/account/plan')).json().plan).toBe('enterprise');
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', fresh.accountId)
      .where('action', '=', 'account.plan_changed')
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(String(log[0].details))).toEqual({
      old: { plan: 'basic' },
      new: { plan: 'enterprise' },
    });
    // Another account's plan did not move.
    expect((await call(b, 'GET', '/api/account/plan')).json().plan).toBe('basic');
  });

  it('refuses a plan with fewer seats than the account has administrators, and says why', async () => {
    const team = await createAccount(t);
    expect((await call(team, 'PUT', '/api/account/plan', { plan: 'pro' })).statusCode).toBe(200);
    await addAdministrator(team, 'Second Admin');
    const down = await call(team, 'PUT', '/api/account/plan', { plan: 'basic' });
    expect(down.statusCode).toBe(422);
    expect(down.json().message).toBe(messages.account.planTooSmall('Basic Plan', 1, 2));
    expect((await call(team, 'GET', '/api/account/plan')).json()).toMatchObject({
      plan: 'pro',
      administrators: 2,
    });
  });

  it('answers 400 with a message for an unknown, missing or hostile plan', async () => {
    for (const payload of [
      { plan: 'platinum' },
      {},
      { plan: null },
      { plan: 'pro\u0000' },
      { plan: 'x'.repeat(10_000) },
      [],
    ]) {
      const res = await call(a, 'PUT', '/api/account/plan', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call(a, 'GET', '/api/account/plan')).json().plan).toBe('basic');
  });
});
