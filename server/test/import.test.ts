import * as XLSX from '@e965/xlsx';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';
import { HEADER, peopleCalls, xlsx } from './people-helpers';

const t = useTestApp();
const { call, department, employee, upload, lockerField } = peopleCalls(t);

describe('import', () => {
  it('names a custom value repeated inside the file apart from one another employee already has', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    await employee(s, await department(s, 'Dock'), { custom_fields: { [await lockerField(s)]: '5' } });
    // Another account's 7 and 8 are no business of this file.
    await employee(other, await department(other, 'Dock'), {
      custom_fields: { [await lockerField(other)]: '7' },
    });
    const file = xlsx([
      [...HEADER, 'Locker'],
      ['Person 1', 'P1', 'Dock', '', '', '', '', 7],
      ['Person 2', 'P2', 'Dock', '', '', '', '', 7],
      ['Person 3', 'P3', 'Dock', '', '', '', '', 5],
      ['Person 4', 'P4', 'Dock', '', '', '', '', 'seven'],
    ]);
    const preview = await upload(s, file, 'lockers.xlsx', true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total_rows: 4, valid_rows: 1 });
    expect(preview.json().errors).toEqual([
      { row: 3, field: 'Locker', reason: messages.people.importValueRepeated('Locker') },
      { row: 4, field: 'Locker', reason: messages.people.fieldValueTaken('Locker') },
      { row: 5, field: 'Locker', reason: messages.people.fieldNotNumber('Locker') },
    ]);
  });

  it('previews bad rows by row number and field, then imports the valid rows in one go', async () => {
    const s = await signUp(t.app);
    await department(s, 'Dock');
    const rows: unknown[][] = [HEADER];
    for (let i = 1; i <= 10; i++)
      rows.push([
        `Person ${i}`,
        `P${i}`,
        i % 2 ? 'Dock' : 'Night Shift',
        'Picker',
        `p${i}@x.com`,
        15.25,
        i === 1 ? '0042' : '',
      ]);
    rows[3] = ['', 'P3', 'Dock', '', '', '', ''];
    rows[5] = ['Person 5', 'P1', 'Dock', '', '', '', ''];
    rows[7] = ['Person 7', 'P7', 'Dock', '', 'nope', 'abc', '12345'];
    rows.splice(4, 0, ['', '', '', '', '', '', '']);
    const file = xlsx(rows);
    const preview = await upload(s, file, 'staff.xlsx', true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({
      preview: true,
      total_rows: 10,
      valid_rows: 7,
      imported: 0,
      new_departments: ['Night Shift'],
    });
    expect(p.errors).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'Name', reason: 'Name is required.' },
        { row: 7, field: 'Employee ID', reason: messages.people.importRepeated('Employee ID') },
        expect.objectContaining({ row: 9, field: 'Email' }),
        expect.objectContaining({ row: 9, field: 'Hourly Rate' }),
        expect.objectContaining({ row: 9, field: 'PIN' }),
      ]),
    );
    expect((await call(s, 'GET', '/api/employees')).json().data).toEqual([]);

    const done = await upload(s, file, 'staff.xlsx');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ message: messages.employees.imported, imported: 7 });
    const uploaded = (await call(s, 'GET', '/employees/imported')).json().data;
    expect(uploaded).toHaveLength(7);
    expect(uploaded[0]).toMatchObject({
      name: 'Person 1',
      employee_id: 'P1',
      email: 'p1@x.com',
      hourly_rate: '15.25',
    });
    const p1 = (await call(s, 'GET', '/api/employees'))
      .json()
      .data.find((e: { employee_id: string }) => e.employee_id === 'P1');
    expect(p1.has_pin).toBe(true);
    // Importing the same file again finds every ID taken and writes nothing.
    const again = await upload(s, file, 'staff.xlsx');
    expect(again.statusCode).toBe(422);
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(7);
  });

  it('reads .xls and .csv (keeping leading zeros), and answers the template with custom fields', async () => {
    const s = await signUp(t.app);
    await call(s, 'POST', '/api/fields', { field_name: 'Shirt size', field_type: 'text' });
    const xls = await upload(
      s,
      xlsx(
        [
          [...HEADER, 'Shirt size'],
          ['Xe', 'X1', 'Dock', '', '', '', '', 'L'],
        ],
        'biff8',
      ),
      'old.xls',
    );
    expect(xls.statusCode, xls.body).toBe(201);
    const csv = await upload(
      s,
      Buffer.from('Name,Employee ID,Department\r\n"Cy, Jr.",0007,Dock\r\n'),
      'staff.csv',
    );
    expect(csv.statusCode, csv.body).toBe(201);
    // UTF-8 without a byte-order mark (Google Sheets), with one (Excel's "CSV UTF-8"), and Windows-1252 (Excel's
    // plain "CSV"): names, departments and emoji as written.
    const utf8 = 'Name,Employee ID,Department\r\nJosé Müller 😀,U1,Café\r\n';
    expect((await upload(s, Buffer.from(utf8), 'sheets.csv')).statusCode).toBe(201);
    const bom = 'Name,Employee ID,Department\r\nZoë Ødegård,U2,Café\r\n';
    expect((await upload(s, Buffer.from(`\ufeff${bom}`), 'excel-utf8.csv')).statusCode).toBe(201);
    const cp1252 = Buffer.concat([
      Buffer.from('Name,Employee ID,Department,Title\r\nFrançois Léger,U3,Café,', 'latin1'),
      // Windows-1252's own bytes (not Latin-1's controls): € Cashier; and Seán O’Brien, Šárka Žofie below.
      Buffer.from([0x80]),
      Buffer.from(' Cashier\r\nSe\xe1n O', 'latin1'),
      Buffer.from([0x92]),
      Buffer.from('Brien,U4,Caf\xe9,\r\n', 'latin1'),
      Buffer.from([0x8a]),
      Buffer.from('\xe1rka ', 'latin1'),
      Buffer.from([0x8e]),
      Buffer.from('ofie,U5,Caf\xe9,\r\n', 'latin1'),
    ]);
    expect((await upload(s, cp1252, 'excel.csv')).statusCode).toBe(201);
    const all = (await call(s, 'GET', '/api/employees')).json().data;
    const nameOf = (id: string) => all.find((e: { employee_id: string }) => e.employee_id === id)?.name;
    expect([nameOf('U1'), nameOf('U2'), nameOf('U3'), nameOf('U4'), nameOf('U5')]).toEqual([
      'José Müller 😀',
      'Zoë Ødegård',
      'François Léger',
      'Seán O’Brien',
      'Šárka Žofie',
    ]);
    expect(all.find((e: { employee_id: string }) => e.employee_id === 'U3')?.title).toBe('€ Cashier');
    const departments = (await call(s, 'GET', '/departments')).json();
    expect(departments.map((d: { dp_name: string }) => d.dp_name).sort()).toEqual(['Café', 'Dock']);
    expect(all.map((e: { employee_id: string }) => e.employee_id).sort()).toEqual([
      '0007',
      'U1',
      'U2',
      'U3',
      'U4',
      'U5',
      'X1',
    ]);
    expect(
      Object.values(all.find((e: { employee_id: string }) => e.employee_id === 'X1').custom_fields),
    ).toEqual(['L']);
    const template = await call(s, 'GET', '/employees/export');
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const wb = XLSX.read(template.rawPayload, { type: 'buffer', cellNF: true });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    expect((XLSX.utils.sheet_to_json(sheet, { header: 1 }) as unknown[][])[0]).toEqual([
      ...HEADER,
      'Shirt size',
    ]);
    // Employee ID (B) and PIN (G) are text columns, so Excel keeps 0012 as typed.
    expect([sheet.B2?.z, sheet.G2?.z, sheet.B1000?.z, sheet.C2?.z]).toEqual(['@', '@', '@', undefined]);
  });

  it('reads a department named with other spaces or case as the same department', async () => {
    const s = await signUp(t.app);
    await department(s, 'Front Desk');
    const file = xlsx([
      HEADER,
      ['Ann', 'D1', 'Café  Staff', '', '', '', ''],
      ['Ben', 'D2', 'café staff ', '', '', '', ''],
      ['Cat', 'D3', 'front   desk', '', '', '', ''],
    ]);
    const preview = await upload(s, file, 'spaces.xlsx', true);
    expect(preview.json().new_departments).toEqual(['Café Staff']);
    expect((await upload(s, file, 'spaces.xlsx')).statusCode).toBe(201);
    const names = (await call(s, 'GET', '/departments')).json().map((d: { dp_name: string }) => d.dp_name);
    expect(names.sort()).toEqual(['Café Staff', 'Front Desk']);
  });

  it('imports a file sent twice at once one time, answering the other with a clear refusal (no 500)', async () => {
    const s = await signUp(t.app);
    const file = xlsx([HEADER, ['Twin One', 'T1', 'Brand New Dept', '', '', '', '']]);
    const answers = await Promise.all([upload(s, file, 'twice.xlsx'), upload(s, file, 'twice.xlsx')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0], answers.map((a) => a.body).join(' ')).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    expect(answers.find((a) => a.statusCode !== 201)?.json().message).toMatch(/\w/);
    const all = (await call(s, 'GET', '/api/employees')).json().data;
    expect(all.map((e: { employee_id: string }) => e.employee_id)).toEqual(['T1']);
    const departments = (await call(s, 'GET', '/departments')).json();
    expect(departments.filter((d: { dp_name: string }) => d.dp_name === 'Brand New Dept')).toHaveLength(1);
  });

  it("reads a sheet as it is shown: zero-padded numbers, days on the sheet's calendar, and columns named loosely", async () => {
    const s = await signUp(t.app);
    await call(s, 'POST', '/api/fields', { field_name: 'Start Date', field_type: 'date' });
    // A server east of UTC (SheetJS makes a sheet's day midnight on the server's clock).
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      const ws = XLSX.utils.aoa_to_sheet([
        ['Name', 'Employee_ID', 'Department', 'E-mail', 'Hourly Rate ($)', 'PIN', 'Start Date', 'Locker No.'],
        ['Zed Zero', 42, 'Dock', 'zed@example.com', 18.5, 123, new Date(2024, 2, 15), 'L7'],
      ]);
      // Excel's "0000" format: 42 shown as 0042, 123 as 0123.
      ws.B2.z = '0000';
      ws.F2.z = '0000';
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, ws, 'Employees');
      const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', cellDates: true }) as Buffer;
      const preview = await upload(s, file, 'loose.xlsx', true);
      expect(preview.statusCode, preview.body).toBe(200);
      // The one column nothing reads is named, so it is not lost unnoticed.
      expect(preview.json()).toMatchObject({ valid_rows: 1, errors: [], ignored_columns: ['Locker No.'] });
      expect((await upload(s, file, 'loose.xlsx')).statusCode).toBe(201);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const [zed] = (await call(s, 'GET', '/api/employees')).json().data;
    expect(zed).toMatchObject({ employee_id: '0042', email: 'zed@example.com', hourly_rate: '18.50' });
    expect(Object.values(zed.custom_fields)).toEqual(['2024-03-15']);
    // The PIN kept its zero: 0123 is the PIN at a station.
    const station = await call(s, 'POST', '/api/stations', { name: 'Door', pair: 'this-browser' });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/clock-in',
      headers: { authorization: `Station ${station.json().token}` },
      payload: { employee_id: '0042', pin: '0123' },
    });
    expect(check.statusCode, check.body).toBe(200);
  });

  it('asks for the PIN an import or a create gives, unless the caller says not to', async () => {
    const s = await signUp(t.app);
    const res = await upload(
      s,
      xlsx([HEADER, ['Pia', 'P1', 'Dock', '', '', '', '1234'], ['Noe', 'P2', 'Dock', '', '', '', '']]),
      'pins.xlsx',
    );
    expect(res.statusCode, res.body).toBe(201);
    const dep = await department(s, 'Yard');
    await employee(s, dep, { employee_id: 'P3', pin: '5678' });
    await employee(s, dep, { employee_id: 'P4', pin: '5678', use_card_or_pin: false });
    const rows = await t.db
      .selectFrom('employees')
      .innerJoin('users', 'users.account_id', 'employees.account_id')
      .select(['employees.employee_id', 'employees.use_card_or_pin'])
      .where('users.id', '=', s.userId)
      .where('employees.employee_id', 'in', ['P1', 'P2', 'P3', 'P4'])
      .orderBy('employees.employee_id')
      .execute();
    expect(rows.map((r) => [r.employee_id, r.use_card_or_pin])).toEqual([
      ['P1', 1],
      ['P2', 0],
      ['P3', 1],
      ['P4', 0],
    ]);
  });

  it('refuses custom field names an import would confuse, and reads each column into one place only', async () => {
    const s = await signUp(t.app);
    const field = (field_name: string) =>
      call(s, 'POST', '/api/fields', { field_name, field_type: 'text', field_options: 'true' });
    // The employee's own fields, in any case or spacing: 422 with the field named.
    for (const name of ['Name', 'email', ' PIN ', 'EMPLOYEE ID']) {
      const res = await field(name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.field_name[0]).toMatch(/is an employee field already/);
    }
    const color = await field('Badge Color');
    expect(color.statusCode).toBe(201);
    expect((await field('badge color')).statusCode).toBe(409);
    const shirt = (await field('Shirt')).json().data.id;
    const rename = (id: number, field_name: string) =>
      call(s, 'PUT', `/api/fields/${id}`, { field_name, field_type: 'text', field_options: 'true' });
    expect((await rename(shirt, 'BADGE COLOR')).statusCode).toBe(409);
    expect((await rename(shirt, 'Title')).statusCode).toBe(422);
    // A field may change its own name's case.
    expect((await rename(color.json().data.id, 'Badge colour')).statusCode).toBe(200);
    const names = (await call(s, 'GET', '/api/fields'))
      .json()
      .data.map((f: { field_name: string }) => f.field_name);
    expect(names.sort()).toEqual(['Badge colour', 'Shirt']);

    // Fields made before the rule (written straight to the table): "Name" and two names differing only in case.
    const at = new Date().toISOString();
    const { account_id } = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow();
    const legacy = (field_name: string) =>
      t.db
        .insertInto('custom_fields')
        .values({
          account_id,
          field_name,
          field_type: 'text',
          allow_duplicates: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const nameField = (await legacy('Name')).id;
    const upper = (await legacy('Locker')).id;
    const lower = (await legacy('locker')).id;
    // The template offers each column once.
    const template = await call(s, 'GET', '/employees/export');
    const wb = XLSX.read(template.rawPayload, { type: 'buffer' });
    const [header] = XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1 }) as string[][];
    expect(header.filter((h) => h === 'Name')).toHaveLength(1);
    // A sheet with "Name" twice: the first is the employee's name, the custom "Name" reads nothing; each Locker
    // field reads its own column, in order.
    const res = await upload(
      s,
      xlsx([
        ['Name', 'Employee ID', 'Department', 'Email', 'Locker', 'locker', 'Name'],
        ['Ada Byron', 'L1', 'Dock', 'ada@example.com', '12', '34', 'Nickname'],
      ]),
      'legacy.xlsx',
    );
    expect(res.statusCode, res.body).toBe(201);
    const ada = (await call(s, 'GET', '/api/employees'))
      .json()
      .data.find((e: { employee_id: string }) => e.employee_id === 'L1');
    expect(ada).toMatchObject({ name: 'Ada Byron', email: 'ada@example.com' });
    expect(ada.custom_fields[upper]).toBe('12');
    expect(ada.custom_fields[lower]).toBe('34');
    expect(ada.custom_fields[nameField]).toBeUndefined();
  });

  it('refuses corrupt, renamed, empty, headerless and oversized files with a clear message and writes nothing', async () => {
    const s = await signUp(t.app);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases: [Buffer, string, number, string][] = [
      [png, 'staff.xlsx', 422, messages.people.importNotSpreadsheet],
      [
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
        'broken.xlsx',
        422,
        messages.people.importNotSpreadsheet,
      ],
      [Buffer.from('Name,Employee ID,Department\r\n'), 'empty.csv', 422, messages.people.importEmpty],
      [Buffer.from('Who,What\r\nA,B\r\n'), 'odd.csv', 422, messages.people.importMissingColumn('Name')],
      [Buffer.from('hello'), 'notes.txt', 422, messages.people.importNotSpreadsheet],
      [Buffer.alloc(20 * 1024 * 1024, 65), 'huge.csv', 413, messages.people.importTooLarge],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await upload(s, file, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: '/employees/import',
      headers: { ...s.auth, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.json().message).toBe(messages.employees.noFile);
    expect((await call(s, 'GET', '/api/employees')).json().data).toEqual([]);
  });
});
