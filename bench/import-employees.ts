// Measures the employee import: one 10,000-row .xlsx (with PINs and a custom field) uploaded through
// the real app over multipart, on SQLite, or PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database.
// Target (issue 3): under 10 s and under 400 MB peak memory. Run: npx tsx bench/import-employees.ts
import * as XLSX from '@e965/xlsx';
import { benchApp } from './bench-app';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const { app, url, auth, close } = await benchApp();
await app.inject({
  method: 'POST',
  url: '/api/fields',
  headers: auth,
  payload: { field_name: 'Locker', field_type: 'number', field_options: 'false' },
});

const departments = ['Warehouse', 'Drivers', 'Office', 'Night Shift', 'Dock'];
const rows: unknown[][] = [
  ['Name', 'Employee ID', 'Department', 'Title', 'Email', 'Hourly Rate', 'PIN', 'Locker'],
];
for (let i = 0; i < ROWS; i++)
  rows.push([
    `Person ${i}`,
    `E${100000 + i}`,
    departments[i % 5],
    'Associate',
    `person${i}@bench.example`,
    (15 + (i % 20) / 4).toFixed(2),
    i % 3 === 0 ? String(1000 + (i % 9000)) : '',
    i,
  ]);
const wb = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Employees');
const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
const boundary = '----bench';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="staff.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

const started = process.hrtime.bigint();
const res = await app.inject({
  method: 'POST',
  url: '/employees/import',
  headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload,
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const listStarted = process.hrtime.bigint();
const count = (await app.inject({ method: 'GET', url: '/api/employees', headers: auth })).json().data.length;
const listSeconds = Number(process.hrtime.bigint() - listStarted) / 1e9;
const searchStarted = process.hrtime.bigint();
const found = (
  await app.inject({
    method: 'POST',
    url: '/api/search',
    headers: auth,
    payload: { query: 'person 99', status: 'All' },
  })
).json().employees.length;
const searchSeconds = Number(process.hrtime.bigint() - searchStarted) / 1e9;
console.log(`database: ${url.startsWith('postgres') ? 'postgresql' : 'sqlite'}`);
console.log(`file: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} kB`);
console.log(
  `import: ${seconds.toFixed(2)} s, status ${res.statusCode}, imported ${res.json().imported}, errors ${res.json().errors?.length}, employees now ${count}`,
);
console.log(
  `list of ${count} employees: ${listSeconds.toFixed(2)} s; search 'person 99' (${found} found): ${searchSeconds.toFixed(2)} s`,
);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await close();
