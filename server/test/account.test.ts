import { messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createEmployeeLogin } from './factories';
import { lastLinkTo, useTestApp } from './helper';

/**
 * Settings → Administrators and Upgrade Account on both databases: the account's real administrators, and plans
 * that set the administrator seats (Basic 1, Pro 5, Enterprise unlimited) with no payment taken.
 */
const t = useTestApp();
let a: Account;
let b: Account;

const call = (
  who: { auth: Record<string, string> } | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
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

describe('inviting and removing administrators', () => {
  it('a Basic account cannot add a second administrator; on Pro it can, who then logs in as a manager', async () => {
    const owner = await createAccount(t);
    const who = { name: 'Morgan Admin', email: `morgan${Date.now()}@example.com` };
    const full = await call(owner, 'POST', '/api/administrators', who);
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(messages.account.seatsFull('Basic Plan', 1));
    expect((await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' })).statusCode).toBe(200);

    const invited = await call(owner, 'POST', '/api/administrators', who);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      message: messages.account.adminInvited(who.email),
      data: { name: who.name, email: who.email, role: 'Administrator', permissions: 'Full' },
    });
    // The set-password mail, then a login with the manager's rights on the same account.
    const link = Object.fromEntries(new URL(lastLinkTo(t, who.email)).searchParams);
    const password = 'admin password 9';
    const set = await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...link, password, password_confirmation: password },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: who.email, password },
    });
    expect(login.statusCode).toBe(200);
    const admin = { auth: { authorization: `Bearer ${login.json().access_token}` } };
    const list = await call(admin, 'GET', '/api/administrators');
    expect(list.json().data.map((a: { email: string }) => a.email)).toEqual([owner.email, who.email]);
    // Seats: Pro has 5, two are taken; the plan cannot go back to Basic now.
    expect((await call(owner, 'GET', '/api/account/plan')).json()).toMatchObject({
      seats: 5,
      administrators: 2,
    });
    expect((await call(owner, 'PUT', '/api/account/plan', { plan: 'basic' })).statusCode).toBe(422);

    // Removing them ends their session at once.
    const id = invited.json().data.id;
    const removed = await call(owner, 'DELETE', `/api/administrators/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(messages.account.adminRemoved);
    expect((await call(admin, 'GET', '/api/administrators')).statusCode).toBe(401);
    expect((await call(owner, 'GET', '/api/account/plan')).json().administrators).toBe(1);
  });

  it('refuses to remove the owner, another account’s administrator, a taken e-mail and bad input', async () => {
    const owner = await createAccount(t);
    await call(owner, 'PUT', '/api/account/plan', { plan: 'enterprise' });
    const admins = (await call(owner, 'GET', '/api/administrators')).json().data;
    const self = await call(owner, 'DELETE', `/api/administrators/${admins[0].id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(messages.account.ownerCannotBeRemoved);
    // b's owner is no administrator of this account: 404, and nothing changes.
    expect((await call(owner, 'DELETE', `/api/administrators/${b.userId}`)).statusCode).toBe(404);
    expect((await call(b, 'GET', '/api/administrators')).json().data).toHaveLength(1);
    const taken = await call(owner, 'POST', '/api/administrators', { name: 'Copy', email: b.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.account.adminEmailTaken);
    expect(taken.json().code).toBe('account.admin_email_taken');
    for (const payload of [
      {},
      { name: 'X' },
      { name: 'X', email: 'not an email' },
      { name: 'X\u0000', email: 'x@example.com' },
      { name: 'x'.repeat(10_000), email: 'x@example.com' },
      { name: 'X', email: null },
    ]) {
      const res = await call(owner, 'POST', '/api/administrators', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(owner, 'GET', '/api/administrators')).json().data).toHaveLength(1);
  });
});
