import { describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createStation,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';

/**
 * Keyset paging (contract/src/paging.ts) of every paged list: walking next_cursor returns each row exactly once
 * in order, ties in the sort key included; prev_cursor walks back; other accounts' rows never appear; a cursor
 * the server did not give answers 400 with a message; limit is bounded.
 */
const t = useTestApp();

type Page = { next_cursor: string | null; prev_cursor?: string | null; total?: number };

/** Follows next_cursor from the first page to the end; answers the pages' rows in order and the answers. */
async function walk<R>(
  url: (cursor?: string) => string,
  auth: Record<string, string>,
  rowsOf: (answer: Page & Record<string, unknown>) => R[],
  method: 'GET' | 'POST' = 'GET',
  body?: (cursor?: string) => Record<string, unknown>,
) {
  const rows: R[] = [];
  const answers: (Page & Record<string, unknown>)[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 500; i++) {
    const res = await t.app.inject({ method, url: url(cursor), headers: auth, payload: body?.(cursor) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    answers.push(answer);
    rows.push(...rowsOf(answer));
    if (!answer.next_cursor) return { rows, answers };
    cursor = answer.next_cursor;
  }
  throw new Error('the walk did not end');
}

const logRows = async (account: Account, instants: string[], action = 'department.created') =>
  t.db
    .insertInto('activity_logs')
    .values(
      instants.map((at) => ({
        account_id: account.accountId,
        user_id: null,
        employee_id: null,
        action,
        details: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

/** 23 instants, many of them the same (ties in the sort key). */
const tiedInstants = Array.from({ length: 23 }, (_, i) =>
  new Date(Date.UTC(2026, 0, 1, 8, i % 4)).toISOString(),
);

describe('activity log paging', () => {
  it('walks every row once, newest first, ties broken by id, and back again', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    await logRows(a, tiedInstants);
    await logRows(b, tiedInstants);
    const expected = (
      await t.db
        .selectFrom('activity_logs')
        .select(['id', 'created_at'])
        .where('account_id', '=', a.accountId)
        .where('action', '=', 'department.created')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(expected).toHaveLength(23);

    const q = '/api/activity-logs?action=department.created&limit=4';
    const { rows, answers } = await walk(
      (c) => `${q}${c ? `&cursor=${c}` : ''}`,
      a.auth,
      (x) => x.data as { id: number }[],
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(answers).toHaveLength(6);
    expect(answers.map((x) => x.current_page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers.every((x) => x.total === 23 && x.last_page === 6)).toBe(true);
    expect(answers[0].prev_cursor).toBeNull();

    // Back from the last page with prev_cursor: the same pages in reverse.
    const back: number[][] = [];
    let cursor = answers.at(-1)!.prev_cursor;
    while (cursor) {
      const page = (
        await t.app.inject({ method: 'GET', url: `${q}&cursor=${cursor}`, headers: a.auth })
      ).json();
      back.push(page.data.map((r: { id: number }) => r.id));
      cursor = page.prev_cursor;
    }
    expect(back.reverse().flat()).toEqual(expected.slice(0, 20));
  });

  it("keeps the spec's page parameter", async () => {
    const a = await createAccount(t);
    await logRows(a, tiedInstants);
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/activity-logs?action=department.created&page=2&limit=10',
        headers: a.auth,
      })
    ).json();
    expect(page2).toMatchObject({ current_page: 2, last_page: 3, total: 23 });
    const page3 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/activity-logs?action=department.created&limit=10&cursor=${page2.next_cursor}`,
        headers: a.auth,
      })
    ).json();
    expect(page3).toMatchObject({ current_page: 3, next_cursor: null });
    expect(page3.data).toHaveLength(3);
  });
});

/**
 * 13 employees of `a` whose names tie in threes and fours once letter case and accents are set aside (the list's
 * order: fold(name), then id), and two of `b` with the same names.
 */
async function staff(a: Account, b: Account) {
  const names = ['Cy', 'ann', 'Bo', 'Ann', 'cy', 'Ánn', 'Bo', 'Dee', 'bo', 'Çy', 'Ève', 'Eve', 'ÁNN'];
  const dept = (await createDepartment(t, a)).id;
  const ids: number[] = [];
  for (const name of names) ids.push((await createEmployee(t, a, { name, department_id: dept })).id);
  const other = (await createDepartment(t, b)).id;
  for (const name of ['Ann', 'Bo']) await createEmployee(t, b, { name, department_id: other });
  // By hand: the Anns, Bos, Cys, Dee and the Eves, each group in the order they were added.
  const expected = [1, 3, 5, 12, 2, 6, 8, 0, 4, 9, 7, 10, 11].map((i) => ids[i]);
  return { dept, expected, names: expected.map((id) => names[ids.indexOf(id)]) };
}

describe('employee list and search paging', () => {
  it('walks the list in (name, id) order, once each, with the count on every page, and back', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const { expected, names } = await staff(a, b);
    const { rows, answers } = await walk(
      (c) => `/api/employees?limit=3${c ? `&cursor=${c}` : ''}`,
      a.auth,
      (x) => x.data as { id: number; name: string }[],
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
    // Read as people read names: "Ève" beside "Eve" after "Dee", not after every unaccented name.
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(names).toEqual([
      'ann',
      'Ann',
      'Ánn',
      'ÁNN',
      'Bo',
      'Bo',
      'bo',
      'Cy',
      'cy',
      'Çy',
      'Dee',
      'Ève',
      'Eve',
    ]);
    expect(answers).toHaveLength(5);
    expect(answers.every((x) => x.total === 13)).toBe(true);
    expect(answers.at(-1)!.next_cursor).toBeNull();

    const back: number[] = [];
    let cursor = answers.at(-1)!.prev_cursor;
    while (cursor) {
      const page = (
        await t.app.inject({ method: 'GET', url: `/api/employees?limit=3&cursor=${cursor}`, headers: a.auth })
      ).json();
      back.unshift(...page.data.map((r: { id: number }) => r.id));
      cursor = page.prev_cursor;
    }
    expect(back).toEqual(expected.slice(0, 12));

    const spec = await t.app.inject({
      method: 'GET',
      url: `/api/employees/user/${a.userId}?limit=200`,
      headers: a.auth,
    });
    expect(spec.json().data.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(spec.json().next_cursor).toBeNull();
  });

  it('pages a search with its filters, counting the matches once', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const { expected } = await staff(a, b);
    const body = { user_id: a.userId, query: '', status: 'All' };
    const { rows, answers } = await walk(
      () => '/api/search',
      a.auth,
      (x) => x.employees as { id: number }[],
      'POST',
      (cursor) => ({ ...body, limit: 4, ...(cursor ? { cursor } : {}) }),
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(answers.map((x) => x.total)).toEqual([13, 13, 13, 13]);

    const anns = await walk(
      () => '/api/search',
      a.auth,
      (x) => x.employees as { name: string }[],
      'POST',
      (cursor) => ({ ...body, query: 'ann', limit: 2, ...(cursor ? { cursor } : {}) }),
    );
    expect(anns.rows.map((r) => r.name)).toEqual(['ann', 'Ann', 'Ánn', 'ÁNN']);
    expect(anns.answers[0].total).toBe(4);
  });

  it('refuses a cursor of another list and a bad limit in the search body', async () => {
    const a = await createAccount(t);
    const logs = (
      await t.app.inject({ method: 'GET', url: '/api/activity-logs?limit=1', headers: a.auth })
    ).json();
    await t.db
      .insertInto('activity_logs')
      .values({
        account_id: a.accountId,
        user_id: null,
        employee_id: null,
        action: 'x',
        details: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/activity-logs?limit=1', headers: a.auth })
    ).json();
    const cursor = again.next_cursor ?? logs.next_cursor;
    expect(cursor).toBeTruthy();
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/employees?cursor=${cursor}`,
      headers: a.auth,
    });
    expect(wrong.statusCode).toBe(400);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: a.auth,
      payload: { user_id: a.userId, query: '', limit: 500 },
    });
    expect(search.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: a.auth,
      payload: { user_id: a.userId, query: '', cursor: 'eyJsIjoiZW1wbG95ZWUtc2VhcmNoIn0' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/cursor/);
  });
});

describe("an employee's punches paging", () => {
  it("walks newest first by (time_in, id), ties included, never another employee's or account's", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const worker = await createEmployee(t, a);
    const colleague = await createEmployee(t, a);
    const stranger = await createEmployee(t, b);
    // 17 punches over 5 instants: three or four share each time_in.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 5), 8)).toISOString();
    for (let i = 0; i < 17; i++) {
      await insertPunch(t, a.accountId, worker.id, { time_in: at(i), time_out: at(i).replace('T08', 'T09') });
      if (i < 3) {
        await insertPunch(t, a.accountId, colleague.id, {
          time_in: at(i),
          time_out: at(i).replace('T08', 'T09'),
        });
        await insertPunch(t, b.accountId, stranger.id, {
          time_in: at(i),
          time_out: at(i).replace('T08', 'T09'),
        });
      }
    }
    const expected = (
      await t.db
        .selectFrom('punches')
        .select('id')
        .where('employee_ref', '=', worker.id)
        .orderBy('time_in', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    const { rows, answers } = await walk(
      (c) => `/api/manual-punches/${worker.id}?limit=5${c ? `&cursor=${c}` : ''}`,
      a.auth,
      (x) => x.data as { id: number; employee_id: number }[],
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows.every((r) => r.employee_id === worker.id)).toBe(true);
    expect(answers).toHaveLength(4);

    const back: number[] = [];
    let cursor = answers.at(-1)!.prev_cursor;
    while (cursor) {
      const page = (
        await t.app.inject({
          method: 'GET',
          url: `/api/manual-punches/${worker.id}?limit=5&cursor=${cursor}`,
          headers: a.auth,
        })
      ).json();
      back.unshift(...page.data.map((r: { id: number }) => r.id));
      cursor = page.prev_cursor;
    }
    expect(back).toEqual(expected.slice(0, 15));

    // Another account's employee: 404, cursor or not.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/manual-punches/${stranger.id}?cursor=${answers[0].next_cursor}`,
      headers: a.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/manual-punches/${worker.id}?cursor=${answers[0].next_cursor!.slice(0, -3)}`,
      headers: a.auth,
    });
    expect(tampered.statusCode).toBe(400);
  });
});

describe("the station's employee status paging", () => {
  it("walks current employees in (name, id) order with who is in, only the station's account", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const { expected } = await staff(a, b);
    const inside = expected[4];
    await insertPunch(t, a.accountId, inside, { time_in: '2026-01-05T08:00:00.000Z' });
    const station = await createStation(t, a);
    const { rows, answers } = await walk(
      (c) => `/api/employee-status?limit=5${c ? `&cursor=${c}` : ''}`,
      { authorization: `Station ${station.token}` },
      (x) => x.data as { id: number; clockedIn: boolean; clockInTime: string | null }[],
    );
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(answers).toHaveLength(3);
    expect(rows.filter((r) => r.clockedIn).map((r) => [r.id, r.clockInTime])).toEqual([
      [inside, '2026-01-05T08:00:00.000Z'],
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/employee-status?cursor=AAAA',
      headers: { authorization: `Station ${station.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('bad cursors and limits', () => {
  const garbage = [
    'garbage',
    'not base64!',
    Buffer.from('{"l":"activity","k":["x"]}').toString('base64url'),
    Buffer.from('{"l":"employees","k":["2026-01-01",1]}').toString('base64url'),
    Buffer.from('{"l":"activity","k":[1,"x"]}').toString('base64url'),
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('{"l":"activity","k":["2026",1],"t":-5}').toString('base64url'),
  ];
  it.each(garbage)('answers 400 with a message for the activity cursor %s', async (cursor) => {
    const a = await createAccount(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity-logs?cursor=${encodeURIComponent(cursor)}`,
      headers: a.auth,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/cursor|not valid/i);
  });

  it.each(['0', '201', '-1', 'ten', '2.5'])('refuses limit=%s', async (limit) => {
    const a = await createAccount(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/activity-logs?limit=${limit}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});
