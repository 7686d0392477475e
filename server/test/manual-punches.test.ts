import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { createAccount, createEmployeeLogin } from './factories';
import { useTestApp } from './helper';

const t = useTestApp();
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

let n = 0;
async function setup(flags: { create_time_entries?: number; edit_time_entries?: number } = {}) {
  n += 1;
  const owner = await createAccount(t);
  const emp = await createEmployeeLogin(t, owner, { employee_id: `M${n}`, name: 'Sam Punch', ...flags });
  return { owner, employeeRef: emp.id, employeeAuth: emp.auth };
}

const punch = (employeeId: number, extra: object = {}) => ({
  employee_id: employeeId,
  date: yesterday,
  time_in: '09:00',
  time_out: '17:30',
  type: 'None',
  deduction: 'Auto',
  notes: 'Forgot to clock in',
  ...extra,
});

describe('manual punches', () => {
  it('lets a manager add, list, edit and delete a punch, logging old and new values', async () => {
    const s = await setup();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: messages.punches.created,
      data: {
        date: yesterday,
        time_in: '09:00',
        time_out: '17:30',
        hours: 8.5,
        deduction: 'Auto',
        type: 'None',
        source: 'manual',
      },
    });
    const id = created.json().data.id;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/manual-punches/${s.employeeRef}`,
      headers: s.owner.auth,
    });
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([id]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/manual-punches/${id}`,
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { time_out: '12:15', type: 'Lunch' }),
    });
    expect(edited.json().data).toMatchObject({ time_out: '12:15', hours: 3.25, type: 'Lunch' });
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'punch.updated')
      .where('employee_id', '=', s.employeeRef)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details as string)).toMatchObject({
      old: { time_out: '17:30' },
      new: { time_out: '12:15' },
    });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/manual-punches/${id}`, headers: s.owner.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${s.employeeRef}`,
          headers: s.owner.auth,
        })
      ).json().data,
    ).toEqual([]);
  });

  it('refuses time out before time in, future punches and overlaps', async () => {
    const s = await setup();
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { time_in: '17:00', time_out: '09:00' }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(messages.punches.timeOutAfterIn);
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { date: '2999-01-01' }),
    });
    expect(future.statusCode).toBe(422);
    await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef),
    });
    const overlap = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { time_in: '17:00', time_out: '18:00' }),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(messages.punches.overlaps);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/manual-punches',
          headers: s.owner.auth,
          payload: punch(s.employeeRef, { time_in: '17:30', time_out: '18:00' }),
        })
      ).statusCode,
    ).toBe(201);
    for (const bad of [
      { time_in: '9am' },
      { date: '2026-02-30' },
      { type: 'Nap' },
      { notes: 'x'.repeat(2000) },
      { employee_id: 'abc' },
      // Past PostgreSQL's integer: refused before the database, as any record id.
      { employee_id: 2 ** 31 },
    ]) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/manual-punches',
            headers: s.owner.auth,
            payload: punch(s.employeeRef, bad),
          })
        ).statusCode,
      ).toBe(400);
    }
  });

  it('lets an employee add their own punch only with create_time_entries, and never edit without edit_time_entries', async () => {
    const denied = await setup();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: denied.employeeAuth,
      payload: punch(denied.employeeRef),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.punches.notAllowedCreate);

    const s = await setup({ create_time_entries: 1 });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.employeeAuth,
      payload: punch(s.employeeRef),
    });
    expect(own.statusCode).toBe(201);
    const id = own.json().data.id;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${s.employeeRef}`,
          headers: s.employeeAuth,
        })
      ).json().data,
    ).toHaveLength(1);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/manual-punches/${id}`,
      headers: s.employeeAuth,
      payload: punch(s.employeeRef, { time_out: '18:00' }),
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(messages.punches.notAllowedEdit);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/manual-punches/${id}`, headers: s.employeeAuth }))
        .statusCode,
    ).toBe(403);

    const editor = await setup({ create_time_entries: 1, edit_time_entries: 1 });
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/manual-punches',
        headers: editor.employeeAuth,
        payload: punch(editor.employeeRef, { date: twoDaysAgo }),
      })
    ).json().data.id;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/manual-punches/${mine}`,
          headers: editor.employeeAuth,
          payload: punch(editor.employeeRef, { date: twoDaysAgo, time_out: '16:00' }),
        })
      ).statusCode,
    ).toBe(200);
    // Someone else's punches stay out of reach.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${s.employeeRef}`,
          headers: editor.employeeAuth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/manual-punches/${id}`,
          headers: editor.employeeAuth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another account's employee or punch and needs a token", async () => {
    const a = await setup();
    const b = await setup();
    const bPunch = (
      await t.app.inject({
        method: 'POST',
        url: '/api/manual-punches',
        headers: b.owner.auth,
        payload: punch(b.employeeRef),
      })
    ).json().data.id;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${b.employeeRef}`,
          headers: a.owner.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/manual-punches',
          headers: a.owner.auth,
          payload: punch(b.employeeRef),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/manual-punches/${bPunch}`,
          headers: a.owner.auth,
          payload: punch(b.employeeRef),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/manual-punches/${bPunch}`, headers: a.owner.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/manual-punches/${b.employeeRef}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${b.employeeRef}`,
          headers: b.owner.auth,
        })
      ).json().data,
    ).toHaveLength(1);
  });

  it("lists and corrects a deleted employee's punches for their account's manager only, and adds none for them", async () => {
    const s = await setup();
    const other = await setup();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef),
    });
    expect(made.statusCode).toBe(201);
    for (const o of [s, other]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/employees/${o.employeeRef}`,
        headers: o.owner.auth,
      });
      expect(del.statusCode).toBe(200);
    }
    const list = (auth: Record<string, string>, ref: number) =>
      t.app.inject({ method: 'GET', url: `/api/manual-punches/${ref}`, headers: auth });
    // Kept, still paid in reports, so shown on the deleted employee's page.
    const mine = await list(s.owner.auth, s.employeeRef);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((p: { id: number }) => p.id)).toEqual([made.json().data.id]);
    // Another account's deleted employee stays unknown, and no punch is added for a deleted one.
    expect((await list(s.owner.auth, other.employeeRef)).statusCode).toBe(404);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { date: twoDaysAgo }),
    });
    expect(add.statusCode).toBe(404);
    expect((await list(s.owner.auth, s.employeeRef)).json().data).toHaveLength(1);
    // Paid in reports, so a wrong punch of theirs is corrected (by their account's manager only), then deleted.
    const id = made.json().data.id;
    const edit = (auth: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/manual-punches/${id}`,
        headers: auth,
        payload: punch(s.employeeRef, { time_out: '16:00' }),
      });
    expect((await edit(other.owner.auth)).statusCode).toBe(404);
    const edited = await edit(s.owner.auth);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ time_out: '16:00', hours: 7 });
    const gone = (auth: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/manual-punches/${id}`, headers: auth });
    expect((await gone(other.owner.auth)).statusCode).toBe(404);
    expect((await gone(s.owner.auth)).statusCode).toBe(200);
    expect((await list(s.owner.auth, s.employeeRef)).json().data).toEqual([]);
  });

  it('reports hours from rounded times, shows rounded times when asked, keeps raw times, and drops hours in Attendance Only', async () => {
    const s = await setup();
    const save = (body: object) =>
      t.app.inject({ method: 'POST', url: '/settings', headers: s.owner.auth, payload: body });
    expect((await save({ time_rounding: '10 Minutes', display_round_in_out_times: true })).statusCode).toBe(
      200,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { time_in: '09:04', time_out: '17:26' }),
    });
    expect(created.json().data).toMatchObject({
      time_in: '09:04',
      time_out: '17:26',
      rounded_time_in: '09:00',
      rounded_time_out: '17:30',
      display_rounded: true,
      hours: 8.5,
    });
    await save({ time_rounding: '5 Minutes', display_round_in_out_times: false });
    const five = (
      await t.app.inject({
        method: 'GET',
        url: `/api/manual-punches/${s.employeeRef}`,
        headers: s.owner.auth,
      })
    ).json().data[0];
    expect(five).toMatchObject({
      time_in: '09:04',
      rounded_time_in: '09:05',
      rounded_time_out: '17:25',
      display_rounded: false,
      hours: 8.33,
    });
    await save({ time_rounding: null, attendance_mode: 'Attendance Only' });
    const presence = (
      await t.app.inject({
        method: 'GET',
        url: `/api/manual-punches/${s.employeeRef}`,
        headers: s.owner.auth,
      })
    ).json().data[0];
    expect(presence).toMatchObject({ time_in: '09:04', time_out: '17:26', hours: null });
  });

  it('reads a time the clocks skipped forward, in every zone, and keeps the punch on its day through a zone round trip', async () => {
    const s = await setup();
    const zone = async (time_zone: string) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/settings',
            headers: s.owner.auth,
            payload: { time_zone },
          })
        ).statusCode,
      ).toBe(200);
    const add = (date: string, time_in: string, time_out: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/manual-punches',
        headers: s.owner.auth,
        payload: punch(s.employeeRef, { date, time_in, time_out }),
      });
    // New York skips 02:00–03:00 on 2026-03-08: 02:10 reads as 03:10 EDT, 20 minutes after 01:50 EST (it was
    // refused as "out before in" when 02:10 read as 01:10).
    await zone('America/New_York');
    const ny = await add('2026-03-08', '01:50', '02:10');
    expect(ny.statusCode, ny.body).toBe(201);
    expect(ny.json().data).toMatchObject({
      date: '2026-03-08',
      time_in: '01:50',
      time_out: '03:10',
      hours: 0.33,
    });
    // Santiago skips midnight on 2026-09-06 (00:00 → 01:00): 00:30–08:00 is 01:30–08:00, 390 min, on the 6th.
    await zone('America/Santiago');
    const cl = await add('2026-09-06', '00:30', '08:00');
    expect(cl.statusCode, cl.body).toBe(201);
    expect(cl.json().data).toMatchObject({ date: '2026-09-06', time_in: '01:30', hours: 6.5 });
    const days = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/getdata',
          headers: s.owner.auth,
          payload: { reportname: 'Daily Summary', start_date: '2026-09-04', end_date: '2026-09-07' },
        })
      )
        .json()
        .data.map((r: { date: string; worked: number }) => [r.date, r.worked]);
    expect(await days()).toEqual([['2026-09-06', 390]]);
    // Away to UTC and back: the same punch, the same zone, the same day (it moved to the 5th before).
    await zone('UTC');
    await zone('America/Santiago');
    expect(await days()).toEqual([['2026-09-06', 390]]);
    // Samoa skipped the whole of 2011-12-30: 09:00 that day is 09:00 on the 31st, and the punch is a punch of
    // the day it happened on (its work day is always the local day of its time in), not of the day typed.
    await zone('Pacific/Apia');
    const ws = await add('2011-12-30', '09:00', '10:00');
    expect(ws.statusCode, ws.body).toBe(201);
    expect(ws.json().data).toMatchObject({ date: '2011-12-31', time_in: '09:00', hours: 1 });
  });

  it('adds, edits and closes a night shift that ends the next day, and refuses one longer than 24 hours', async () => {
    const s = await setup();
    const settings = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.owner.auth,
      payload: { time_zone: 'America/Chicago' },
    });
    expect(settings.statusCode).toBe(200);
    const send = (method: 'POST' | 'PUT', url: string, extra: object) =>
      t.app.inject({ method, url, headers: s.owner.auth, payload: punch(s.employeeRef, extra) });
    // 22:00 CST on the 2nd to 06:30 CST on the 3rd = 04:00Z to 12:30Z on the 3rd: 8.5 hours, on the 2nd.
    const night = { date: '2026-03-02', time_in: '22:00', time_out: '06:30', out_next_day: true };
    const created = await send('POST', '/api/manual-punches', night);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      date: '2026-03-02',
      time_in: '22:00',
      time_out: '06:30',
      out_days_later: 1,
      hours: 8.5,
    });
    const id = created.json().data.id;
    const stored = await t.db
      .selectFrom('punches')
      .select(['time_in', 'time_out', 'work_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      time_in: '2026-03-03T04:00:00.000Z',
      time_out: '2026-03-03T12:30:00.000Z',
      work_date: '2026-03-02',
    });
    // Edited as it is shown (a note added, the flag kept): the same shift.
    const noted = await send('PUT', `/api/manual-punches/${id}`, { ...night, notes: 'Covered the night' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().data).toMatchObject({ time_out: '06:30', out_days_later: 1, hours: 8.5 });
    // Without the flag an out before the in is the spec's refusal; with it, past 24 hours is refused too.
    const sameDay = await send('PUT', `/api/manual-punches/${id}`, { ...night, out_next_day: false });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().errors.time_out).toEqual([messages.punches.timeOutAfterIn]);
    const tooLong = await send('PUT', `/api/manual-punches/${id}`, { ...night, time_out: '22:30' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.time_out).toEqual([messages.punches.nextDayTooLong]);
    expect(
      (await send('PUT', `/api/manual-punches/${id}`, { ...night, out_next_day: 'yes' })).statusCode,
    ).toBe(400);
    // A full 24 hours is the longest: 22:00 to 22:00 the next day.
    const day = await send('PUT', `/api/manual-punches/${id}`, { ...night, time_out: '22:00' });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().data).toMatchObject({ hours: 24, out_days_later: 1 });
    // The Daily Summary counts the shift on the day it started.
    const daily = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: s.owner.auth,
      payload: { reportname: 'Daily Summary', start_date: '2026-03-02', end_date: '2026-03-03' },
    });
    expect(daily.json().data.map((r: { date: string; worked: number }) => [r.date, r.worked])).toEqual([
      ['2026-03-02', 1440],
    ]);
  });

  it('corrects the clock-in of a shift that is still open without closing it, and only such a shift', async () => {
    const s = await setup();
    const hour = 3_600_000;
    const utcHHMM = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // (UTC account.) A closed punch 6 h to 5 h ago, and the open shift clocked in 2 h ago.
    const now = Date.now();
    const send = (method: 'POST' | 'PUT', url: string, extra: object) =>
      t.app.inject({ method, url, headers: s.owner.auth, payload: punch(s.employeeRef, extra) });
    const at = (ms: number) => ({ date: day(ms), time_in: utcHHMM(ms) });
    const earlier = await send('POST', '/api/manual-punches', {
      ...at(now - 6 * hour),
      time_out: utcHHMM(now - 5 * hour),
      out_next_day: day(now - 6 * hour) !== day(now - 5 * hour),
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const open = await t.db
      .insertInto('punches')
      .values({
        account_id: (
          await t.db
            .selectFrom('employees')
            .select('account_id')
            .where('id', '=', s.employeeRef)
            .executeTakeFirstOrThrow()
        ).account_id,
        employee_ref: s.employeeRef,
        client_id: `open-${now}`,
        work_date: day(now - 2 * hour),
        time_in: new Date(now - 2 * hour).toISOString(),
        received_in_at: new Date(now - 2 * hour).toISOString(),
        source: 'station',
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The employee really came 3 h ago: the manager moves the clock-in and leaves Time Out empty.
    const moved = await send('PUT', `/api/manual-punches/${open.id}`, {
      ...at(now - 3 * hour),
      time_out: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      time_in: utcHHMM(now - 3 * hour),
      time_out: null,
      hours: null,
    });
    const row = await t.db
      .selectFrom('punches')
      .select(['time_in', 'time_out'])
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(row.time_out).toBeNull();
    expect(Date.parse(row.time_in)).toBe(Math.floor((now - 3 * hour) / 60_000) * 60_000);
    // Open across the earlier punch (from 7 h ago to now) would pay its hour twice.
    const across = await send('PUT', `/api/manual-punches/${open.id}`, {
      ...at(now - 7 * hour),
      time_out: null,
    });
    expect(across.statusCode).toBe(409);
    expect(across.json().message).toBe(messages.punches.overlaps);
    // A new punch, or a closed one, needs its Time Out.
    for (const [method, url] of [
      ['POST', '/api/manual-punches'],
      ['PUT', `/api/manual-punches/${earlier.json().data.id}`],
    ] as const) {
      const res = await send(method, url, { ...at(now - 6 * hour), time_out: null });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.time_out).toEqual([messages.punches.timeOutRequired]);
    }
  });

  it("carries the account's Date Format and Time Format on every punch row, to managers and employees, with the raw values unchanged", async () => {
    const s = await setup({ create_time_entries: 1 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: punch(s.employeeRef, { time_in: '13:05' }),
    });
    // New accounts show MM/DD/YY and 12 Hours (AM/PM).
    expect(created.json().data).toMatchObject({
      date: yesterday,
      time_in: '13:05',
      date_format: 'MM/DD/YY',
      time_format: '12 Hours (AM/PM)',
    });
    const save = (body: object) =>
      t.app.inject({ method: 'POST', url: '/settings', headers: s.owner.auth, payload: body });
    const list = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `/api/manual-punches/${s.employeeRef}`, headers })).json()
        .data;

    expect((await save({ date_format: 'DD/MM/YY', time_format: '12 Hours (AM/PM)' })).statusCode).toBe(200);
    for (const headers of [s.owner.auth, s.employeeAuth]) {
      expect(await list(headers)).toMatchObject([
        {
          date: yesterday,
          time_in: '13:05',
          time_out: '17:30',
          date_format: 'DD/MM/YY',
          time_format: '12 Hours (AM/PM)',
        },
      ]);
    }
    // The signed-in user carries them too, so an employee's screens without punch rows (earnings, reports) follow.
    const me = await t.app.inject({ method: 'GET', url: '/api/get-user', headers: s.employeeAuth });
    expect(me.json().user).toMatchObject({ date_format: 'DD/MM/YY', time_format: '12 Hours (AM/PM)' });
    expect((await save({ date_format: 'MM/DD/YY', time_format: '24 Hours' })).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.employeeAuth,
      payload: punch(s.employeeRef, { date: twoDaysAgo }),
    });
    expect(own.json().data).toMatchObject({
      date: twoDaysAgo,
      date_format: 'MM/DD/YY',
      time_format: '24 Hours',
    });
    const rows = await list(s.employeeAuth);
    expect(
      rows.map((p: { date_format: string; time_format: string }) => [p.date_format, p.time_format]),
    ).toEqual([
      ['MM/DD/YY', '24 Hours'],
      ['MM/DD/YY', '24 Hours'],
    ]);

    // The activity log keeps the punch's values, not how the account shows them.
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'punch.created')
      .where('employee_id', '=', s.employeeRef)
      .execute();
    expect(log).toHaveLength(2);
    for (const entry of log)
      expect(JSON.parse(entry.details as string).new).not.toHaveProperty('date_format');
  });
});
