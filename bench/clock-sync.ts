// Measures offline sync throughput: one batch of 10,000 punches through the real app (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database). Run: npx tsx bench/clock-sync.ts
// Then, in the same run, the ceiling: the same number of rows as batched raw INSERTs (500 rows a statement, one
// transaction) into a scratch table of the same database kind (a fresh WAL file with the app's synchronous setting).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { benchApp } from './bench-app';

const ITEMS = 10_000;
const { app, db, url, auth, accountId, suffix: s, close } = await benchApp();
const station = (
  await app.inject({
    method: 'POST',
    url: '/api/stations',
    headers: auth,
    payload: { name: 'Bench', pair: 'this-browser' },
  })
).json().token;
const at = new Date().toISOString();
const dep = await db
  .insertInto('departments')
  .values({ account_id: accountId, dp_name: 'Bench', created_at: at, updated_at: at })
  .returning('id')
  .executeTakeFirstOrThrow();
// 100 employees, each with 50 shifts (in + out) over the last days: 10,000 punches.
const employees = Array.from({ length: 100 }, (_, i) => ({
  account_id: accountId,
  department_id: dep.id,
  employee_id: `B${i}`,
  name: `Bench ${i}`,
  permission_app: 1,
  created_at: at,
  updated_at: at,
}));
await db.insertInto('employees').values(employees).execute();
const punches = Array.from({ length: ITEMS }, (_, i) => {
  const employee = i % 100;
  const step = Math.floor(i / 100);
  return {
    client_id: `bench-${s}-${i}`,
    kind: step % 2 === 0 ? 'in' : 'out',
    employee_id: `B${employee}`,
    device_time: new Date(Date.now() - (ITEMS - i) * 60_000).toISOString(),
  };
});

const cpu = process.cpuUsage();
const started = process.hrtime.bigint();
const res = await app.inject({
  method: 'POST',
  url: '/api/punches/sync',
  headers: { authorization: `Station ${station}` },
  payload: { punches },
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const used = process.cpuUsage(cpu);
const created = res.json().results.filter((r: { status: string }) => r.status === 'created').length;
console.log(`database: ${url.startsWith('postgres') ? 'postgresql' : 'sqlite'}`);
console.log(
  `sync of ${ITEMS} punches: ${seconds.toFixed(2)} s, ${Math.round(ITEMS / seconds)} punches/s, ${created} created, status ${res.statusCode}`,
);
// On a shared machine the wall time includes waiting for a core: the process's own CPU time shows that.
console.log(`CPU time of the process meanwhile: ${((used.user + used.system) / 1e6).toFixed(2)} s`);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
const rows = punches.map((p) => [p.client_id, p.employee_id, p.device_time, at]);
let ceiling: number;
if (url.startsWith('postgres')) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(
    'create table bench_scratch (id serial primary key, client_id text not null, employee text not null, time_in text not null, created_at text not null)',
  );
  const t0 = process.hrtime.bigint();
  await c.query('begin');
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await c.query(
      `insert into bench_scratch (client_id, employee, time_in, created_at) values ${chunk
        .map((_, j) => `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4})`)
        .join(', ')}`,
      chunk.flat(),
    );
  }
  await c.query('commit');
  ceiling = ITEMS / (Number(process.hrtime.bigint() - t0) / 1e9);
  await c.query('drop table bench_scratch');
  await c.end();
} else {
  const synchronous = (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]
    .synchronous;
  const file = new SQLite(join(mkdtempSync(join(tmpdir(), 'punchclock-ceiling-')), 'raw.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma(`synchronous = ${synchronous}`);
  file.exec(
    'create table scratch (id integer primary key, client_id text not null, employee text not null, time_in text not null, created_at text not null)',
  );
  const t0 = process.hrtime.bigint();
  const insert = file.prepare(
    `insert into scratch (client_id, employee, time_in, created_at) values ${Array(500).fill('(?, ?, ?, ?)').join(', ')}`,
  );
  file.transaction(() => {
    for (let i = 0; i < rows.length; i += 500) insert.run(rows.slice(i, i + 500).flat());
  })();
  ceiling = ITEMS / (Number(process.hrtime.bigint() - t0) / 1e9);
  file.close();
}
console.log(`ceiling (batched raw INSERTs, same run): ${Math.round(ceiling)} rows/s`);
console.log(`ratio: ${((ITEMS / seconds / ceiling) * 100).toFixed(1)} %`);
await close();
