import { DATA_EXPORT_SHEETS } from '@punchclock/contract';
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  createDepartment,
  createEmployee,
  createEmployeeLogin,
  createStation,
  insertPunch,
} from './factories';
import { useTestApp } from './helper';

const t = useTestApp();

let a: Account;
let b: Account;
let employeeAuth: { authorization: string };
let punchId: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function workbookOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}
/** Every cell of a sheet as text, row by row. */
function textOf(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

beforeAll(async () => {
  a = await createAccount(t, { name: 'Ada Owner', company_name: 'Alpha Works' });
  b = await createAccount(t, { name: 'Bob Owner', company_name: 'Beta Works' });
  // Account A: Eastern time, DD/MM/YY and 24 hours, a custom field, an employee with a punch at a station.
  await t.db
    .updateTable('accounts')
    .set({ time_zone: 'America/New_York' })
    .where('id', '=', a.accountId)
    .execute();
  await t.db
    .updateTable('settings')
    .set({ date_format: 'DD/MM/YY', time_format: '24 Hours' })
    .where('account_id', '=', a.accountId)
    .execute();
  const field = await t.app.inject({
    method: 'POST',
    url: '/api/fields',
    headers: a.auth,
    payload: { field_name: 'Badge colour', field_type: 'text' },
  });
  expect(field.statusCode).toBe(201);
  const fieldId = (field.json() as { data: { id: number } }).data.id;
  const dept = await createDepartment(t, a, { dp_name: 'Alpha Kitchen' });
  const alice = {
    name: 'Alice Alpha',
    email: 'alice.alpha.longer-address@alpha-works.example.com',
    employee_id: 'A-001',
    department_id: dept.id,
    custom_fields: { [fieldId]: 'Teal' },
  };
  const emp = await createEmployee(t, a, { ...alice, hourly_rate: 14 });
  // A raise from 1 March: the Pay Rates sheet holds it and the rate before.
  const raise = await t.app.inject({
    method: 'PUT',
    url: `/employees/${emp.id}`,
    headers: a.auth,
    payload: { ...alice, hourly_rate: 15.5, rate_effective_from: '2026-03-01' },
  });
  expect(raise.statusCode, raise.body).toBe(200);
  const station = await createStation(t, a, 'Front door');
  punchId = (
    await insertPunch(t, a.accountId, emp.id, {
      time_in: '2026-03-02T14:05:00.000Z',
      time_out: '2026-03-02T22:35:00.000Z',
    })
  ).id;
  await t.db.updateTable('punches').set({ station_id: station.id }).where('id', '=', punchId).execute();
  // Account B: its own rows, which must never appear in A's files.
  const bDept = await createDepartment(t, b, { dp_name: 'Beta Secret Dept' });
  const bEmp = await createEmployee(t, b, {
    name: 'Bert Beta',
    employee_id: 'B-SECRET',
    department_id: bDept.id,
  });
  await insertPunch(t, b.accountId, bEmp.id, { time_in: '2026-03-03T10:00:00.000Z' });
  const bRaise = await t.app.inject({
    method: 'PUT',
    url: `/employees/${bEmp.id}`,
    headers: b.auth,
    payload: {
      name: 'Bert Beta',
      employee_id: 'B-SECRET',
      department_id: bDept.id,
      hourly_rate: 77.77,
      rate_effective_from: '2026-02-01',
    },
  });
  expect(bRaise.statusCode, bRaise.body).toBe(200);
  employeeAuth = (await createEmployeeLogin(t, a)).auth;
});

describe('GET /api/export-excel', () => {
  it("streams the account's data, one sheet each, named user_data_{userId}.xlsx", async () => {
    const res = await get('/api/export-excel', a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="user_data_${a.userId}.xlsx"`);
    const book = await workbookOf(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(Object.values(DATA_EXPORT_SHEETS));

    const profile = textOf(book.getWorksheet('Profile')!);
    expect(profile[0]).toEqual(['Field', 'Value']);
    expect(profile).toContainEqual(['Name', 'Ada Owner']);
    expect(profile).toContainEqual(['Company', 'Alpha Works']);
    expect(profile).toContainEqual(['Time zone', 'America/New_York']);

    const settings = textOf(book.getWorksheet('Settings')!);
    expect(settings).toContainEqual(['Date format', 'DD/MM/YY']);

    const departments = textOf(book.getWorksheet('Departments')!);
    expect(departments.map((r) => r[1])).toContain('Alpha Kitchen');

    const employees = textOf(book.getWorksheet('Employees')!);
    expect(employees[0]).toContain('Badge colour');
    const alice = employees.find((r) => r[2] === 'Alice Alpha')!;
    expect(alice[1]).toBe('A-001');
    expect(alice[5]).toBe('Alpha Kitchen');
    expect(alice[employees[0].indexOf('Badge colour')]).toBe('Teal');
    // $15.50 an hour, written as the number 15.5 in a money format.
    const rate = book
      .getWorksheet('Employees')!
      .getRow(employees.indexOf(alice) + 1)
      .getCell(7);
    expect(rate.value).toBe(15.5);

    // The raise and the rate before it (no day of its own), Alice's only: B's raise is not in A's file.
    const rates = book.getWorksheet('Pay Rates')!;
    expect(textOf(rates)[0]).toEqual(['ID', 'Employee ID', 'Employee', 'Paid from', 'Hourly rate', 'Set']);
    const rateRows = [2, 3].map((n) => rates.getRow(n));
    expect(rates.rowCount).toBe(3);
    const day = (c: ExcelJS.Cell) => (c.value as Date | null)?.toISOString().slice(0, 10) ?? null;
    expect(rateRows.map((r) => [r.getCell(2).value, day(r.getCell(4)), r.getCell(5).value])).toEqual([
      ['A-001', null, 14],
      ['A-001', '2026-03-01', 15.5],
    ]);
    expect(rateRows[1].getCell(4).numFmt).toBe('dd/mm/yy');

    // The punch: 14:05Z and 22:35Z are 09:05 and 17:35 in New York on 2 March (EST, UTC-5).
    const sheet = book.getWorksheet('Punches')!;
    const punches = textOf(sheet);
    expect(punches[0].slice(0, 6)).toEqual(['ID', 'Employee ID', 'Employee', 'Date', 'Time in', 'Time out']);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(punchId);
    expect(row.getCell(2).value).toBe('A-001');
    expect(row.getCell(3).value).toBe('Alice Alpha');
    expect((row.getCell(5).value as Date).toISOString()).toBe('2026-03-02T09:05:00.000Z');
    expect((row.getCell(6).value as Date).toISOString()).toBe('2026-03-02T17:35:00.000Z');
    expect(row.getCell(5).numFmt).toBe('dd/mm/yy hh:mm');
    expect(row.getCell(10).value).toBe('Front door');
    expect(punches).toHaveLength(2);

    // Nothing of account B anywhere.
    const everything = JSON.stringify(book.worksheets.map(textOf));
    expect(everything).not.toContain('Beta');
    expect(everything).not.toContain('B-SECRET');
    expect(everything).not.toContain('Bert');
  });

  it('writes number custom values as numbers and date ones as dates; a figure a double cannot hold stays text', async () => {
    const c = await createAccount(t, { company_name: 'Gamma Works' });
    const field = async (field_name: string, field_type: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fields',
        headers: c.auth,
        payload: { field_name, field_type },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const [locker, started, note] = [
      await field('Locker', 'number'),
      await field('Started', 'date'),
      await field('Note', 'text'),
    ];
    const department_id = (await createDepartment(t, c)).id;
    const values = [
      { [locker]: '-012.50', [started]: '2024-02-29', [note]: '0042' },
      { [locker]: '12345678901234567890' },
    ];
    for (const [i, custom_fields] of values.entries())
      await createEmployee(t, c, { name: `Gus ${i}`, employee_id: `G-${i}`, department_id, custom_fields });
    const res = await get('/api/export-excel', c.auth);
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Employees')!;
    const header = textOf(sheet)[0];
    const cell = (row: number, label: string) => sheet.getRow(row).getCell(header.indexOf(label) + 1);
    expect(cell(2, 'Locker').value).toBe(-12.5);
    expect((cell(2, 'Started').value as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(cell(2, 'Started').numFmt).toBe('mm/dd/yy');
    // Text stays text, leading zeros and all.
    expect(cell(2, 'Note').value).toBe('0042');
    expect(cell(3, 'Locker').value).toBe('12345678901234567890');
    expect(cell(3, 'Started').value).toBeNull();
  });

  it("another account's manager gets only their own data", async () => {
    const res = await get('/api/export-excel', b.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`user_data_${b.userId}.xlsx`);
    const text = JSON.stringify((await workbookOf(res.rawPayload)).worksheets.map(textOf));
    expect(text).toContain('Bert Beta');
    expect(text).not.toContain('Alice Alpha');
    expect(text).not.toContain('Alpha Kitchen');
  });

  it('reads large accounts a page at a time: 1,203 punches all arrive, in order', async () => {
    const c = await createAccount(t);
    const emp = await createEmployee(t, c, { name: 'Many Punches' });
    const rows = Array.from({ length: 1203 }, (_, i) => {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 * 3).toISOString();
      return {
        account_id: c.accountId,
        employee_ref: emp.id,
        client_id: `bulk-${c.accountId}-${i}`,
        work_date: at.slice(0, 10),
        time_in: at,
        time_out: new Date(Date.parse(at) + 3_600_000).toISOString(),
        received_in_at: at,
        source: 'manual' as const,
        created_at: at,
        updated_at: at,
        deleted_at: i === 5 ? at : null,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('punches')
        .values(rows.slice(i, i + 200))
        .execute();
    const res = await get('/api/export-excel', c.auth);
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookOf(res.rawPayload)).getWorksheet('Punches')!;
    // 1,203 less the deleted one, plus the header.
    expect(sheet.actualRowCount).toBe(1203);
    const ids: number[] = [];
    sheet.eachRow((row, n) => n > 1 && ids.push(Number(row.getCell(1).value)));
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  });
});

describe('GET /api/export-pdf', () => {
  it('is a PDF named user_data_{userId}.pdf', async () => {
    const res = await get('/api/export-pdf', a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="user_data_${a.userId}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-8).toString('latin1')).toContain('%%EOF');
    // Every cell whole: long text wraps in its column instead of ending "alice.alpha.l…".
    const dir = mkdtempSync(join(tmpdir(), 'data-pdf-'));
    writeFileSync(join(dir, 'data.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'data.pdf'), '-'], { encoding: 'utf8' });
    // (pdftotext reads a wrapped cell's lines beside its neighbours', so the e-mail is checked by its ends.)
    expect(text).not.toContain('…');
    for (const part of ['Alice Alpha', 'alice.alpha.', 'mple.com', 'Kitchen']) expect(text).toContain(part);
  });
});

describe('who may export', () => {
  for (const url of ['/api/export-pdf', '/api/export-excel']) {
    it(`${url}: no token 401, a bad token 401, an employee 403`, async () => {
      const none = await get(url);
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBeTruthy();
      expect((await get(url, { authorization: 'Bearer nope' })).statusCode).toBe(401);
      const employee = await get(url, employeeAuth);
      expect(employee.statusCode).toBe(403);
      expect(employee.json().message).toBeTruthy();
    });
  }
});
