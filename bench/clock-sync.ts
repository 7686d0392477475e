// Measures offline sync throughput: one batch of 10,000 punches through the real app (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database). Run: npx tsx bench/clock-sync.ts
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

const started = process.hrtime.bigint();
const res = await app.inject({
  method: 'POST',
  url: '/api/punches/sync',
  headers: { authorization: `Station ${station}` },
  payload: { punches },
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const created = res.json().results.filter((r: { status: string }) => r.status === 'created').length;
console.log(`database: ${url.startsWith('postgres') ? 'postgresql' : 'sqlite'}`);
console.log(
  `sync of ${ITEMS} punches: ${seconds.toFixed(2)} s, ${Math.round(ITEMS / seconds)} punches/s, ${created} created, status ${res.statusCode}`,
);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await close();
