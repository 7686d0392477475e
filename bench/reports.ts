// Times the reports on a big account: 10,000 employees with a month of punches (about 440,000), on SQLite, or
// PostgreSQL with BENCH_DATABASE_URL=postgres://…/an_empty_database. Beside each report it times one
// hand-written SQL aggregate over the same rows (the ceiling), and prints the ratio, the XLSX export's time and
// the peak memory. Run: npx tsx bench/reports.ts
import { benchApp } from './bench-app';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const DAYS = 31;
const { app, db, auth, accountId, dialect, close } = await benchApp();

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
const ids = (await db.selectFrom('employees').select('id').where('account_id', '=', accountId).execute()).map(
  (r) => r.id,
);
// Weekdays of October 2026 (22 of them): two shifts a day (morning and afternoon) per employee ≈ 440,000 punches.
const days = Array.from({ length: DAYS }, (_, d) => `2026-10-${String(d + 1).padStart(2, '0')}`).filter(
  (d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()),
);
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

const period = { start_date: '2026-10-01', end_date: '2026-10-31' };
async function timed(label: string, body: object): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await app.inject({ method: 'POST', url: '/getdata', headers: auth, payload: body });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const size = res.rawPayload.length;
  console.log(`${label}: ${seconds.toFixed(2)} s (${(size / 1024).toFixed(0)} kB answer)`);
  return seconds;
}

// The ceiling: one SQL aggregate over the same rows (minutes per employee and day), no rules, no rounding.
const ceilingStarted = process.hrtime.bigint();
const minutes =
  dialect === 'sqlite'
    ? 'sum((julianday(time_out) - julianday(time_in)) * 1440)'
    : 'sum(extract(epoch from (time_out::timestamptz - time_in::timestamptz)) / 60)';
const { sql } = await import('kysely');
const agg = await sql<{ n: number }>`
  select count(*) as n from (
    select employee_ref, work_date, ${sql.raw(minutes)} as m from punches
    where account_id = ${accountId} and deleted_at is null and work_date between ${period.start_date} and ${period.end_date}
    group by employee_ref, work_date
  ) t`.execute(db);
const ceiling = Number(process.hrtime.bigint() - ceilingStarted) / 1e9;
console.log(`ceiling (one SQL aggregate, ${agg.rows[0].n} employee-days): ${ceiling.toFixed(2)} s`);

const daily = await timed('Daily Summary, month, page 1', { reportname: 'Daily Summary', ...period });
const payroll = await timed('Payroll Summary, month', { reportname: 'Payroll Summary', ...period });
const one = await timed('Timesheet, one employee, month', {
  reportname: 'Timesheet',
  ...period,
  employee_id: ids[Math.floor(ids.length / 2)],
});
console.log(
  `ratios to the ceiling: Daily Summary ${(daily / ceiling).toFixed(1)}×, Payroll Summary ${(payroll / ceiling).toFixed(1)}×, one employee ${(one / ceiling).toFixed(1)}×`,
);
const xlsxStarted = process.hrtime.bigint();
const xlsx = await app.inject({
  method: 'POST',
  url: '/getdata',
  headers: auth,
  payload: { reportname: 'Daily Summary', ...period, format: 'xlsx' },
});
const xlsxSeconds = Number(process.hrtime.bigint() - xlsxStarted) / 1e9;
console.log(
  `XLSX export of the month's Daily Summary: ${xlsxSeconds.toFixed(2)} s, ${(xlsx.rawPayload.length / 1048576).toFixed(1)} MB, status ${xlsx.statusCode}`,
);
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await close();
