import { messages } from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';
import {
  callerOf,
  inviteScoped,
  iso,
  lastSunday,
  lastWeek,
  ok,
  thisWeek,
  type Who,
} from './pay-period-support';

/**
 * Employees confirm their timesheet (docs/RULES.md#pay-periods, "Timesheet confirmations") over HTTP on both
 * databases: the account's option (off by default), an employee's current and last period with its punches,
 * confirming (twice is harmless), the refusals (option off, a day no period starts on, a period not started, a
 * manager or station calling, bad input), the confirmations in the approver's list, two accounts apart, and
 * approval not waiting for confirmations. The accounts are in UTC with weekly periods from Monday 2024-01-01.
 */
const t = useTestApp();
const call = callerOf(t);
const refused = (res: LightMyRequestResponse, status: number, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.message).toBeTruthy();
  if (code) expect(body.code).toBe(code);
  return body;
};
const weekly = { frequency: 'weekly', anchor_date: '2024-01-01' };

let owner: Account;
let other: Account;
let scoped: Who;
let emp: { id: number; auth: { authorization: string } };
let otherEmp: { id: number; auth: { authorization: string } };
let dept: number;

beforeAll(async () => {
  owner = await createAccount(t);
  other = await createAccount(t);
  ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
  dept = (await createDepartment(t, owner, { dp_name: 'Floor' })).id;
  const otherDept = (await createDepartment(t, owner, { dp_name: 'Yard' })).id;
  emp = await createEmployeeLogin(t, owner, { name: 'Cora Confirm', department_id: dept });
  await createEmployee(t, owner, { name: 'Nina Noconfirm', department_id: dept });
  scoped = await inviteScoped(t, owner, otherDept);
  otherEmp = await createEmployeeLogin(t, other, { name: 'Otto Other' });
  for (const a of [owner, other]) ok(await call(a, 'PUT', '/api/pay-periods/settings', weekly));
  // Last week: Monday 09:00-17:30 (510 min) and Tuesday 08:00-12:15 (255 min): 765 min worked.
  await insertPunch(t, owner.accountId, emp.id, {
    time_in: iso(lastWeek, '09:00'),
    time_out: iso(lastWeek, '17:30'),
  });
  const tuesday = addDays(lastWeek, 1);
  await insertPunch(t, owner.accountId, emp.id, {
    time_in: iso(tuesday, '08:00'),
    time_out: iso(tuesday, '12:15'),
  });
});

describe('the option', () => {
  it('is off by default: confirming is refused 403 period.confirm_off and nothing is stored', async () => {
    expect(ok(await call(owner, 'GET', '/api/pay-periods/confirm-settings'))).toEqual({
      employees_confirm: false,
    });
    const body = refused(await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }), 403);
    expect(body).toMatchObject({ code: 'period.confirm_off', message: messages.confirmations.off });
    const rows = await t.db.selectFrom('pay_period_confirmations').selectAll().execute();
    expect(rows).toEqual([]);
    expect(ok(await call(emp, 'GET', '/api/pay-periods/mine')).employees_confirm).toBe(false);
  });

  it('is set by the owner only; bad input is a 400', async () => {
    refused(await call(scoped, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }), 403);
    refused(await call(emp, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }), 403);
    refused(await call(null, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }), 401);
    for (const bad of [
      {},
      { employees_confirm: 'yes' },
      { employees_confirm: 1 },
      { employees_confirm: true, x: 1 },
    ])
      refused(await call(owner, 'PUT', '/api/pay-periods/confirm-settings', bad), 400);
    expect(ok(await call(owner, 'GET', '/api/pay-periods/confirm-settings'))).toEqual({
      employees_confirm: false,
    });
    const saved = ok(
      await call(owner, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }),
    );
    expect(saved).toEqual({
      message: messages.confirmations.settingSaved(true),
      data: { employees_confirm: true },
    });
    ok(await call(other, 'PUT', '/api/pay-periods/confirm-settings', { employees_confirm: true }));
    // The other account's option is its own.
    expect(ok(await call(owner, 'GET', '/api/pay-periods/confirm-settings'))).toEqual({
      employees_confirm: true,
    });
  });
});

