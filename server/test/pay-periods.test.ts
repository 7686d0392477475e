import { createHash } from 'node:crypto';
import { messages } from '@punchclock/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthEnd } from '../src/modules/pay-periods/period-calendar';
import { addDays } from '../src/modules/time/calendar';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from './factories';
import { dialect, useTestApp } from './helper';
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
 * Pay periods over HTTP on both databases (docs/RULES.md#pay-periods): settings, the list, approval and its
 * refusals, the locked-period rule on every write path (manual create, edit, delete, sync, hand-over, accepting a
 * punch issue, rates, pay rules), reopening with a reason, review marks, and one winner of concurrent approvals.
 * The account is in UTC with weekly periods from Monday 2024-01-01; "last week" is the week before today's.
 */
const t = useTestApp();
const call = callerOf(t);
const lockedMessage = messages.payPeriods.locked(lastWeek, lastSunday);

let owner: Account;
let other: Account;
let scoped: Who;
let employee: Who;
let dept: number;
let worker: { id: number; code: string };
const weekly = { frequency: 'weekly', anchor_date: '2024-01-01' };
const manual = (date: string, time_in: string, time_out: string, employee_id = worker.id) => ({
  employee_id,
  date,
  time_in,
  time_out,
  type: 'None',
  deduction: 'Auto',
});
const periods = async (who: Who, from = lastWeek, to = lastSunday) =>
  ok(await call(who, 'GET', `/api/pay-periods?from=${from}&to=${to}`)).data as {
    start_date: string;
    end_date: string;
    status: string;
    approved_by: string | null;
    checksum: string | null;
    reviews: { department: string; reviewed_by: string | null }[];
  }[];

beforeAll(async () => {
  owner = await createAccount(t);
  other = await createAccount(t);
  ok(await call(owner, 'PUT', '/api/account/plan', { plan: 'pro' }));
  dept = (await createDepartment(t, owner, { dp_name: 'Floor' })).id;
  worker = await createEmployee(t, owner, { name: 'Wes Worker', department_id: dept, hourly_rate: '20.00' });
  employee = (await createEmployeeLogin(t, owner, { department_id: dept })) as Who;
  scoped = await inviteScoped(t, owner, dept);
  ok(await call(owner, 'PUT', '/api/pay-periods/settings', weekly));
});

describe('pay period settings', () => {
  it('answers the defaults, then what was saved; a bad frequency or anchor is a 400 and changes nothing', async () => {
    const fresh = ok(await call(other, 'GET', '/api/pay-periods/settings'));
    expect(fresh).toMatchObject({ frequency: 'weekly', forgotten_after_minutes: 720, applies_from: null });
    for (const body of [
      { frequency: 'fortnightly', anchor_date: '2024-01-01' },
      { frequency: 'weekly', anchor_date: 'next monday' },
      { frequency: 'weekly', anchor_date: '2024-02-30' },
      { frequency: 'weekly', anchor_date: '2024-01-01', forgotten_after_minutes: -5 },
      { frequency: 'weekly', anchor_date: '2024-01-01', extra: 1 },
    ]) {
      const res = await call(owner, 'PUT', '/api/pay-periods/settings', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(ok(await call(owner, 'GET', '/api/pay-periods/settings'))).toMatchObject(weekly);
  });

  it('is changed by the owner only: a scoped administrator and an employee get 403', async () => {
    expect((await call(scoped, 'PUT', '/api/pay-periods/settings', weekly)).statusCode).toBe(403);
    expect((await call(employee, 'PUT', '/api/pay-periods/settings', weekly)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/pay-periods/settings')).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('lists whole weekly periods, open; refuses a bad span', async () => {
    const list = await periods(owner, addDays(lastWeek, 2), addDays(thisWeek, 1));
    expect(list.map((p) => [p.start_date, p.end_date, p.status])).toEqual([
      [lastWeek, lastSunday, 'open'],
      [thisWeek, addDays(thisWeek, 6), 'open'],
    ]);
    for (const q of [
      'from=2026-01-10&to=2026-01-01',
      'from=x&to=2026-01-01',
      'from=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
    ])
      expect((await call(owner, 'GET', `/api/pay-periods?${q}`)).statusCode).toBe(400);
    expect(
      (await call(employee, 'GET', `/api/pay-periods?from=${lastWeek}&to=${lastSunday}`)).statusCode,
    ).toBe(403);
  });
});

describe('approval and the locked period', () => {
  let closed: number;
  it('refuses a period that has not ended, a day that starts none, and lists what needs attention', async () => {
    const notEnded = await call(owner, 'POST', '/api/pay-periods/approve', { start_date: thisWeek });
    expect(notEnded.statusCode).toBe(422);
    expect(notEnded.json().code).toBe('period.not_ended');
    const notStart = await call(owner, 'POST', '/api/pay-periods/approve', {
      start_date: addDays(lastWeek, 1),
    });
    expect(notStart.statusCode).toBe(404);
    expect(notStart.json().code).toBe('period.not_found');
    closed = ok(await call(owner, 'POST', '/api/manual-punches', manual(lastWeek, '09:00', '17:00')), 201)
      .data.id;
    const open = await insertPunch(t, owner.accountId, worker.id, {
      time_in: iso(addDays(lastWeek, 2), '08:00'),
    });
    const blocked = await call(owner, 'POST', '/api/pay-periods/approve', { start_date: lastWeek });
    expect(blocked.statusCode, blocked.body).toBe(422);
    expect(blocked.json()).toMatchObject({
      code: 'period.needs_attention',
      blockers: [{ kind: 'forgotten_clock_out', id: open.id, employee_name: 'Wes Worker' }],
      errors: { blockers: [expect.stringMatching(/^Wes Worker: Forgotten clock-out/)] },
    });
    expect((await periods(owner))[0].status).toBe('open');
    await t.db
      .updateTable('punches')
      .set({ time_out: iso(addDays(lastWeek, 2), '16:00') })
      .where('id', '=', open.id)
      .execute();
  });

  it('is for the owner and full administrators only', async () => {
    expect(
      (await call(scoped, 'POST', '/api/pay-periods/approve', { start_date: lastWeek })).statusCode,
    ).toBe(403);
    expect(
      (await call(employee, 'POST', '/api/pay-periods/approve', { start_date: lastWeek })).statusCode,
    ).toBe(403);
  });

  it('approves an ended period with the checksum of its Payroll Summary CSV; one of 20 concurrent approvals wins', async () => {
    const csv = await call(owner, 'POST', '/api/getdata', {
      reportname: 'Payroll Summary',
      start_date: lastWeek,
      end_date: lastSunday,
      format: 'csv',
    });
    expect(csv.body).toContain('Wes Worker');
    const sha = createHash('sha256').update(csv.rawPayload).digest('hex');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(owner, 'POST', '/api/pay-periods/approve', { start_date: lastWeek }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.statusCode)).toEqual(Array(19).fill(409));
    const [p] = await periods(owner);
    expect(p).toMatchObject({ status: 'approved', approved_by: expect.any(String), checksum: sha });
    // Another account sees its own period open.
    expect((await periods(other))[0]).toMatchObject({ status: 'open', checksum: null });
  });

  it('refuses manual create, edit and delete in it with 423 period.locked naming the period', async () => {
    const expectLocked = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(423);
      expect(res.json()).toMatchObject({ code: 'period.locked', message: lockedMessage });
    };
    expectLocked(
      await call(owner, 'POST', '/api/manual-punches', manual(addDays(lastWeek, 3), '09:00', '12:00')),
    );
    expectLocked(
      await call(owner, 'PUT', `/api/manual-punches/${closed}`, manual(lastWeek, '09:00', '16:00')),
    );
    expectLocked(await call(owner, 'DELETE', `/api/manual-punches/${closed}`));
    // A punch of this week may not be moved into it either.
    const mine = ok(await call(owner, 'POST', '/api/manual-punches', manual(thisWeek, '01:00', '02:00')), 201)
      .data.id;
    expectLocked(
      await call(owner, 'PUT', `/api/manual-punches/${mine}`, manual(lastSunday, '01:00', '02:00')),
    );
    const row = await t.db
      .selectFrom('punches')
      .select(['time_in', 'deleted_at'])
      .where('id', '=', closed)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ time_in: iso(lastWeek, '09:00'), deleted_at: null });
    // The punch list marks the locked one (its lock icon), not this week's.
    const list = ok(await call(owner, 'GET', `/api/manual-punches/${worker.id}?limit=200`)).data as {
      id: number;
      locked: boolean;
    }[];
    expect(list.find((p) => p.id === closed)?.locked).toBe(true);
    expect(list.find((p) => p.id === mine)?.locked).toBe(false);
  });

  it('answers a synced punch in it as refused and lists it in Punch issues with why; accepting it is refused too', async () => {
    const station = await createStation(t, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${station.token}` },
      payload: {
        device_now: new Date().toISOString(),
        punches: [
          {
            client_id: `lock${Date.now()}`,
            kind: 'in',
            employee_id: worker.code,
            device_time: iso(addDays(lastWeek, 4), '07:00'),
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'conflict', message: lockedMessage });
    // A live clock-out of a shift opened on one of its days (written straight to the table: approval refuses a
    // period with an open shift) is refused too.
    const late = await createEmployee(t, owner, { name: 'Lou Late', department_id: dept });
    const stray = await insertPunch(t, owner.accountId, late.id, {
      time_in: iso(addDays(lastWeek, 6), '22:00'),
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/clock-out',
      headers: { authorization: `Station ${station.token}` },
      payload: { employee_id: late.code },
    });
    expect(out.statusCode, out.body).toBe(423);
    expect(out.json()).toMatchObject({ code: 'period.locked', message: lockedMessage });
    await t.db
      .updateTable('punches')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', stray.id)
      .execute();
    const issues = ok(await call(owner, 'GET', '/api/punch-conflicts')).data as {
      id: number;
      reason: string;
    }[];
    const issue = issues.find((i) => i.reason === lockedMessage)!;
    expect(issue).toBeTruthy();
    const accept = await call(owner, 'POST', `/api/punch-conflicts/${issue.id}/accept`, {});
    expect(accept.statusCode, accept.body).toBe(423);
    expect(accept.json().code).toBe('period.locked');
    // The hand-over of a revoked station's punches runs the same rule.
    const old = await createStation(t, owner, 'Old door');
    ok(await call(owner, 'DELETE', `/api/stations/${old.id}`));
    const handed = await t.app.inject({
      method: 'POST',
      url: '/api/punches/unsent',
      headers: { authorization: `Station ${station.token}` },
      payload: {
        revoked_station_id: old.id,
        device_now: new Date().toISOString(),
        punches: [
          {
            client_id: `hand${Date.now()}`,
            kind: 'in',
            employee_id: worker.code,
            device_time: iso(addDays(lastWeek, 5), '07:00'),
          },
        ],
      },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ applied: 0, recorded: 1 });
  });

  it('refuses a rate correction and pay rules effective inside it (423); from after it they are taken', async () => {
    const edit = (from: string) =>
      call(owner, 'PUT', `/employees/${worker.id}`, {
        name: 'Wes Worker',
        employee_id: worker.code,
        department_id: dept,
        hourly_rate: '25.00',
        rate_effective_from: from,
      });
    const rate = await edit(addDays(lastWeek, 2));
    expect(rate.statusCode, rate.body).toBe(423);
    expect(rate.json().code).toBe('period.locked');
    const rules = await call(owner, 'PUT', '/api/pay-rules', {
      effective_from: addDays(lastWeek, 1),
      preset: 'us_flsa',
    });
    expect(rules.statusCode, rules.body).toBe(423);
    expect(rules.json().message).toBe(messages.payPeriods.rulesLocked(lastWeek, lastSunday));
    ok(await call(owner, 'PUT', '/api/pay-rules', { effective_from: thisWeek, preset: 'us_flsa' }));
    ok(await edit(thisWeek));
  });

  it('shows a scoped administrator’s review mark to the approver; the owner has no departments to mark', async () => {
    ok(await call(scoped, 'POST', '/api/pay-periods/review', { start_date: lastWeek }));
    expect((await periods(owner))[0].reviews).toEqual([
      expect.objectContaining({ department: 'Floor', reviewed_by: 'Sid Scoped' }),
    ]);
    expect((await call(owner, 'POST', '/api/pay-periods/review', { start_date: lastWeek })).statusCode).toBe(
      403,
    );
    expect(
      (await call(employee, 'POST', '/api/pay-periods/review', { start_date: lastWeek })).statusCode,
    ).toBe(403);
  });

  it('keeps the approved period when the frequency changes: the new one applies from the next day', async () => {
    ok(
      await call(owner, 'PUT', '/api/pay-periods/settings', {
        frequency: 'monthly',
        anchor_date: '2024-01-01',
      }),
    );
    const list = await periods(owner, lastWeek, thisWeek);
    expect(list[0]).toMatchObject({ start_date: lastWeek, end_date: lastSunday, status: 'approved' });
    expect(list[1].start_date).toBe(thisWeek);
    expect(list[1].end_date).toBe(monthEnd(thisWeek));
    expect(ok(await call(owner, 'GET', '/api/pay-periods/settings')).applies_from).toBe(thisWeek);
    ok(await call(owner, 'PUT', '/api/pay-periods/settings', weekly));
  });

  it('reopens with a reason (required, logged); writes are taken again', async () => {
    for (const body of [{ start_date: lastWeek }, { start_date: lastWeek, reason: '   ' }]) {
      const res = await call(owner, 'POST', '/api/pay-periods/reopen', body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(
      (await call(scoped, 'POST', '/api/pay-periods/reopen', { start_date: lastWeek, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(other, 'POST', '/api/pay-periods/reopen', { start_date: lastWeek, reason: 'x' }))
        .statusCode,
    ).toBe(409);
    ok(
      await call(owner, 'POST', '/api/pay-periods/reopen', {
        start_date: lastWeek,
        reason: 'Wrong lunch on Tuesday',
      }),
    );
    expect((await periods(owner))[0]).toMatchObject({ status: 'open', checksum: null });
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', owner.accountId)
      .where('action', '=', 'pay_period.reopened')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details ?? '{}')).toMatchObject({
      reason: 'Wrong lunch on Tuesday',
      start_date: lastWeek,
    });
    ok(await call(owner, 'DELETE', `/api/manual-punches/${closed}`));
    expect(
      (await call(owner, 'POST', '/api/pay-periods/reopen', { start_date: lastWeek, reason: 'again' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('bad input and bounds over the API', () => {
  it('refuses a bad start day or body with 400 and changes nothing', async () => {
    for (const body of [
      {},
      { start_date: '2026-13-01' },
      { start_date: lastWeek, extra: 1 },
      { start_date: 7 },
    ])
      expect((await call(owner, 'POST', '/api/pay-periods/approve', body)).statusCode).toBe(400);
    expect(
      (await call(owner, 'POST', '/api/pay-periods/reopen', { start_date: 'soon', reason: 'x' })).statusCode,
    ).toBe(400);
    expect((await periods(owner))[0].status).toBe('open');
  });

  it('lists bi-weekly periods across a year end and semi-monthly ones across February of a leap year', async () => {
    const third = await createAccount(t);
    ok(
      await call(third, 'PUT', '/api/pay-periods/settings', {
        frequency: 'biweekly',
        anchor_date: '2026-12-21',
      }),
    );
    const span = (list: { start_date: string; end_date: string }[]) =>
      list.map((p) => `${p.start_date}..${p.end_date}`);
    expect(span(await periods(third, '2026-12-25', '2027-01-10'))).toEqual([
      '2026-12-21..2027-01-03',
      '2027-01-04..2027-01-17',
    ]);
    ok(
      await call(third, 'PUT', '/api/pay-periods/settings', {
        frequency: 'semimonthly',
        anchor_date: '2024-01-01',
      }),
    );
    expect(span(await periods(third, '2024-02-10', '2024-03-01'))).toEqual([
      '2024-02-01..2024-02-15',
      '2024-02-16..2024-02-29',
      '2024-03-01..2024-03-15',
    ]);
    expect(span(await periods(third, '2026-12-20', '2027-01-01'))).toEqual([
      '2026-12-16..2026-12-31',
      '2027-01-01..2027-01-15',
    ]);
  });
});

describe('a forgotten clock-out set aside at the employee’s answer', () => {
  it('holds the approval back until a manager decides, then lets it through', async () => {
    const fourth = await createAccount(t);
    ok(await call(fourth, 'PUT', '/api/pay-periods/settings', weekly));
    const fay = await createEmployee(t, fourth, { name: 'Fay Forgot' });
    // Last Tuesday's shift, closed at its clock-in when Fay answered the station's question (0 minutes, not paid).
    const at = iso(addDays(lastWeek, 1), '08:00');
    const shift = await insertPunch(t, fourth.accountId, fay.id, { time_in: at, time_out: at });
    const answer = await t.db
      .insertInto('forgotten_clock_outs')
      .values({
        account_id: fourth.accountId,
        punch_id: shift.id,
        employee_ref: fay.id,
        left_at: iso(addDays(lastWeek, 1), '16:30'),
        answered_at: new Date().toISOString(),
        status: 'proposed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blocked = await call(fourth, 'POST', '/api/pay-periods/approve', { start_date: lastWeek });
    expect(blocked.statusCode, blocked.body).toBe(422);
    expect(blocked.json()).toMatchObject({
      code: 'period.needs_attention',
      blockers: [
        {
          kind: 'forgotten_clock_out',
          id: shift.id,
          employee_name: 'Fay Forgot',
          reason: messages.payPeriods.setAsideShift(at),
        },
      ],
    });
    // The manager accepts the answer: the shift closes at 16:30, and the week is approved.
    ok(await call(fourth, 'POST', `/api/forgotten-clock-outs/${answer.id}/accept`));
    ok(await call(fourth, 'POST', '/api/pay-periods/approve', { start_date: lastWeek }));
  });
});

describe('an approval and a punch write at the same moment (PostgreSQL: writers run side by side)', () => {
  it.runIf(dialect === 'postgres')(
    'waits for a punch write past its locked-period check, and stores its minutes',
    async () => {
      const fifth = await createAccount(t);
      ok(await call(fifth, 'PUT', '/api/pay-periods/settings', weekly));
      const wes = await createEmployee(t, fifth, { name: 'Wes Late', hourly_rate: '20.00' });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let taken!: () => void;
      const lockTaken = new Promise<void>((r) => (taken = r));
      // A punch writer as the app's: its employee's lock, then the punch (its check found no approved period),
      // committed only later.
      const writer = t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('employees').select('id').where('id', '=', wes.id).forUpdate().execute();
        const at = { time_in: iso(lastWeek, '09:00'), time_out: iso(lastWeek, '17:00') };
        await insertPunch(t, fifth.accountId, wes.id, at, trx);
        taken();
        await held;
      });
      await lockTaken;
      const approving = call(fifth, 'POST', '/api/pay-periods/approve', { start_date: lastWeek });
      await new Promise((r) => setTimeout(r, 500));
      release();
      await writer;
      ok(await approving);
      // The approved week's stored Payroll Summary holds the 8 hours committed while the approval waited.
      const summary = ok(
        await call(fifth, 'POST', '/getdata', {
          reportname: 'Payroll Summary',
          start_date: lastWeek,
          end_date: lastSunday,
        }),
      );
      expect(summary.data).toMatchObject([{ name: 'Wes Late', worked: 480 }]);
    },
  );
});

describe('the locked periods for the lock on screens', () => {
  it('answers the approved periods’ bounds to every member of the account, employees too, and no one else’s', async () => {
    const sixth = await createAccount(t);
    ok(await call(sixth, 'PUT', '/api/pay-periods/settings', weekly));
    const login = (await createEmployeeLogin(t, sixth, {})) as Who;
    const url = `/api/pay-periods/locked?from=${addDays(lastWeek, -7)}&to=${thisWeek}`;
    expect(ok(await call(login, 'GET', url)).data).toEqual([]);
    ok(await call(sixth, 'POST', '/api/pay-periods/approve', { start_date: lastWeek }));
    const bounds = [{ start_date: lastWeek, end_date: lastSunday }];
    expect(ok(await call(login, 'GET', url)).data).toEqual(bounds);
    expect(ok(await call(sixth, 'GET', url)).data).toEqual(bounds);
    // Another account's member sees none of them; a span the other way round is a 400.
    expect(ok(await call(other, 'GET', url)).data).toEqual([]);
    expect(
      (await call(login, 'GET', `/api/pay-periods/locked?from=${thisWeek}&to=${lastWeek}`)).statusCode,
    ).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });
});
