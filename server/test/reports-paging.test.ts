import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createDepartment, createEmployee, insertPunch } from './factories';
import { exportChunk } from '../src/modules/reports/time-reports';
import { useTestApp } from './helper';

/**
 * A screen page of an account-wide Daily Summary is built alone (time-reports.ts: the page's employees found from
 * per-employee sums, only their days computed): every page must hold exactly the rows the whole result has at
 * those places, in name order, with totals over the whole result. Employees here have 0 to 4 days, two share a
 * name, one is deleted and one is in a department excluded from reports.
 *
 * By hand (UTC, no rounding, rates per hour): the rows in order are
 *   Amy (id a1, $12): Mar 2 09:00–10:00 (60), Mar 3 09:00–11:00 (120)
 *   Amy (id a2, $10): Mar 5 08:00–08:30 (30)
 *   Bob ($30): Mar 2, 3, 4, 5 each 10:00–10:45 (45 each), Mar 5 also 13:00–13:15 (+15 → 60)
 *   Cat (no punches): no row
 *   Dan (deleted, $6): Mar 4 07:00–07:10 (10)
 *   Zed ($60): Mar 3 09:00 open shift (0, one open shift)
 *   Eve (excluded department): no row
 * Worked total 60+120+30+45·3+60+10 = 415 min; earnings 12 + 24 + 5 + 22.50·3 + 30 + 1 = $139.50 → 13950 cents.
 */
const t = useTestApp();
let a: Account;
const expectedKeys: string[] = [];

const page = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/getdata',
    headers: a.auth,
    payload: { reportname: 'Daily Summary', start_date: '2026-03-01', end_date: '2026-03-31', ...body },
  });

beforeAll(async () => {
  a = await createAccount(t);
  const dep = (await createDepartment(t, a, { dp_name: 'Floor' })).id;
  const excluded = (await createDepartment(t, a, { dp_name: 'Away', exclude_from_reports: true })).id;
  const hire = (name: string, rate: string, department_id = dep) =>
    createEmployee(t, a, { name, hourly_rate: rate, department_id });
  // Created out of name order, so name order is not id order.
  const zed = await hire('Zed', '60');
  const bob = await hire('Bob', '30');
  const amy2 = await hire('Amy', '10');
  const amy1 = await hire('Amy', '12');
  await hire('Cat', '20');
  const dan = await hire('Dan', '6');
  const eve = await hire('Eve', '50', excluded);
  const [first, second] = amy1.id < amy2.id ? [amy1, amy2] : [amy2, amy1];
  const shift = (who: { id: number }, day: string, from: string, to: string | null) =>
    insertPunch(t, a.accountId, who.id, {
      time_in: `2026-03-${day}T${from}:00.000Z`,
      time_out: to && `2026-03-${day}T${to}:00.000Z`,
    });
  await shift(amy1, '02', '09:00', '10:00');
  await shift(amy1, '03', '09:00', '11:00');
  await shift(amy2, '05', '08:00', '08:30');
  for (const day of ['02', '03', '04', '05']) await shift(bob, day, '10:00', '10:45');
  await shift(bob, '05', '13:00', '13:15');
  await shift(dan, '04', '07:00', '07:10');
  await shift(zed, '03', '09:00', null);
  await shift(eve, '02', '09:00', '17:00');
  const gone = await t.app.inject({ method: 'DELETE', url: `/employees/${dan.id}`, headers: a.auth });
  expect(gone.statusCode).toBe(200);
  const days = new Map([
    [first.code, first === amy1 ? ['02', '03'] : ['05']],
    [second.code, second === amy1 ? ['02', '03'] : ['05']],
  ]);
  for (const code of [first.code, second.code])
    for (const d of days.get(code)!) expectedKeys.push(`2026-03-${d} ${code}`);
  for (const d of ['02', '03', '04', '05']) expectedKeys.push(`2026-03-${d} ${bob.code}`);
  expectedKeys.push(`2026-03-04 ${dan.code}`, `2026-03-03 ${zed.code}`);
});

