import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgottenOf } from '../src/modules/forgotten-clock-outs/forgotten.routes';
import { type Account, createAccount, createEmployee, createStation, insertPunch } from './factories';
import { useTestApp } from './helper';

/**
 * Forgotten clock-outs on both databases (docs/RULES.md#forgotten-clock-outs): the one mail per shift (two sweeps
 * at once, as two server instances), the station's question and the employee's answer with its bounds, a
 * manager's Accept (through the punch rules, the locked-period rule too) and Dismiss, and that an open shift is
 * never paid. Accounts are UTC; shifts begin on whole minutes relative to now.
 *
 * Account a (station A): Ann (mail) open 30 h, Bob (no mail) open 13 h, Cara (mail) open 1 h, Eve (mail) open 20 h,
 * Gus (no mail) open 16 h
 * with forgotten_after_minutes 720. Account b (station B): Dan (mail) open 20 h with forgotten_after_minutes 1500
 * (not forgotten yet). Account c: Fay open 28 h, her day in an approved pay period.
 */
const t = useTestApp();
let a: Account;
let b: Account;
let c: Account;
const st = { a: '', b: '', c: '' };
const ids = { ann: 0, bob: 0, cara: 0, eve: 0, gus: 0, dan: 0, fay: 0 };
const shifts = { ann: 0, bob: 0, cara: 0, eve: 0, gus: 0, dan: 0, fay: 0 };
const ins = { ann: '', bob: '', fay: '' };
const minute = (hoursAgo: number) =>
  new Date(Math.floor((Date.now() - hoursAgo * 3_600_000) / 60_000) * 60_000).toISOString();
const hm = (iso: string) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) });
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
const weekday = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

