// Measures the employee import: one 10,000-row .xlsx (with PINs and a custom field) uploaded through
// the real app over multipart, on SQLite, or PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database.
// Target (issue 3): under 10 s and under 400 MB peak memory. Run: npx tsx bench/import-employees.ts
import * as XLSX from '@e965/xlsx';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'punchclock-bench-'));
const url = process.env.BENCH_DATABASE_URL || join(dir, 'bench.sqlite');
const db = createDatabase(url);
await migrateToLatest(db);
const app = await buildApp(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'none') }), { db, logger: false });

const s = Date.now().toString(36);
const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Bench', email: `bench${s}@example.com`, password: 'bench password', password_confirmation: 'bench password', phone_number: '+1 555 0100', username: `bench${s}`, date_of_birth: '1980-01-01', terms: true } });
const auth = { authorization: `Bearer ${reg.json().access_token}` };
await app.inject({ method: 'POST', url: '/api/fields', headers: auth, payload: { field_name: 'Locker', field_type: 'number', field_options: 'false' } });

const departments = ['Warehouse', 'Drivers', 'Office', 'Night Shift', 'Dock'];
const rows: unknown[][] = [['Name', 'Employee ID', 'Department', 'Title', 'Email', 'Hourly Rate', 'PIN', 'Locker']];
for (let i = 0; i < ROWS; i++) rows.push([`Person ${i}`, `E${100000 + i}`, departments[i % 5], 'Associate', `person${i}@bench.example`, (15 + (i % 20) / 4).toFixed(2), i % 3 === 0 ? String(1000 + (i % 9000)) : '', i]);
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Employees');
const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
const boundary = '----bench';
const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="staff.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);

const started = process.hrtime.bigint();
const res = await app.inject({ method: 'POST', url: '/employees/import', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const count = (await app.inject({ method: 'GET', url: '/api/employees', headers: auth })).json().data.length;
console.log(`database: ${url.startsWith('postgres') ? 'postgresql' : 'sqlite'}`);
console.log(`file: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} kB`);
console.log(`import: ${seconds.toFixed(2)} s, status ${res.statusCode}, imported ${res.json().imported}, errors ${res.json().errors?.length}, employees now ${count}`);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await app.close();
await db.destroy();