describe('Daily Summary pages built alone', () => {
  it('hold the whole result’s rows at their places, for every page size', async () => {
    const whole = (await page({ page_size: 1000 })).json();
    const keys = (rows: Record<string, unknown>[]) => rows.map((r) => `${r.date} ${r.employee_id}`);
    expect(keys(whole.data)).toEqual(expectedKeys);
    expect(whole.total).toBe(9);
    expect(whole.totals).toMatchObject({
      worked: 415,
      paid: 415,
      deducted: 0,
      open_shifts: 1,
      earnings: 13950,
    });
    const bobLast = whole.data[6];
    expect(bobLast).toMatchObject({ worked: 60, paid: 60, earnings: 3000 });

    for (const size of [1, 2, 3, 4, 5, 8, 9]) {
      const rows: Record<string, unknown>[] = [];
      const lastPage = Math.ceil(9 / size);
      for (let p = 1; p <= lastPage; p++) {
        const res = await page({ page: p, page_size: size });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ page: p, last_page: lastPage, total: 9, totals: whole.totals });
        rows.push(...body.data);
      }
      expect(rows, `page size ${size}`).toEqual(whole.data);
    }
  });

  it('answers the last page for a page past the end, and the export holds the same rows', async () => {
    const past = (await page({ page: 99, page_size: 4 })).json();
    expect(past.page).toBe(3);
    expect(past.data.map((r: Record<string, unknown>) => `${r.date} ${r.employee_id}`)).toEqual(
      expectedKeys.slice(8),
    );
    // The export computes a few employees at a time: with 2 a chunk, rows cross chunk borders.
    const whole = (await page({ page_size: 1000 })).json();
    const usual = exportChunk.employees;
    for (const size of [2, usual]) {
      exportChunk.employees = size;
      const csv = await page({ format: 'csv' });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines.length).toBe(1 + 9 + 1); // header, the rows, the totals row
      const header = lines[0].split(',');
      const [date, id] = [header.indexOf('Date'), header.indexOf('Employee ID')];
      const [worked] = [header.indexOf('Worked Hours')];
      const cells = lines.slice(1, 10).map((l) => l.split(','));
      expect(cells.map((c) => c[id])).toEqual(whole.data.map((r: Record<string, unknown>) => r.employee_id));
      expect(cells.map((c) => c[date])).toEqual(
        whole.data.map((r: Record<string, unknown>) => expect.stringContaining(String(r.date).slice(5, 7))),
      );
      expect(cells.map((c) => Math.round(Number(c[worked]) * 60))).toEqual(
        whole.data.map((r: Record<string, unknown>) => r.worked),
      );
    }
    exportChunk.employees = usual;
  });

  it('Payroll Summary sums each employee’s days in name order, with their pay lines and gross', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/getdata',
      headers: a.auth,
      payload: { reportname: 'Payroll Summary', start_date: '2026-03-01', end_date: '2026-03-31' },
    });
    const body = res.json();
    // One regular line each, the hours shown × the rate (docs/RULES.md#pay-lines): Bob 3.25 h × $30 = $97.50;
    // Dan 10 min = 0.17 h × $6 = $1.02 (not 10/60 × 6 = $1.00).
    expect(body.data.map((r: Record<string, unknown>) => [r.name, r.paid, r.gross])).toEqual([
      ['Amy', expect.any(Number), expect.any(Number)],
      ['Amy', expect.any(Number), expect.any(Number)],
      ['Bob', 195, 9750],
      ['Dan', 10, 102],
      ['Zed', 0, 0],
    ]);
    // Amy: 3.00 h × $12 = $36.00 and 0.50 h × $10 = $5.00.
    expect(body.totals).toMatchObject({
      paid: 415,
      regular: 415,
      overtime: 0,
      gross: 3600 + 500 + 9750 + 102,
    });
  });
});
