import { ACTIVITY_PAGE_SIZE } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { createEmployee, createEmployeeLogin, createStation, insertPunch } from './factories';
import { signUp, useTestApp, type Session } from './helper';

const t = useTestApp();

async function accountOf(s: Session): Promise<number> {
  return (
    await t.db.selectFrom('users').select('account_id').where('id', '=', s.userId).executeTakeFirstOrThrow()
  ).account_id;
}

/** Writes log rows straight to the table, at chosen instants, to test paging and day boundaries exactly. */
async function logAt(accountId: number, action: string, instants: string[]) {
  await t.db
    .insertInto('activity_logs')
    .values(
      instants.map((at) => ({
        account_id: accountId,
        user_id: null,
        employee_id: null,
        action,
        details: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

const logs = (s: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/activity-logs${query}`, headers: s.auth });

describe('activity logs', () => {
  it("pages the account's log newest first, with who did it", async () => {
    const s = await signUp(t.app, { name: 'Lee Owner' });
    const accountId = await accountOf(s);
    await logAt(
      accountId,
      'department.created',
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString()),
    );
    const first = await logs(s, '?page=1&action=department.created');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      current_page: 1,
      last_page: 2,
      total: 30,
      per_page: ACTIVITY_PAGE_SIZE,
    });
    expect(first.json().data).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.json().data[0].created_at).toBe('2026-01-01T08:29:00.000Z');
    const second = (await logs(s, '?page=2&action=department.created')).json();
    expect(second.data).toHaveLength(30 - ACTIVITY_PAGE_SIZE);
    expect(second.data.at(-1).created_at).toBe('2026-01-01T08:00:00.000Z');
    expect((await logs(s, '?page=9&action=department.created')).json()).toMatchObject({
      data: [],
      current_page: 9,
      last_page: 2,
    });

    const everything = (await logs(s)).json();
    expect(everything.data[0]).toMatchObject({
      action: 'account.registered',
      user_id: s.userId,
      user_name: 'Lee Owner',
    });
  });

  it("counts a day as a day in the account's time zone", async () => {
    const s = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.auth,
      payload: { time_zone: 'America/New_York' },
    });
    const accountId = await accountOf(s);
    // 2026-03-10 in New York runs from 04:00Z on the 10th to 04:00Z on the 11th.
    await logAt(accountId, 'punch.clock_in', [
      '2026-03-10T03:59:00.000Z',
      '2026-03-10T04:00:00.000Z',
      '2026-03-11T03:59:00.000Z',
      '2026-03-11T04:00:00.000Z',
    ]);
    const day = (await logs(s, '?action=punch.clock_in&start_date=2026-03-10&end_date=2026-03-10')).json();
    expect(day.data.map((r: { created_at: string }) => r.created_at)).toEqual([
      '2026-03-11T03:59:00.000Z',
      '2026-03-10T04:00:00.000Z',
    ]);
    expect((await logs(s, '?action=punch.clock_in&start_date=2026-03-11')).json().total).toBe(1);
    expect((await logs(s, '?action=punch.clock_in&end_date=2026-03-09')).json().total).toBe(1);
  });

  it('shows a punch edit with its old and new values', async () => {
    const s = await signUp(t.app);
    const dep = (
      await t.app.inject({
        method: 'POST',
        url: '/departments',
        headers: s.auth,
        payload: { dp_name: 'Dock', dp_type: 'Department' },
      })
    ).json();
    const depId = dep.data?.id ?? dep.id;
    const emp = (
      await t.app.inject({
        method: 'POST',
        url: '/employees',
        headers: s.auth,
        payload: { name: 'Kim Dock', employee_id: 'D1', department_id: depId },
      })
    ).json();
    const empId = emp.data?.id ?? emp.id;
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/manual-punches',
        headers: s.auth,
        payload: { employee_id: empId, date: day, time_in: '09:00', time_out: '17:00' },
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/manual-punches/${created.data.id}`,
      headers: s.auth,
      payload: { employee_id: empId, date: day, time_in: '09:00', time_out: '16:00' },
    });
    const [row] = (await logs(s, '?action=punch.updated')).json().data;
    expect(row).toMatchObject({ employee_id: empId, employee_name: 'Kim Dock', employee_code: 'D1' });
    expect(JSON.parse(row.details)).toMatchObject({ old: { time_out: '17:00' }, new: { time_out: '16:00' } });
  });

  it("never shows another account's entries", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await logAt(await accountOf(a), 'station.created', [new Date().toISOString()]);
    const seen = (await logs(b, '?action=station.created')).json();
    expect(seen).toMatchObject({ data: [], total: 0, last_page: 1 });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/activity-logs/export-csv?action=station.created',
      headers: b.auth,
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('keeps employees and strangers out', async () => {
    const s = await signUp(t.app);
    const { auth: asEmployee } = await createEmployeeLogin(t, s, { employee_id: 'E9', name: 'Eve' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/activity-logs', headers: asEmployee })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/activity-logs/export-csv', headers: asEmployee }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity-logs' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/activity-logs/export-csv',
          headers: { authorization: 'Bearer nope' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    ['page 0', '?page=0'],
    ['a page that is not a number', '?page=abc'],
    ['a fractional page', '?page=1.5'],
    ['an impossible date', '?start_date=2026-02-30'],
    ['a date in another form', '?end_date=03/10/2026'],
    ['an end before the start', '?start_date=2026-03-10&end_date=2026-03-01'],
    ['a hostile action', "?action=x'%20OR%201=1--"],
    ['an oversized action', `?action=${'a'.repeat(500)}`],
  ])('answers 400 with a message for %s', async (_case, query) => {
    const s = await signUp(t.app);
    for (const url of [`/api/activity-logs${query}`, `/api/activity-logs/export-csv${query}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: s.auth });
      if (url.includes('export-csv') && query.includes('page')) continue; // the export has no pages
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
  });

  it('exports the filtered log as CSV that a spreadsheet cannot run', async () => {
    const s = await signUp(t.app);
    const dep = (
      await t.app.inject({
        method: 'POST',
        url: '/departments',
        headers: s.auth,
        payload: { dp_name: 'Yard', dp_type: 'Department' },
      })
    ).json();
    const depId = dep.data?.id ?? dep.id;
    const made = await t.app.inject({
      method: 'POST',
      url: '/employees',
      headers: s.auth,
      payload: { name: '=HYPERLINK("http://evil","x")', employee_id: 'Q1', department_id: depId },
    });
    expect(made.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/activity-logs/export-csv?action=employee.created',
      headers: s.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="activity_logs.csv"');
    expect(res.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf'); // UTF-8 byte-order mark, for Excel
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^ID,Date,Time,Time zone,Action,Description,User,Employee ID,Employee,ID \(details\),Employee ID \(details\),Name,Title,Email,Department,/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',employee.created,Employee created,');
    // The department id in the details is written as the department's name.
    expect(lines[1]).toContain(',Yard,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(lines[1]).not.toMatch(/,=HYPERLINK/);
  });

  describe('details by name, and the export in the account formats', () => {
    /** An account on New York time, DD/MM/YY and 24 hours, with a station, an employee and a punch. */
    async function accountWithPunch() {
      const s = await signUp(t.app, { name: 'Nia Owner' });
      const accountId = await accountOf(s);
      await t.db
        .updateTable('accounts')
        .set({ time_zone: 'America/New_York' })
        .where('id', '=', accountId)
        .execute();
      await t.db
        .updateTable('settings')
        .set({ date_format: 'DD/MM/YY', time_format: '24 Hours' })
        .where('account_id', '=', accountId)
        .execute();
      const station = await createStation(t, s, 'Loading bay');
      const emp = await createEmployee(t, s, { name: 'Omar Punch', employee_id: 'OP-1' });
      const punch = await insertPunch(t, accountId, emp.id, { time_in: '2026-03-02T14:05:00.000Z' });
      await t.db
        .insertInto('activity_logs')
        .values({
          account_id: accountId,
          user_id: null,
          employee_id: emp.id,
          action: 'punch.clock_in',
          details: JSON.stringify({
            punch_id: punch.id,
            time_in: '2026-03-02T14:05:00.000Z',
            station_id: station.id,
          }),
          created_at: '2026-03-02T14:05:01.000Z',
          updated_at: '2026-03-02T14:05:01.000Z',
        })
        .execute();
      return { s, accountId, station, emp, punch };
    }

    it('a page names the stations, employees and punches its details refer to, in the account formats', async () => {
      const { s, station, punch } = await accountWithPunch();
      const page = (await logs(s, '?action=punch.clock_in')).json();
      expect(page.data).toHaveLength(1);
      // 14:05Z on 2 March is 09:05 in New York (EST), written DD/MM/YY and 24 hours.
      expect(page.refs).toEqual({
        [`station:${station.id}`]: 'Loading bay',
        [`punch:${punch.id}`]: 'Omar Punch, 02/03/26 09:05',
      });
    });

    it("never names another account's rows: a forged id stays an id", async () => {
      const mine = await accountWithPunch();
      const theirs = await accountWithPunch();
      await t.db
        .insertInto('activity_logs')
        .values({
          account_id: mine.accountId,
          user_id: null,
          employee_id: null,
          action: 'station.renamed',
          details: JSON.stringify({ station_id: theirs.station.id, punch_id: theirs.punch.id }),
          created_at: '2026-03-03T10:00:00.000Z',
          updated_at: '2026-03-03T10:00:00.000Z',
        })
        .execute();
      const page = (await logs(mine.s, '?action=station.renamed')).json();
      expect(page.data).toHaveLength(1);
      expect(page.refs).toEqual({});
    });

    it("the CSV writes the account's zone and formats and one column per detail, with names", async () => {
      const { s, punch } = await accountWithPunch();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/activity-logs/export-csv?action=punch.clock_in',
        headers: s.auth,
      });
      expect(res.statusCode).toBe(200);
      const [head, row, ...rest] = res.body.trim().split('\r\n');
      expect(rest).toHaveLength(0);
      expect(head).toBe(
        'ID,Date,Time,Time zone,Action,Description,User,Employee ID,Employee,Punch,Time in,Station',
      );
      const logId = (await logs(s, '?action=punch.clock_in')).json().data[0].id;
      // Logged at 14:05:01Z: 09:05 in New York on 2 March; no user (a station did it).
      expect(row).toBe(
        `${logId},02/03/26,09:05,America/New_York,punch.clock_in,Clock in,,OP-1,Omar Punch,` +
          `"Omar Punch, 02/03/26 09:05",02/03/26 09:05,Loading bay`,
      );
      expect(res.body).not.toContain('2026-03-02T14:05');
      expect(res.body).not.toContain('{');
      expect(punch.id).toBeGreaterThan(0);
    });
  });
});
