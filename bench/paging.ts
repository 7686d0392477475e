// Times keyset paging on a big account: 10,000 employees, 400,000 punches, 400,000 activity-log rows, on SQLite,
// or PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database. For each paged list it times the first,
// the middle and the last page through app.inject (median of several runs), and beside them the ceiling: the raw
// index query for one page on its own, with the ratio. Cursors for the middle and last pages are made with the
// server's own encoder from the row just before the page (found once, outside the timing).
// Run: npx tsx bench/paging.ts
import { sql } from 'kysely';
import { nameOrder } from '../server/src/db/keyset';
import { encodeCursor } from '../server/src/lib/cursor';
import { benchApp } from './bench-app';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const PUNCHES_EACH = 40;
const HEAVY = 1_000; // one employee's punches, the list the issue measured
const LOGS = Number(process.env.BENCH_LOGS ?? 400_000);
const LIMIT = 50;
const RUNS = 7;
const { app, db, auth, accountId, dialect, close } = await benchApp();

const at = new Date().toISOString();
const seeded = Date.now();
const dep = await db
  .insertInto('departments')
  .values({ account_id: accountId, dp_name: 'Bench', created_at: at, updated_at: at })
  .returning('id')
  .executeTakeFirstOrThrow();
for (let i = 0; i < EMPLOYEES; i += 1000) {
  const rows = Array.from({ length: Math.min(1000, EMPLOYEES - i) }, (_, k) => ({
    account_id: accountId,
    department_id: dep.id,
    employee_id: `P${i + k}`,
    // Names tie in pairs, so the id has to break ties; every tenth pair is an Émile, listed among the E's.
    name: `${Math.floor((i + k) / 2) % 10 === 0 ? 'Émile' : 'Employee'} ${String(Math.floor((i + k) / 2)).padStart(5, '0')}`,
    hourly_rate_cents: 1500,
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto('employees').values(rows).execute();
}
const ids = (
  await db.selectFrom('employees').select('id').where('account_id', '=', accountId).orderBy('id').execute()
).map((r) => r.id);
const heavy = ids[Math.floor(ids.length / 2)];

let n = 0;
const batch: object[] = [];
const flush = async (table: 'punches' | 'activity_logs') => {
  for (let i = 0; i < batch.length; i += 1000)
    await db
      .insertInto(table)
      .values(batch.slice(i, i + 1000) as never)
      .execute();
  batch.length = 0;
};
const punch = (id: number, day: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  n += 1;
  batch.push({
    account_id: accountId,
    employee_ref: id,
    client_id: `g${n}`,
    work_date: d,
    time_in: `${d}T08:00:00.000Z`,
    time_out: `${d}T16:00:00.000Z`,
    received_in_at: `${d}T08:00:00.000Z`,
    source: 'station',
    created_at: at,
    updated_at: at,
  });
};
for (let day = 0; day < PUNCHES_EACH; day++) {
  for (const id of ids) if (id !== heavy) punch(id, day);
  await flush('punches');
}
for (let day = 0; day < HEAVY; day++) punch(heavy, day);
await flush('punches');
const base = Date.UTC(2025, 0, 1);
for (let i = 0; i < LOGS; i++) {
  // Two rows share each instant: ties in the sort key.
  const instant = new Date(base + Math.floor(i / 2) * 1000).toISOString();
  batch.push({
    account_id: accountId,
    user_id: null,
    employee_id: ids[i % ids.length],
    action: i % 3 ? 'punch.clock_in' : 'punch.clock_out',
    details: null,
    created_at: instant,
    updated_at: instant,
  });
  if (batch.length >= 20_000) await flush('activity_logs');
}
await flush('activity_logs');
if (dialect === 'postgresql') await sql`analyze`.execute(db);
else await sql`analyze`.execute(db);
console.log(
  `database: ${dialect}; seeded ${EMPLOYEES} employees, ${n} punches (${HEAVY} of one employee), ${LOGS} log rows in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
);

const station = await app.inject({
  method: 'POST',
  url: '/api/stations',
  headers: auth,
  payload: { name: 'Bench door', pair: 'this-browser' },
});
const stationAuth = { authorization: `Station ${station.json().token}` };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await run();
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(out);
}
async function page(url: string, headers: Record<string, string>, body?: object) {
  const res = await app.inject({ method: body ? 'POST' : 'GET', url, headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

/** The row just before the page starting at `start` in the list's order (found outside the timing). */
type Key = [string, number];
const employeeKeyAt = async (offset: number): Promise<Key> => {
  const r = await db
    .selectFrom('employees')
    .select([nameOrder('name').as('key'), 'id'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy(nameOrder('name'))
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return [r.key, r.id];
};
const punchKeyAt = async (offset: number): Promise<Key> => {
  const r = await db
    .selectFrom('punches')
    .select(['time_in', 'id'])
    .where('employee_ref', '=', heavy)
    .where('deleted_at', 'is', null)
    .orderBy('time_in', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return [r.time_in, r.id];
};
const logKeyAt = async (offset: number): Promise<Key> => {
  const r = await db
    .selectFrom('activity_logs')
    .select(['created_at', 'id'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return [r.created_at, r.id];
};
const logTotal =
  LOGS +
  Number(
    (
      await db
        .selectFrom('activity_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  ) -
  LOGS;

/** Page starts of the first, middle and last page of a list of `count` rows. */
const starts = (count: number) => {
  const pages = Math.ceil(count / LIMIT);
  return { first: 0, middle: Math.floor(pages / 2) * LIMIT, last: (pages - 1) * LIMIT, pages };
};

interface List {
  name: string;
  count: number;
  request: (cursor?: string) => Promise<unknown>;
  cursorAt: (start: number, pageNo: number) => Promise<string>;
  ceiling: (after?: Key) => Promise<unknown>;
  keyAt: (offset: number) => Promise<Key>;
}
const employeesAfter = (after?: Key) =>
  sql`select id, name from employees where account_id = ${accountId} and deleted_at is null
      ${after ? sql`and fold(name) >= ${after[0]} and (fold(name) > ${after[0]} or id > ${after[1]})` : sql``}
      order by fold(name), id limit ${LIMIT + 1}`.execute(db);
const lists: List[] = [
  {
    name: 'employees (GET /api/employees)',
    count: EMPLOYEES,
    request: (c) => page(`/api/employees?limit=${LIMIT}${c ? `&cursor=${c}` : ''}`, auth),
    cursorAt: async (s) =>
      encodeCursor('employees', { key: await employeeKeyAt(s - 1), back: false, total: EMPLOYEES }),
    ceiling: employeesAfter,
    keyAt: employeeKeyAt,
  },
  {
    name: 'employee search (POST /api/search, Status All)',
    count: EMPLOYEES,
    request: (c) =>
      page('/api/search', auth, { query: '', status: 'All', limit: LIMIT, ...(c ? { cursor: c } : {}) }),
    cursorAt: async (s) =>
      encodeCursor('employee-search', { key: await employeeKeyAt(s - 1), back: false, total: EMPLOYEES }),
    ceiling: employeesAfter,
    keyAt: employeeKeyAt,
  },
  {
    name: "station's employee status (GET /api/employee-status)",
    count: EMPLOYEES,
    request: (c) => page(`/api/employee-status?limit=${LIMIT}${c ? `&cursor=${c}` : ''}`, stationAuth),
    cursorAt: async (s) => encodeCursor('employee-status', { key: await employeeKeyAt(s - 1), back: false }),
    ceiling: employeesAfter,
    keyAt: employeeKeyAt,
  },
  {
    name: `one employee's punches (GET /api/manual-punches/{id}, ${HEAVY})`,
    count: HEAVY,
    request: (c) => page(`/api/manual-punches/${heavy}?limit=${LIMIT}${c ? `&cursor=${c}` : ''}`, auth),
    cursorAt: async (s) => encodeCursor('punches', { key: await punchKeyAt(s - 1), back: false }),
    ceiling: (after) =>
      sql`select * from punches where employee_ref = ${heavy} and account_id = ${accountId} and deleted_at is null
          ${after ? sql`and time_in <= ${after[0]} and (time_in < ${after[0]} or id < ${after[1]})` : sql``}
          order by time_in desc, id desc limit ${LIMIT + 1}`.execute(db),
    keyAt: punchKeyAt,
  },
  {
    name: 'activity log (GET /api/activity-logs)',
    count: logTotal,
    // As the web asks: pages with count=false, the count once per filter from /api/activity-logs/count (below).
    request: (c) => page(`/api/activity-logs?limit=${LIMIT}&count=false${c ? `&cursor=${c}` : ''}`, auth),
    cursorAt: async (s, pageNo) =>
      encodeCursor('activity', { key: await logKeyAt(s - 1), back: false, page: pageNo }),
    ceiling: (after) =>
      sql`select id, created_at from activity_logs where account_id = ${accountId}
          ${after ? sql`and created_at <= ${after[0]} and (created_at < ${after[0]} or id < ${after[1]})` : sql``}
          order by created_at desc, id desc limit ${LIMIT + 1}`.execute(db),
    keyAt: logKeyAt,
  },
];

const worst: number[] = [];
for (const list of lists) {
  const s = starts(list.count);
  const line: string[] = [];
  for (const [label, start] of [
    ['first', s.first],
    ['middle', s.middle],
    ['last', s.last],
  ] as const) {
    const cursor = start ? await list.cursorAt(start, start / LIMIT + 1) : undefined;
    const key = start ? await list.keyAt(start - 1) : undefined;
    const ms = await time(() => list.request(cursor));
    const ceiling = await time(() => list.ceiling(key));
    worst.push(ms);
    line.push(
      `${label} ${ms.toFixed(1)} ms (ceiling ${ceiling.toFixed(2)} ms, ${(ms / ceiling).toFixed(1)}×)`,
    );
  }
  console.log(`${list.name}, ${s.pages} pages of ${LIMIT}: ${line.join('; ')}`);
}

// The counts: the activity log's comes from its own request, once per filter; the employee lists count on
// their first page (included in the first-page times above).
const countMs = await time(() => page('/api/activity-logs/count', auth));
const countCeiling = await time(() =>
  db
    .selectFrom('activity_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow(),
);
console.log(
  `activity log count (GET /api/activity-logs/count, ${logTotal} rows, once per filter): ${countMs.toFixed(1)} ms (ceiling: count(*) alone ${countCeiling.toFixed(1)} ms)`,
);

// A search for text reads every employee's name, title, ID, e-mail and department (a substring can be anywhere):
// its first page, with the count, for text a tenth of them hold with an accent ('emile' finds 'Émile') and for
// text no one holds. Its ceiling: the same substring test over the names alone, in the database.
for (const text of ['emile', 'zzzz']) {
  const ms = await time(() => page('/api/search', auth, { query: text, status: 'All', limit: LIMIT }));
  const ceiling = await time(() =>
    sql`select count(*) from employees where account_id = ${accountId} and lower(name) like ${`%${text}%`}`.execute(
      db,
    ),
  );
  worst.push(ms);
  console.log(
    `employee search for '${text}' (first page and its count): ${ms.toFixed(1)} ms (ceiling ${ceiling.toFixed(2)} ms, ${(ms / ceiling).toFixed(1)}×)`,
  );
}

const explain = async (label: string, q: string) => {
  const rows = (await sql.raw(`${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${q}`).execute(db))
    .rows as Record<string, unknown>[];
  console.log(`plan, ${label}: ${rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ')}`);
};
const [ek, pk, lk] = [await employeeKeyAt(5000), await punchKeyAt(500), await logKeyAt(200_000)];
await explain(
  'employees page',
  `select id from employees where account_id = ${accountId} and deleted_at is null and fold(name) >= '${ek[0]}' and (fold(name) > '${ek[0]}' or id > ${ek[1]}) order by fold(name), id limit 51`,
);
await explain(
  'punches page',
  `select id from punches where employee_ref = ${heavy} and account_id = ${accountId} and deleted_at is null and time_in <= '${pk[0]}' and (time_in < '${pk[0]}' or id < ${pk[1]}) order by time_in desc, id desc limit 51`,
);
await explain(
  'activity page',
  `select id from activity_logs where account_id = ${accountId} and created_at <= '${lk[0]}' and (created_at < '${lk[0]}' or id < ${lk[1]}) order by created_at desc, id desc limit 51`,
);
console.log(`slowest page: ${Math.max(...worst).toFixed(1)} ms (target ≤ 20 ms)`);
await close();
