import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createDepartment, createEmployee } from './factories';
import { dialect, useTestApp } from './helper';
import { readsWhole } from './pdf-text';

/**
 * Every PDF table (report exports, Your data) read back with `pdftotext -layout`: a date, a time or a figure is
 * never cut ("11/16/…", "8:54 A…"), a long name, a department and every column header read whole (a cell may
 * wrap onto more lines of its row: its words then stand one under another in the column), and no "…" anywhere.
 * The files are kept in $TMPDIR/punchclock-pdf-tables-{dialect}/ for a look (pdftoppm -png -r 60).
 */
const t = useTestApp();
let a: Account;
const LONG_NAME = 'Alexandrina Maximiliana Featherstonehaugh';
const DEPARTMENT = 'Night Shift Warehouse Logistics';
const ids = { long: 0, short: 0 };
const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const period = { start_date: DAYS[0], end_date: DAYS[DAYS.length - 1] };
const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;
const dir = join(tmpdir(), `punchclock-pdf-tables-${dialect}`);

function textOf(pdf: Buffer, name: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** What holds of every PDF table: nothing cut, nothing ellipsised. */
function nothingCut(text: string) {
  expect(text).not.toContain('…');
  // Every date whole: MM/DD/YY (pdftotext keeps a cell's text together on its line).
  for (const [date] of text.matchAll(/\d{1,2}\/\d{1,2}(\/\d*)?/g))
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
  // Every time keeps its AM/PM (12-hour accounts).
  for (const [time] of text.matchAll(/\d{1,2}:\d{2}(\s*\S*)/g)) expect(time).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
}

async function exportPdf(body: object, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/getdata',
    headers: a.auth,
    payload: { ...body, format: 'pdf' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return textOf(res.rawPayload, name);
}

beforeAll(async () => {
  a = await createAccount(t, { company_name: 'Punchclock Test Works' });
  const dept = (await createDepartment(t, a, { dp_name: DEPARTMENT })).id;
  ids.long = (
    await createEmployee(t, a, {
      name: LONG_NAME,
      employee_id: 'E-1001',
      department_id: dept,
      hourly_rate: '18.75',
    })
  ).id;
  ids.short = (
    await createEmployee(t, a, { name: 'Bo Li', employee_id: 'E-7', department_id: dept, hourly_rate: '20' })
  ).id;
  const manual = async (employee: number, date: string, time_in: string, time_out: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: a.auth,
      payload: { employee_id: employee, date, time_in, time_out, type: 'None', deduction: 'Auto' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  for (const day of DAYS) {
    await manual(ids.long, day, '08:54', '17:32');
    await manual(ids.short, day, '10:05', '12:41');
  }
});

describe('report PDFs read back whole', () => {
  it('Daily Summary: every date, time, name, department and header whole, nothing ellipsised', async () => {
    const text = await exportPdf({ reportname: 'Daily Summary', ...period }, 'daily-summary');
    nothingCut(text);
    for (const day of DAYS) {
      expect(text).toContain(`${shown(day)} 8:54 AM`);
      expect(text).toContain(`${shown(day)} 5:32 PM`);
      expect(text).toContain(`${shown(day)} 10:05 AM`);
      expect(text).toContain(`${shown(day)} 12:41 PM`);
    }
    expect(text).toContain('11/16/26 – 11/20/26');
    for (const whole of [
      LONG_NAME,
      DEPARTMENT,
      'Date',
      'Employee ID',
      'Name',
      'Department',
      'First In',
      'Last Out',
      'Worked Hours',
      'Deducted Hours',
      'Paid Hours',
      'Open Shifts',
      'Earnings',
    ])
      expect(readsWhole(text, whole), whole).toBe(true);
    // Five days of 8:38 and of 2:36 (3,370 minutes, $1,069.40): the totals row's figures whole.
    expect(text).toMatch(/Total\s.*\s56\.17\s.*\s\$1,069\.40\s*\n/);
  });

  it('Timesheet: every punch time whole, the long name and every header whole', async () => {
    const text = await exportPdf({ reportname: 'Timesheet', ...period }, 'timesheet');
    nothingCut(text);
    for (const day of DAYS) expect(text).toContain(`${shown(day)} 8:54 AM`);
    for (const whole of [LONG_NAME, 'Employee ID', 'Time In', 'Time Out', 'Day Total (paid)'])
      expect(readsWhole(text, whole), whole).toBe(true);
  });

  it('Employee Details: the long name and every header whole', async () => {
    const text = await exportPdf(
      { reportname: 'Employee Details', ...period, employee_id: ids.long },
      'employee-details',
    );
    nothingCut(text);
    for (const day of DAYS) expect(text).toContain(`${shown(day)} 5:32 PM`);
    for (const whole of [LONG_NAME, DEPARTMENT, 'Worked Hours', 'Deducted Hours', 'Open Shifts'])
      expect(readsWhole(text, whole), whole).toBe(true);
  });
});

describe('Your data PDF reads back whole', () => {
  it('every date and time whole, the long name and every header whole, nothing ellipsised', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export-pdf', headers: a.auth });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload, 'your-data');
    nothingCut(text);
    for (const day of DAYS) expect(text).toContain(`${shown(day)} 8:54 AM`);
    for (const whole of [
      LONG_NAME,
      DEPARTMENT,
      'Employee ID',
      'Time in',
      'Time out',
      'Station out',
      'Excluded from reports',
      'Company settings',
      'Hourly rate',
    ])
      expect(readsWhole(text, whole), whole).toBe(true);
  });
});