const station = (token: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Station ${token}` },
    payload: payload as object,
  });
const manager = (who: Account, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: who.auth, ...(method === 'POST' ? { payload: {} } : {}) });
const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const question = (token: string, employee_id: string) =>
  station(token, '/api/forgotten-clock-outs/question', { employee_id });
const answer = (token: string, body: Record<string, unknown>) =>
  station(token, '/api/forgotten-clock-outs/answer', body);
const mailsTo = (to: string) =>
  t.outbox().filter((m) => m.includes(`To: ${to}`) && m.includes('Subject: You did not clock out'));
const timeOut = async (id: number) =>
  (await t.db.selectFrom('punches').select('time_out').where('id', '=', id).executeTakeFirstOrThrow())
    .time_out;

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
  c = await createAccount(t);
  st.a = (await createStation(t, a)).token;
  st.b = (await createStation(t, b)).token;
  st.c = (await createStation(t, c)).token;
  ids.ann = (await createEmployee(t, a, { name: 'Ann', employee_id: 'ANN', email: 'ann@example.com' })).id;
  ids.bob = (await createEmployee(t, a, { name: 'Bob', employee_id: 'BOB' })).id;
  ids.cara = (
    await createEmployee(t, a, { name: 'Cara', employee_id: 'CARA', email: 'cara@example.com' })
  ).id;
  ids.eve = (await createEmployee(t, a, { name: 'Eve', employee_id: 'EVE', email: 'eve@example.com' })).id;
  ids.gus = (await createEmployee(t, a, { name: 'Gus', employee_id: 'GUS' })).id;
  ids.dan = (await createEmployee(t, b, { name: 'Dan', employee_id: 'DAN', email: 'dan@example.com' })).id;
  ids.fay = (await createEmployee(t, c, { name: 'Fay', employee_id: 'FAY' })).id;
  ins.ann = minute(30);
  ins.bob = minute(13);
  ins.fay = minute(28);
  shifts.ann = (await insertPunch(t, a.accountId, ids.ann, { time_in: ins.ann })).id;
  shifts.bob = (await insertPunch(t, a.accountId, ids.bob, { time_in: ins.bob })).id;
  shifts.cara = (await insertPunch(t, a.accountId, ids.cara, { time_in: minute(1) })).id;
  shifts.eve = (await insertPunch(t, a.accountId, ids.eve, { time_in: minute(20) })).id;
  shifts.gus = (await insertPunch(t, a.accountId, ids.gus, { time_in: minute(16) })).id;
  shifts.dan = (await insertPunch(t, b.accountId, ids.dan, { time_in: minute(20) })).id;
  shifts.fay = (await insertPunch(t, c.accountId, ids.fay, { time_in: ins.fay })).id;
  ok(
    await t.app.inject({
      method: 'PUT',
      url: '/api/pay-periods/settings',
      headers: b.auth,
      payload: { frequency: 'weekly', anchor_date: '2024-01-01', forgotten_after_minutes: 1500 },
    }),
  );
});

describe('the one mail per forgotten shift', () => {
  it('a mail that fails to send is not counted and is sent at a later sweep', async () => {
    const failing = forgottenOf({
      ...t.app.deps,
      mailer: {
        send: () => Promise.reject(new Error('SMTP down')),
      },
    });
    expect(await failing.sweep()).toBe(0);
    const rows = await t.db.selectFrom('forgotten_clock_outs').select('mailed_at').execute();
    expect(rows.every((r) => r.mailed_at === null)).toBe(true);
  });

  it('two servers sweeping at once mail each forgotten shift once, to employees with an e-mail', async () => {
    const one = forgottenOf(t.app.deps);
    const two = forgottenOf(t.app.deps);
    const sent = await Promise.all([one.sweep(), two.sweep(), one.sweep()]);
    // Ann (30 h) and Eve (20 h) of account a; not Bob (no e-mail), Cara (1 h), nor Dan (his account: 25 h).
    expect(sent.reduce((x, y) => x + y, 0)).toBe(2);
    expect(mailsTo('ann@example.com')).toHaveLength(1);
    expect(mailsTo('eve@example.com')).toHaveLength(1);
    expect(mailsTo('cara@example.com')).toHaveLength(0);
    expect(mailsTo('dan@example.com')).toHaveLength(0);
    expect(mailsTo('ann@example.com')[0]).toContain('Ann');
    expect(await one.sweep()).toBe(0);
    expect(mailsTo('ann@example.com')).toHaveLength(1);
  });
});

describe('the station question and the answer', () => {
  it("tells a station the account's limit, so that offline it asks about the same shifts", async () => {
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/station/me',
        headers: { authorization: `Station ${token}` },
      });
    // B saved 1,500 minutes; A saved nothing: the default 720.
    expect(ok(await me(st.b)).settings.forgotten_after_minutes).toBe(1500);
    expect(ok(await me(st.a)).settings.forgotten_after_minutes).toBe(720);
  });

  it("asks an employee whose open shift is forgotten, by its clock-in's weekday", async () => {
    const q = ok(await question(st.a, 'ANN')).question;
    expect(q).toMatchObject({ shift_id: shifts.ann, time_in: ins.ann, date: ins.ann.slice(0, 10) });
    expect(q.text).toBe(`You did not clock out on ${weekday(ins.ann)}. When did you leave?`);
    expect(ok(await question(st.a, 'CARA')).question).toBeNull();
    expect(ok(await question(st.b, 'DAN')).question).toBeNull();
  });

  it('refuses bad answers with a clear 4xx and records nothing', async () => {
    const at = hm(plus(ins.ann, 8 * 60));
    for (const time of ['25:00', 'abc', '9:5', '']) {
      const res = await answer(st.a, { employee_id: 'ANN', shift_id: shifts.ann, time });
      expect(res.statusCode, time).toBe(400);
    }
    expect((await answer(st.a, { employee_id: 'ANN', shift_id: 'x', time: at.time })).statusCode).toBe(400);
    expect(
      (await answer(st.a, { employee_id: 'ANN', shift_id: shifts.ann, time: at.time, date: '2026-02-30' }))
        .statusCode,
    ).toBe(400);
    // Before the clock-in, in the future, more than 24 hours after the clock-in.
    const before = hm(plus(ins.ann, -60));
    const future = hm(plus(new Date().toISOString(), 120));
    const tooLate = hm(plus(ins.ann, 25 * 60));
    for (const when of [before, future, tooLate]) {
      const res = await answer(st.a, { employee_id: 'ANN', shift_id: shifts.ann, ...when });
      expect(res.statusCode, JSON.stringify(when)).toBe(422);
      expect(res.json().code).toBe('forgotten.bad_time');
    }
    // Another employee's shift; a shift that is not forgotten; another account's employee or station.
    expect((await answer(st.a, { employee_id: 'ANN', shift_id: shifts.bob, ...at })).statusCode).toBe(404);
    expect((await answer(st.a, { employee_id: 'CARA', shift_id: shifts.cara, ...at })).statusCode).toBe(404);
    expect((await answer(st.b, { employee_id: 'ANN', shift_id: shifts.ann, ...at })).statusCode).toBe(404);
    expect((await answer(st.b, { employee_id: 'DAN', shift_id: shifts.ann, ...at })).statusCode).toBe(404);
    expect((await question(st.b, 'ANN')).statusCode).toBe(404);
    const nothing = await t.db
      .selectFrom('forgotten_clock_outs')
      .select('left_at')
      .where('left_at', 'is not', null)
      .execute();
    expect(nothing).toHaveLength(0);
  });

  it('records the answer as a proposed clock-out and sets the shift aside (0 minutes): the new clock-in proceeds', async () => {
    // Before the answer the open shift refuses a clock-in (one open shift an employee: docs/RULES.md).
    const before = await station(st.a, '/api/clock-in', { employee_id: 'ANN' });
    expect(before.statusCode).toBe(409);
    const left = plus(ins.ann, 8 * 60);
    // The time alone: on the clock-in's day, or the next when not after the clock-in there.
    const saved = ok(await answer(st.a, { employee_id: 'ANN', shift_id: shifts.ann, time: hm(left).time }));
    expect(saved.left_at).toBe(left);
    expect(await timeOut(shifts.ann)).toBe(ins.ann);
    expect(ok(await question(st.a, 'ANN')).question).toBeNull();
    expect(
      (await answer(st.a, { employee_id: 'ANN', shift_id: shifts.ann, time: hm(left).time })).statusCode,
    ).toBe(404);
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', a.accountId)
      .where('action', '=', 'punch.updated')
      .execute();
    expect(log.some((l) => (l.details ?? '').includes('set aside'))).toBe(true);
    ok(await station(st.a, '/api/clock-in', { employee_id: 'ANN' }));
    const list = ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      punch_id: shifts.ann,
      employee_name: 'Ann',
      time_in: ins.ann,
      left_at: left,
    });
    expect(ok(await manager(b, 'GET', '/api/forgotten-clock-outs')).data).toEqual([]);
    // Never paid while open: Payroll Summary over the shift's days counts none of it.
    const pay = ok(
      await t.app.inject({
        method: 'POST',
        url: '/getdata',
        headers: a.auth,
        payload: {
          reportname: 'Payroll Summary',
          start_date: ins.ann.slice(0, 10),
          end_date: new Date().toISOString().slice(0, 10),
        },
      }),
    );
    const row = (pay.data as Record<string, unknown>[]).find((r) => r.name === 'Ann');
    expect(row === undefined || (row.regular === 0 && row.gross === 0), JSON.stringify(row)).toBe(true);
  });

  it('a manager accepts: the shift closes at the answer through the punch rules; once', async () => {
    const [item] = ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data;
    expect((await manager(b, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`)).statusCode).toBe(404);
    ok(await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`));
    expect(await timeOut(shifts.ann)).toBe(item.left_at);
    expect((await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`)).statusCode).toBe(409);
    expect((await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/dismiss`)).statusCode).toBe(409);
    expect(ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data).toEqual([]);
    // Paid now: 8 hours = 480 minutes.
    const pay = ok(
      await t.app.inject({
        method: 'POST',
        url: '/getdata',
        headers: a.auth,
        payload: {
          reportname: 'Payroll Summary',
          start_date: ins.ann.slice(0, 10),
          end_date: new Date().toISOString().slice(0, 10),
        },
      }),
    );
    const row = (pay.data as Record<string, unknown>[]).find((r) => r.name === 'Ann');
    expect(Number(row?.regular) + Number(row?.overtime ?? 0)).toBe(480);
  });

  it('a manager dismisses: the shift stays at 0 minutes for a fix by hand and is not asked about again', async () => {
    const left = plus(ins.bob, 9 * 60);
    ok(await answer(st.a, { employee_id: 'BOB', shift_id: shifts.bob, ...hm(left) }));
    const [item] = ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data;
    expect(item.punch_id).toBe(shifts.bob);
    expect((await manager(b, 'POST', `/api/forgotten-clock-outs/${item.id}/dismiss`)).statusCode).toBe(404);
    ok(await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/dismiss`));
    expect(await timeOut(shifts.bob)).toBe(ins.bob);
    expect(ok(await question(st.a, 'BOB')).question).toBeNull();
    expect((await answer(st.a, { employee_id: 'BOB', shift_id: shifts.bob, ...hm(left) })).statusCode).toBe(
      404,
    );
    expect((await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/dismiss`)).statusCode).toBe(409);
    expect((await manager(a, 'POST', '/api/forgotten-clock-outs/999999/accept')).statusCode).toBe(404);
  });

  it('accepting into an approved pay period is refused (423 period.locked) and changes nothing', async () => {
    ok(await answer(st.c, { employee_id: 'FAY', shift_id: shifts.fay, ...hm(plus(ins.fay, 7 * 60)) }));
    const day = ins.fay.slice(0, 10);
    await t.db
      .insertInto('pay_periods')
      .values({
        account_id: c.accountId,
        start_date: day,
        end_date: day,
        status: 'approved',
        approved_by: c.userId,
        approved_at: new Date().toISOString(),
        checksum: 'x',
      })
      .execute();
    const [item] = ok(await manager(c, 'GET', '/api/forgotten-clock-outs')).data;
    const res = await manager(c, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`);
    expect(res.statusCode, res.body).toBe(423);
    expect(res.json().code).toBe('period.locked');
    expect(await timeOut(shifts.fay)).toBe(ins.fay);
    expect(ok(await manager(c, 'GET', '/api/forgotten-clock-outs')).data).toHaveLength(1);
  });

  it("an answer a station queued offline names no shift: the employee's forgotten one", async () => {
    const row = await t.db
      .selectFrom('punches')
      .select('time_in')
      .where('id', '=', shifts.eve)
      .executeTakeFirstOrThrow();
    const left = plus(row.time_in, 6 * 60);
    // Cara's shift is not forgotten: nothing to answer.
    expect((await answer(st.a, { employee_id: 'CARA', time: '12:00' })).statusCode).toBe(404);
    const saved = ok(await answer(st.a, { employee_id: 'EVE', time: hm(left).time, date: hm(left).date }));
    expect(saved.left_at).toBe(left);
    const item = ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data.find(
      (x: { punch_id: number }) => x.punch_id === shifts.eve,
    );
    ok(await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`));
    expect(await timeOut(shifts.eve)).toBe(left);
  });

  it('a skipped question sets the shift aside with no answer: nothing to accept, a manager fixes it', async () => {
    const gus = (
      await t.db
        .selectFrom('punches')
        .select('time_in')
        .where('id', '=', shifts.gus)
        .executeTakeFirstOrThrow()
    ).time_in;
    const saved = ok(await answer(st.a, { employee_id: 'GUS', shift_id: shifts.gus, time: null }));
    expect(saved.left_at).toBeNull();
    expect(await timeOut(shifts.gus)).toBe(gus);
    const [item] = ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data;
    expect(item).toMatchObject({ punch_id: shifts.gus, left_at: null });
    expect((await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/accept`)).statusCode).toBe(422);
    ok(await manager(a, 'POST', `/api/forgotten-clock-outs/${item.id}/dismiss`));
    expect(ok(await manager(a, 'GET', '/api/forgotten-clock-outs')).data).toEqual([]);
  });
});
