// Times the reports on a big account: 10,000 employees with a month of punches (about 440,000, plus this
// week's so the dashboard has a week to sum), on SQLite, or PostgreSQL with
// BENCH_DATABASE_URL=postgres://…/an_empty_database. Beside the reports it times one hand-written SQL aggregate
// over the same rows (the ceiling: minutes per employee and day, read into the process like a report's rows),
// and prints each ratio, the XLSX export's time and the peak memory, against the targets of issue 10
// (each report ≤ 1 s and ≤ 1.5× the ceiling, the export ≤ 5 s, peak RSS ≤ 300 MB). Run: npx tsx bench/reports.ts
// The reports are asked over HTTP of the compiled server (server/dist/main.js, as `npm start` runs it) in a
// process of its own, after the seeding: the peak memory printed is that server's (VmHWM).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type BenchHandle, benchApp } from './bench-app';
import { createDatabase } from '../server/src/db/database';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const DAYS = 31;
const root = new URL('..', import.meta.url).pathname;
const handle = await seed();
const { accountId, url } = handle;
const dialect = url.startsWith('postgres') ? 'postgresql' : 'sqlite';
const auth = { authorization: `Bearer ${handle.token}` };
const db = createDatabase(url);
const server = await startServer(handle);

/** A new bench account with 10,000 employees and their month of punches; answers how to open it again. */
async function seed(): Promise<BenchHandle> {
  const { db, accountId, dialect, close, handle } = await benchApp();

  const at = new Date().toISOString();
  const dep = await db
    .insertInto('departments')
    .values({ account_id: accountId, dp_name: 'Bench', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const seeded = Date.now();
  for (let i = 0; i < EMPLOYEES; i += 500) {
    const rows = Array.from({ length: Math.min(500, EMPLOYEES - i) }, (_, k) => ({
      account_id: accountId,
      department_id: dep.id,
      employee_id: `R${i + k}`,
      name: `Employee ${String(i + k).padStart(5, '0')}`,
      hourly_rate_cents: 1500 + ((i + k) % 1000),
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('employees').values(rows).execute();
  }
  const ids = (
    await db.selectFrom('employees').select('id').where('account_id', '=', accountId).execute()
  ).map((r) => r.id);
  // Weekdays of October 2026 (22 of them): two shifts a day (morning and afternoon) per employee ≈ 440,000
  // punches; then this week's weekdays up to today (shifts already over), for the dashboard.
  const weekday = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
  const days = Array.from({ length: DAYS }, (_, d) => `2026-10-${String(d + 1).padStart(2, '0')}`).filter(
    weekday,
  );
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  for (let d = new Date(monday); d.toISOString().slice(0, 10) <= new Date().toISOString().slice(0, 10);) {
    if (d.toISOString().slice(0, 10) > '2026-10-31' && weekday(d.toISOString().slice(0, 10)))
      days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  let n = 0;
  const batch: object[] = [];
  const flush = async () => {
    // A chunk's values stay under both databases' bound-parameter limits.
    for (let i = 0; i < batch.length; i += 1000)
      await db
        .insertInto('punches')
        .values(batch.slice(i, i + 1000) as never)
        .execute();
    batch.length = 0;
  };
  for (const day of days) {
    for (const id of ids) {
      for (const [from, to] of [
        ['08:0', '12:0'],
        ['12:3', '17:0'],
      ]) {
        const minute = (id % 10).toString();
        if (`${day}T${to}${minute}:00.000Z` > new Date().toISOString()) continue; // today's shifts still to come
        n += 1;
        batch.push({
          account_id: accountId,
          employee_ref: id,
          client_id: `r${n}`,
          work_date: day,
          time_in: `${day}T${from}${minute}:00.000Z`,
          time_out: `${day}T${to}${minute}:00.000Z`,
          received_in_at: `${day}T${from}${minute}:00.000Z`,
          source: 'station',
          created_at: at,
          updated_at: at,
        });
      }
    }
    await flush();
  }
  console.log(
    `database: ${dialect}; seeded ${EMPLOYEES} employees and ${n} punches in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // What autovacuum does within a minute of such a load in production: planner statistics and the visibility
  // map (without them PostgreSQL guesses one row a period and reads the table behind every index entry).
  if (dialect === 'postgresql') await sql`vacuum analyze`.execute(db);
  await close();
  return handle;
}

const period = { start_date: '2026-10-01', end_date: '2026-10-31' };
async function timed(label: string, request: { method: 'GET' | 'POST'; url: string; payload?: object }) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${server.base}${request.url}`, {
    method: request.method,
    headers: { ...auth, ...(request.payload ? { 'content-type': 'application/json' } : {}) },
    body: request.payload ? JSON.stringify(request.payload) : undefined,
  });
  const body = Buffer.from(await res.arrayBuffer());
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.toString().slice(0, 200)}`);
  return { seconds, bytes: body.length };
}
const report = (label: string, body: object) =>
  timed(label, { method: 'POST', url: '/getdata', payload: { ...period, ...body } });

/** Each figure is the median of RUNS runs (BENCH_RUNS, default 3): one run moves with whatever else the machine does. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
async function median(run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await run());
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}
async function medianOf(run: () => ReturnType<typeof timed>) {
  let bytes = 0;
  const seconds = await median(async () => {
    const r = await run();
    bytes = r.bytes;
    return r.seconds;
  });
  return { seconds, bytes };
}

// The ceiling: one SQL aggregate over the same rows (minutes per employee and day, no rules, no rounding),
// every row read into the process as a report reads its figures; grouped in the index's order (day, employee) as
// the reports group, so that neither sorts on PostgreSQL.
const minutes =
  dialect === 'sqlite'
    ? 'sum((julianday(time_out) - julianday(time_in)) * 1440)'
    : 'sum(extract(epoch from (time_out::timestamptz - time_in::timestamptz)) / 60)';
let days = 0;
const ceiling = await median(async () => {
  const started = process.hrtime.bigint();
  const agg = await sql<{ employee_ref: number; work_date: string; m: number }>`
    select employee_ref, work_date, ${sql.raw(minutes)} as m from punches
    where account_id = ${accountId} and deleted_at is null and work_date between ${period.start_date} and ${period.end_date}
    group by work_date, employee_ref`.execute(db);
  days = agg.rows.length;
  return Number(process.hrtime.bigint() - started) / 1e9;
});
console.log(
  `ceiling (one SQL aggregate, ${days} employee-days read; median of ${RUNS}): ${ceiling.toFixed(2)} s`,
);

// Warm-up (route compilation, first statements): one day's report, untimed.
await report('warm-up', { reportname: 'Daily Summary', end_date: period.start_date });
const { id: someone } = await db
  .selectFrom('employees')
  .select('id')
  .where('account_id', '=', accountId)
  .where('employee_id', '=', `R${Math.floor(EMPLOYEES / 2)}`)
  .executeTakeFirstOrThrow();
const results: [string, { seconds: number; bytes: number }][] = [
  [
    'Daily Summary, month (page 1 + totals)',
    await medianOf(() => report('Daily Summary', { reportname: 'Daily Summary' })),
  ],
  [
    'Payroll Summary, month',
    await medianOf(() => report('Payroll Summary', { reportname: 'Payroll Summary' })),
  ],
  [
    'Employee Details, one employee, month',
    await medianOf(() =>
      report('Employee Details', { reportname: 'Employee Details', employee_id: someone }),
    ),
  ],
  [
    'Timesheet, one employee, month',
    await medianOf(() => report('Timesheet', { reportname: 'Timesheet', employee_id: someone })),
  ],
  [
    'Dashboard (this week)',
    await medianOf(() => timed('dashboard', { method: 'GET', url: '/api/dashboard' })),
  ],
];
for (const [label, r] of results) {
  const ratio = r.seconds / ceiling;
  const ok = r.seconds <= 1 && ratio <= 1.5 ? 'meets' : 'MISSES';
  console.log(
    `${label} (median of ${RUNS}): ${r.seconds.toFixed(2)} s, ${ratio.toFixed(2)}× the ceiling (${(r.bytes / 1024).toFixed(0)} kB answer) — ${ok} ≤ 1 s and ≤ 1.5×`,
  );
}

// Issue 33: the same Payroll Summary under California's pay rules (daily and weekly overtime, the seventh day,
// meal premiums: every bench day lacks a meal period, so each earns one), against the month under `none` above.
// Targets: ≤ 1 s on SQLite, ≤ 1.5 s on PostgreSQL, and ≤ 1.5× the same report under `none`.
const none = results.find(([label]) => label === 'Payroll Summary, month')![1].seconds;
const put = await fetch(`${server.base}/api/pay-rules`, {
  method: 'PUT',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ effective_from: '2000-01-01', preset: 'us_california' }),
});
if (put.status !== 200) throw new Error(`pay rules: ${put.status} ${await put.text()}`);
const california = await medianOf(() => report('Payroll Summary', { reportname: 'Payroll Summary' }));
const limit = dialect === 'sqlite' ? 1 : 1.5;
console.log(
  `Payroll Summary, month, under us_california (median of ${RUNS}): ${california.seconds.toFixed(2)} s, ${(california.seconds / none).toFixed(2)}× the same report under none (${none.toFixed(2)} s) — ${california.seconds <= limit && california.seconds / none <= 1.5 ? 'meets' : 'MISSES'} ≤ ${limit} s and ≤ 1.5×`,
);

const peakBeforeExport = server.peakMb();
const xlsx = await medianOf(() => report('XLSX export', { reportname: 'Daily Summary', format: 'xlsx' }));
console.log(
  `XLSX export of the month's Daily Summary (median of ${RUNS}): ${xlsx.seconds.toFixed(2)} s, ${(xlsx.bytes / 1048576).toFixed(1)} MB — ${xlsx.seconds <= 5 ? 'meets' : 'MISSES'} ≤ 5 s`,
);
const peak = server.peakMb();
console.log(
  `peak RSS of the server: ${peak} MB (${peakBeforeExport} MB before the export) — ${peak <= 300 ? 'meets' : 'MISSES'} ≤ 300 MB`,
);

// Approving the month as one pay period (docs/RULES.md#pay-periods): it checks for open shifts and punch issues,
// locks every employee, and stores the period's Payroll Summary and Timesheet lines (one a punch) in one
// transaction. No target; the figure says what a manager of this account waits for.
const send = async (url: string, payload: object) => {
  const res = await fetch(`${server.base}${url}`, {
    method: url.endsWith('approve') ? 'POST' : 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
};
await send('/api/pay-periods/settings', {
  frequency: 'monthly',
  anchor_date: period.start_date,
  forgotten_after_minutes: 720,
});
const approving = process.hrtime.bigint();
await send('/api/pay-periods/approve', { start_date: period.start_date });
const stored = await db
  .selectFrom('pay_period_figures')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('account_id', '=', accountId)
  .executeTakeFirstOrThrow();
console.log(
  `approving the month's pay period: ${(Number(process.hrtime.bigint() - approving) / 1e9).toFixed(2)} s, ${Number(stored.n)} stored lines; peak RSS then ${server.peakMb()} MB`,
);
server.process.kill();
await db.destroy();

/** The compiled server (built now: esbuild, a few seconds) over the seeded data, on a free 127.0.0.1 port. */
async function startServer(h: BenchHandle) {
  const built = spawnSync(process.execPath, ['server/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_PROF=DIR: the server writes a CPU profile there when it stops (node --cpu-prof).
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
      join(root, 'server/dist/main.js'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: h.dir,
        DATABASE_URL: h.url,
        LOG_LEVEL: 'warn',
        WEB_DIST: join(h.dir, 'none'),
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (tries > 300) throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  /** The server's peak resident memory so far (Linux: VmHWM of /proc/<pid>/status), in MB. */
  const peakMb = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  };
  return { base, process: child, peakMb };
}