describe("an employee's periods", () => {
  it('lists the current then the last period with the punches of the Activity report and their total', async () => {
    // A department left out of reports still sees its own timesheet.
    await t.db.updateTable('departments').set({ exclude_from_reports: 1 }).where('id', '=', dept).execute();
    const mine = ok(await call(emp, 'GET', '/api/pay-periods/mine'));
    expect(mine.employees_confirm).toBe(true);
    expect(
      mine.data.map((p: { start_date: string; end_date: string }) => [p.start_date, p.end_date]),
    ).toEqual([
      [thisWeek, addDays(thisWeek, 6)],
      [lastWeek, lastSunday],
    ]);
    const last = mine.data[1];
    expect(last).toMatchObject({ status: 'open', ended: true, confirmed_at: null, worked_minutes: 765 });
    expect(last.punches).toEqual([
      {
        date: lastWeek,
        type: 'None',
        time_in: iso(lastWeek, '09:00'),
        time_out: iso(lastWeek, '17:30'),
        minutes: 510,
      },
      {
        date: addDays(lastWeek, 1),
        type: 'None',
        time_in: iso(addDays(lastWeek, 1), '08:00'),
        time_out: iso(addDays(lastWeek, 1), '12:15'),
        minutes: 255,
      },
    ]);
    expect(mine.data[0]).toMatchObject({ ended: false, punches: [], worked_minutes: 0 });
  });

  it('is for employees only: a manager gets 403, no token 401', async () => {
    refused(await call(owner, 'GET', '/api/pay-periods/mine'), 403);
    refused(await call(null, 'GET', '/api/pay-periods/mine'), 401);
  });
});

describe('confirming', () => {
  it('confirms the last and the current period; twice keeps the first time and logs once', async () => {
    const first = ok(await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }));
    expect(first).toMatchObject({
      message: messages.confirmations.confirmed(lastWeek, lastSunday),
      data: { start_date: lastWeek, end_date: lastSunday },
    });
    const again = ok(await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }));
    expect(again.data.confirmed_at).toBe(first.data.confirmed_at);
    ok(await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: thisWeek }));
    const logs = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', owner.accountId)
      .where('action', '=', 'pay_period.confirmed')
      .execute();
    expect(logs).toHaveLength(2);
    const mine = ok(await call(emp, 'GET', '/api/pay-periods/mine'));
    expect(mine.data[1].confirmed_at).toBe(first.data.confirmed_at);
    expect(mine.data[0].confirmed_at).toBeTruthy();
  });

  it('refuses a day no period starts on (404), a period not started (422), bad input (400), managers (403)', async () => {
    refused(
      await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: addDays(lastWeek, 1) }),
      404,
      'period.not_found',
    );
    const next = addDays(thisWeek, 7);
    const body = refused(
      await call(emp, 'POST', '/api/pay-periods/confirm', { start_date: next }),
      422,
      'period.not_started',
    );
    expect(body.message).toBe(messages.confirmations.notStarted(next));
    for (const bad of [
      {},
      { start_date: 'last week' },
      { start_date: '2024-02-30' },
      { start_date: lastWeek, x: 1 },
    ])
      refused(await call(emp, 'POST', '/api/pay-periods/confirm', bad), 400);
    refused(await call(owner, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }), 403);
    refused(await call(scoped, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }), 403);
    refused(await call(null, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }), 401);
    const stored = await t.db
      .selectFrom('pay_period_confirmations')
      .select(['start_date', 'employee_ref'])
      .where('account_id', '=', owner.accountId)
      .orderBy('start_date')
      .execute();
    expect(stored).toEqual([
      { start_date: lastWeek, employee_ref: emp.id },
      { start_date: thisWeek, employee_ref: emp.id },
    ]);
  });
});

describe("the approver's list", () => {
  it('shows who confirmed, per account; a scoped administrator sees only their departments', async () => {
    ok(await call(otherEmp, 'POST', '/api/pay-periods/confirm', { start_date: lastWeek }));
    const list = ok(await call(owner, 'GET', `/api/pay-periods?from=${lastWeek}&to=${lastSunday}`)).data;
    expect(list).toHaveLength(1);
    expect(list[0].confirmations_count).toBe(1);
    expect(list[0].confirmations).toEqual([
      {
        employee_ref: emp.id,
        employee_id: expect.any(String),
        employee_name: 'Cora Confirm',
        confirmed_at: expect.any(String),
      },
    ]);
    const theirs = ok(await call(other, 'GET', `/api/pay-periods?from=${lastWeek}&to=${lastSunday}`)).data;
    expect(theirs[0].confirmations.map((c: { employee_name: string }) => c.employee_name)).toEqual([
      'Otto Other',
    ]);
    // The scoped administrator reaches the Yard only, where nobody confirmed.
    const yard = ok(await call(scoped, 'GET', `/api/pay-periods?from=${lastWeek}&to=${lastSunday}`)).data;
    expect(yard[0]).toMatchObject({ confirmations: [], confirmations_count: 0 });
  });

  it('approves a period whose employees did not all confirm; the employee then sees it approved', async () => {
    const approved = ok(await call(owner, 'POST', '/api/pay-periods/approve', { start_date: lastWeek }));
    expect(approved.data.status).toBe('approved');
    const mine = ok(await call(emp, 'GET', '/api/pay-periods/mine'));
    expect(mine.data[1]).toMatchObject({ start_date: lastWeek, status: 'approved' });
  });
});
