// Measures offline sync throughput: one batch of 10,000 punches through the real app (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database). Run: npx tsx bench/clock-sync.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

const ITEMS = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'punchclock-bench-'));
const url = process.env.BENCH_DATABASE_URL || join(dir, 'bench.sqlite');
const db = createDatabase(url);
await migrateToLatest(db);
const app = await buildApp(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'none') }), { db, logger: false });

const s = Date.now().toString(36);
const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Bench', email: `bench${s}@example.com`, password: 'bench password', password_confirmation: 'bench password', phone_number: '+1 555 0100', username: `bench${s}`, date_of_birth: '1980-01-01', terms: true } });
const auth = { authorization: `Bearer ${reg.json().access_token}` };
const station = (await app.inject({ method: 'POST', url: '/api/stations', headers: auth, payload: { name: 'Bench', pair: 'this-browser' } })).json().token;
const { account_id: accountId } = await db.selectFrom('users').select('account_id').where('id', '=', reg.json().user_id).executeTakeFirstOrThrow();
const at = new Date().toISOString();
const dep = await db.insertInto('departments').values({ account_id: accountId, dp_name: 'Bench', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
// 100 employees, each with 50 shifts (in + out) over the last days: 10,000 punches.
const employees = Array.from({ length: 100 }, (_, i) => ({ account_id: accountId, department_id: dep.id, employee_id: `B${i}`, name: `Bench ${i}`, permission_app: 1, created_at: at, updated_at: at }));
await db.insertInto('employees').values(employees).execute();
const punches = Array.from({ length: ITEMS }, (_, i) => {
  const employee = i % 100;
  const step = Math.floor(i / 100);
  return { client_id: `bench-${s}-${i}`, kind: step % 2 === 0 ? 'in' : 'out', employee_id: `B${employee}`, device_time: new Date(Date.now() - (ITEMS - i) * 60_000).toISOString() };
});

const started = process.hrtime.bigint();
const res = await app.inject({ method: 'POST', url: '/api/punches/sync', headers: { authorization: `Station ${station}` }, payload: { punches } });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const created = res.json().results.filter((r: { status: string }) => r.status === 'created').length;
console.log(`database: ${url.startsWith('postgres') ? 'postgresql' : 'sqlite'}`);
console.log(`sync of ${ITEMS} punches: ${seconds.toFixed(2)} s, ${Math.round(ITEMS / seconds)} punches/s, ${created} created, status ${res.statusCode}`);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await app.close();
await db.destroy();
