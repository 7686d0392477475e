import * as XLSX from '@e965/xlsx';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { up as canonicalNumbers } from '../src/db/migrations/013_canonical_numbers';
import { verifyBadge } from '../src/lib/badges';
import { lastLinkTo, signUp, useTestApp, type Session } from './helper';

const t = useTestApp();

const call = (s: Session, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: s.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function department(s: Session, name = 'Warehouse', extra: object = {}) {
  const res = await call(s, 'POST', '/departments', { dp_name: name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function employee(s: Session, departmentId: number, extra: object = {}) {
  const res = await call(s, 'POST', '/employees', {
    name: 'Ada Lovelace',
    department_id: departmentId,
    employee_id: 'A100',
    hourly_rate: '18.50',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; employee_id: string };
}

function multipart(file: Buffer, filename: string, field = 'file') {
  const boundary = '----punchclock-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (s: Session, file: Buffer, filename: string, preview = false) => {
  const body = multipart(file, filename);
  return t.app.inject({
    method: 'POST',
    url: `/employees/import${preview ? '?preview=1' : ''}`,
    headers: { ...s.auth, ...body.headers },
    payload: body.payload,
  });
};

function xlsx(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Employees');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}
const HEADER = ['Name', 'Employee ID', 'Department', 'Title', 'Email', 'Hourly Rate', 'PIN'];

describe('employees', () => {
  it('creates, reads, updates and soft-deletes an employee with money in cents and the PIN never answered', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const created = await call(s, 'POST', '/employees', {
      name: 'Ada Lovelace',
      department_id: dep,
      employee_id: 'A100',
      hourly_rate: '18.5',
      pin: '1234',
      title: 'Picker',
      email: 'ADA@Example.com',
      permission_app: true,
      use_card_or_pin: '1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const e = created.json().data;
    expect(created.json().message).toBe(messages.employees.created);
    expect(e).toMatchObject({
      name: 'Ada Lovelace',
      employee_id: 'A100',
      hourly_rate: '18.50',
      email: 'ada@example.com',
      department_name: 'Warehouse',
      has_pin: true,
      permission_app: true,
      use_card_or_pin: true,
      clocked_in: false,
      status: 'active',
    });
    expect(JSON.stringify(e)).not.toContain('1234');
    expect(
      (
        await t.db
          .selectFrom('employees')
          .select('hourly_rate_cents')
          .where('id', '=', e.id)
          .executeTakeFirstOrThrow()
      ).hourly_rate_cents,
    ).toBe(1850);

    const updated = await call(s, 'PUT', `/employees/${e.id}?user_id=${s.userId}`, {
      name: 'Ada King',
      department_id: dep,
      employee_id: 'A101',
      title: 'Lead',
      hourly_rate: 20,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Ada King',
      employee_id: 'A101',
      hourly_rate: '20.00',
      has_pin: true,
      permission_app: true,
    });

    const list = await call(s, 'GET', '/api/employees');
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([e.id]);
    const del = await call(s, 'DELETE', `/employees/${e.id}`);
    expect(del.json().message).toBe(messages.employees.deleted);
    expect((await call(s, 'GET', '/api/employees')).json().data).toEqual([]);
    const found = await call(s, 'POST', '/api/search', { query: 'ada', status: 'All', show_deleted: true });
    expect(found.json().employees).toHaveLength(1);
    expect(found.json().employees[0].deleted_at).toBeTruthy();
    // The code is free again for a new employee.
    await employee(s, dep, { employee_id: 'A101' });
  });

  it('enforces the rules on the server: required fields, unique ID and email, PIN, rate, department of the account', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const ada = await employee(s, dep, { email: 'a@x.com' });
    const cases: [object, number, string][] = [
      [{ department_id: dep, employee_id: 'B1' }, 400, 'name'],
      [{ name: 'B', employee_id: 'B1' }, 400, 'department_id'],
      [{ name: 'B', department_id: dep }, 400, 'employee_id'],
      [{ name: 'B', department_id: dep, employee_id: 'A100' }, 409, 'employee_id'],
      // Letter case aside: a station typing "a100" must not reach another employee than "A100".
      [{ name: 'B', department_id: dep, employee_id: 'a100' }, 409, 'employee_id'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', email: 'A@x.com' }, 409, 'email'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', email: 'not-an-email' }, 400, 'email'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', pin: '12345' }, 400, 'pin'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', pin: '12a' }, 400, 'pin'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', hourly_rate: -1 }, 400, 'hourly_rate'],
      [{ name: 'B', department_id: dep, employee_id: 'B1', hourly_rate: '12.345' }, 400, 'hourly_rate'],
      [{ name: 'B', department_id: 999999, employee_id: 'B1' }, 422, 'department_id'],
      [{ name: 'x'.repeat(121), department_id: dep, employee_id: 'B1' }, 400, 'name'],
      [
        { name: 'B', department_id: dep, employee_id: 'B1', permission_app: 'yes please' },
        400,
        'permission_app',
      ],
      [
        { name: 'B', department_id: dep, employee_id: 'B1', custom_fields: { 999: 'x' } },
        422,
        'custom_fields.999',
      ],
    ];
    for (const [body, status, field] of cases) {
      const res = await call(s, 'POST', '/employees', body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
      expect(res.json().message).toBeTruthy();
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(1);
    // The holder itself may change its code's case.
    const recased = await call(s, 'PUT', `/employees/${ada.id}`, {
      name: 'Ada Lovelace',
      department_id: dep,
      employee_id: 'a100',
      email: 'a@x.com',
    });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().data.employee_id).toBe('a100');
  });

  it('finds any letter in any case or accent, on both databases (SQLite folds ASCII only by itself)', async () => {
    const s = await signUp(t.app);
    await employee(s, await department(s, 'Łódź'), { name: 'Łukasz Ørjan', employee_id: 'E3' });
    await employee(s, await department(s, 'Café'), { name: 'José Muñoz', employee_id: 'E4' });
    await employee(s, await department(s, 'Dock'), { name: 'Jose Smith', employee_id: 'E5' });
    // Accents are read as their letter, whichever side has them.
    for (const [query, names] of [
      ['jose', ['José Muñoz', 'Jose Smith']],
      ['JOSÉ', ['José Muñoz', 'Jose Smith']],
      ['munoz', ['José Muñoz']],
      ['MUÑOZ', ['José Muñoz']],
      ['josé muñoz', ['José Muñoz']],
      ['cafe', ['José Muñoz']],
      ['lukasz', ['Łukasz Ørjan']],
      ['orjan', ['Łukasz Ørjan']],
      ['lodz', ['Łukasz Ørjan']],
      ['josex', []],
    ] as const) {
      const found = (await call(s, 'POST', '/api/search', { query, status: 'All' })).json().employees;
      expect(
        found.map((e: { name: string }) => e.name),
        query,
      ).toEqual(names);
    }
    for (const query of ['Łukasz', 'łukasz', 'ŁUKASZ', 'ørjan', 'ØRJAN', 'ŁÓDŹ']) {
      const found = (await call(s, 'POST', '/api/search', { query, status: 'All' })).json().employees;
      expect(
        found.map((e: { name: string }) => e.name),
        query,
      ).toEqual(['Łukasz Ørjan']);
    }
  });

  it('searches by text, department (own or assigned to all), In/Out from real open shifts, and deleted', async () => {
    const s = await signUp(t.app);
    const a = await department(s, 'Alpha');
    const all = await department(s, 'Everyone', { assign_to_all_employees: true });
    const ada = await employee(s, a, {
      name: 'Ada',
      employee_id: 'E1',
      email: 'ada@x.com',
      title: 'Forklift',
    });
    const bob = await employee(s, all, { name: 'Bob', employee_id: 'E2' });
    const clock = await call(s, 'POST', '/api/clock-in', { employee_id: 'E2' });
    expect(clock.statusCode, clock.body).toBeLessThan(300);
    const search = async (body: object) =>
      (await call(s, 'POST', '/api/search', body)).json().employees.map((e: { name: string }) => e.name);
    expect(await search({ query: 'forklift', status: 'All' })).toEqual(['Ada']);
    expect(await search({ query: 'ALPHA', status: 'All' })).toEqual(['Ada']);
    expect(await search({ query: 'e2', status: 'All' })).toEqual(['Bob']);
    expect(await search({ query: '%', status: 'All' })).toEqual([]);
    expect(await search({ status: 'In' })).toEqual(['Bob']);
    const counts = (await call(s, 'GET', '/departments'))
      .json()
      .map((d: { dp_name: string; employee_count: number; clocked_in_count: number }) => [
        d.dp_name,
        d.employee_count,
        d.clocked_in_count,
      ]);
    expect(counts).toEqual([
      ['Alpha', 1, 0],
      ['Everyone', 1, 1],
    ]);
    expect(await search({})).toEqual(['Ada']); // Status defaults to Out
    expect(await search({ status: 'All', department_id: a })).toEqual(['Ada']);
    expect(await search({ status: 'All', department_id: all })).toEqual(['Ada', 'Bob']);
    expect(await search({ status: 'All', department_id: all, current_department: true })).toEqual(['Bob']);
    await call(s, 'DELETE', `/employees/${ada.id}`);
    expect(await search({ status: 'All' })).toEqual(['Bob']);
    expect(await search({ status: 'All', show_deleted: true })).toEqual(['Ada', 'Bob']);
    expect(bob.id).toBeGreaterThan(0);
    const bad = await call(s, 'POST', '/api/search', { status: 'Maybe', query: 'x'.repeat(300) });
    expect(bad.statusCode).toBe(400);
  });

  it('bulk-deletes with the spec query, all or nothing', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const dep = await department(s);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await employee(s, dep, { employee_id: `B${i}` })).id);
    const foreign = (await employee(other, await department(other))).id;
    const mixed = await call(s, 'POST', `/allemployees?emp_id[]=[${ids[0]},${foreign}]`);
    expect(mixed.statusCode).toBe(404);
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(4);
    const ok = await call(
      s,
      'POST',
      `/allemployees?emp_id[]=${encodeURIComponent(`[${ids[0]},${ids[1]},${ids[2]}]`)}`,
    );
    expect(ok.json()).toMatchObject({ message: messages.employees.bulkDeleted, deleted: 3 });
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(1);
    expect((await call(s, 'POST', '/allemployees')).statusCode).toBe(422);
    expect((await call(other, 'GET', '/api/employees')).json().data).toHaveLength(1);
  });

  it('invites an employee with site access and an email; they log in as an employee; losing access ends it', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const email = `worker${Date.now()}@example.com`;
    const e = await employee(s, dep, { email, permission_site: true, create_time_entries: true });
    const link = new URL(lastLinkTo(t, email));
    const q = Object.fromEntries(link.searchParams);
    const set = await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...q, password: 'worker pass 1', password_confirmation: 'worker pass 1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'worker pass 1' },
    });
    expect(login.json()).toMatchObject({ user_type: 'employee', emp_id: e.id, employee_id: 'A100' });
    const token = login.json().access_token;
    await call(s, 'PUT', `/employees/${e.id}`, {
      name: 'Ada Lovelace',
      department_id: dep,
      employee_id: 'A100',
      email,
      permission_site: false,
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/get-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'worker pass 1' },
    });
    expect(again.statusCode).toBe(401);
    // The owner's own e-mail cannot become an employee login.
    const clash = await call(s, 'POST', '/employees', {
      name: 'X',
      department_id: dep,
      employee_id: 'X1',
      email: s.email,
      permission_site: true,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(messages.people.loginEmailTaken);
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(1);
  });

  it("prints a card with the employee's name and department as typed, in any Latin, Greek or Cyrillic", async () => {
    const s = await signUp(t.app);
    const dep = await department(s, 'Département Œuvre Łódź');
    const e = await employee(s, dep, { name: 'Łukasz Şahin-Øst', employee_id: 'LS-7' });
    const pdf = await call(s, 'GET', `/api/employees/print/${e.id}`);
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'card-'));
    writeFileSync(join(dir, 'card.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'card.pdf'), '-'], { encoding: 'utf8' });
    // Before: "V¶7¢ ïÆÂ^ahin-Øst" (PDFKit's Helvetica knows Windows-1252 only).
    for (const shown of ['Łukasz Şahin-Øst', 'LS-7', 'Département Œuvre Łódź']) expect(text).toContain(shown);
  });

  it('prints many cards as Letter sheets of eight: chosen ones, a department, or everyone, of this account only', async () => {
    const s = await signUp(t.app);
    const dock = await department(s, 'Dock');
    const yard = await department(s, 'Yard');
    const ids: number[] = [];
    for (let i = 1; i <= 9; i += 1)
      ids.push(
        (
          await employee(s, i <= 7 ? dock : yard, {
            name: `Worker ${String(i).padStart(2, '0')}`,
            employee_id: `W${i}`,
          })
        ).id,
      );
    const print = (body: object, session = s) => call(session, 'POST', '/api/employees/print-cards', body);
    const textOf = (pdf: Buffer) => {
      const dir = mkdtempSync(join(tmpdir(), 'cards-'));
      writeFileSync(join(dir, 'cards.pdf'), pdf);
      return execFileSync('pdftotext', [join(dir, 'cards.pdf'), '-'], { encoding: 'utf8' });
    };
    const pages = (text: string) => text.split('\f').filter((p) => p.trim()).length;

    const all = await print({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-disposition']).toContain('employee-cards.pdf');
    const everyone = textOf(all.rawPayload);
    for (let i = 1; i <= 9; i += 1) expect(everyone).toContain(`Worker ${String(i).padStart(2, '0')}`);
    expect(pages(everyone)).toBe(2); // eight on the first sheet, one on the second
    const chosen = textOf((await print({ employee_ids: [ids[0], ids[8]] })).rawPayload);
    expect([
      chosen.includes('Worker 01'),
      chosen.includes('Worker 09'),
      chosen.includes('Worker 02'),
    ]).toEqual([true, true, false]);
    const yardOnly = textOf((await print({ department_id: yard })).rawPayload);
    expect(yardOnly).toContain('Worker 08');
    expect(yardOnly).not.toContain('Worker 01');

    // Another account's ids print nothing; bad input is refused.
    const other = await signUp(t.app);
    expect((await print({ employee_ids: [ids[0]] }, other)).statusCode).toBe(404);
    expect((await print({ employee_ids: [] })).statusCode).toBe(400);
    expect((await print({ employee_ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).statusCode).toBe(
      400,
    );
    expect((await print({ employee_ids: ['x'] })).statusCode).toBe(400);
  });

  it('gives a signed badge QR, a card PDF, and regenerating the badge invalidates the old one', async () => {
    const s = await signUp(t.app);
    const e = await employee(s, await department(s));
    const qr = await call(s, 'GET', `/api/employees/qr/${e.id}`);
    expect(qr.json()).toMatchObject({
      status: 'success',
      data: { employee_id: 'A100', name: 'Ada Lovelace' },
    });
    expect(qr.json().data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const gen = await call(s, 'GET', `/api/employee/${e.id}/generate-qr`);
    expect(gen.json()).toMatchObject({
      employee_id: 'A100',
      name: 'Ada Lovelace',
      message: messages.people.qrGenerated,
    });
    const pdf = await call(s, 'GET', `/api/employees/print/${e.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('employee-card-A100.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { sign } = await import('../src/lib/badges').then((m) => ({ sign: m.signBadge }));
    const row = await t.db
      .selectFrom('employees')
      .select(['account_id', 'badge_version'])
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    const oldBadge = sign('test-secret', {
      accountId: row.account_id,
      employeeRef: e.id,
      version: row.badge_version,
    });
    expect(verifyBadge('test-secret', oldBadge)).toBeTruthy();
    const before = await call(s, 'POST', '/api/check-employee', { badge: oldBadge });
    expect(before.statusCode, before.body).toBe(200);
    expect((await call(s, 'POST', `/api/employees/${e.id}/regenerate-badge`)).json().message).toBe(
      messages.people.badgeRegenerated,
    );
    const after = await call(s, 'POST', '/api/check-employee', { badge: oldBadge });
    expect(after.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('departments', () => {
  it('creates with the default type, refuses bad types and duplicate names, and never orphans employees', async () => {
    const s = await signUp(t.app);
    const created = await call(s, 'POST', '/departments', { dp_name: 'Dock', user_id: s.userId });
    expect(created.json().data).toMatchObject({
      dp_name: 'Dock',
      dp_type: 'Department',
      use_company_settings: true,
      employee_count: 0,
    });
    expect((await call(s, 'POST', '/departments', { dp_name: 'X', dp_type: '1' })).statusCode).toBe(400);
    expect((await call(s, 'POST', '/departments', { dp_name: '' })).statusCode).toBe(400);
    const dup = await call(s, 'POST', '/departments', { dp_name: 'Dock' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(messages.people.departmentNameTaken);

    const dock = created.json().data.id;
    const yard = await department(s, 'Yard', { dp_type: 'Job Site' });
    const e = await employee(s, dock);
    const refused = await call(s, 'DELETE', `/departments/${dock}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.people.departmentHasMembers(1));
    expect((await call(s, 'POST', `/alldepartments?dep_id[]=[${dock},${yard}]`)).statusCode).toBe(409);
    expect((await call(s, 'DELETE', `/departments/${dock}?move_to=${dock}`)).statusCode).toBe(422);
    const moved = await call(s, 'DELETE', `/departments/${dock}?move_to=${yard}`);
    expect(moved.json().message).toBe(messages.departments.deleted);
    expect((await call(s, 'GET', `/api/employees/${e.id}`)).json().data.department_name).toBe('Yard');
    const detail = await call(s, 'GET', `/api/departments/${yard}`);
    expect(detail.json().members.map((m: { id: number }) => m.id)).toEqual([e.id]);
    const list = await call(s, 'GET', '/departments');
    expect(list.json().map((d: { dp_name: string }) => d.dp_name)).toEqual(['Yard']);
    expect((await call(s, 'GET', `/department/user/${s.userId}`)).json()).toMatchObject({
      status: 'success',
      data: [{ dp_name: 'Yard', employee_count: 1 }],
    });
    // Listed as names are read: any letter case, accents aside.
    for (const name of ['Zone 2', 'café', 'Ábside', 'bakery']) await department(s, name);
    expect((await call(s, 'GET', '/departments')).json().map((d: { dp_name: string }) => d.dp_name)).toEqual([
      'Ábside',
      'bakery',
      'café',
      'Yard',
      'Zone 2',
    ]);
    // The name of a deleted department can be used again.
    await department(s, 'Dock');
    const updated = await call(s, 'PUT', `/departments/${yard}`, {
      dp_name: 'Yard 2',
      dp_type: 'Location',
      exclude_from_reports: 1,
    });
    expect(updated.json()).toMatchObject({
      message: messages.departments.updated,
      data: { dp_name: 'Yard 2', dp_type: 'Location', exclude_from_reports: true },
    });
  });
});

/** A number custom field "Locker" without Allow Duplicates, in the account of `who`: its id. */
const lockerField = async (who: Session) =>
  (
    await call(who, 'POST', '/api/fields', {
      field_name: 'Locker',
      field_type: 'number',
      field_options: 'false',
    })
  ).json().data.id as number;

describe('custom fields', () => {
  it('hold a number in one form, so 12, 012 and 12.0 are one value where duplicates are not allowed', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const [mine, theirs] = [await lockerField(s), await lockerField(other)];
    const dep = await department(s);
    const a = await employee(s, dep, { custom_fields: { [mine]: '012' } });
    expect((await call(s, 'GET', `/api/employees/${a.id}`)).json().data.custom_fields).toEqual({
      [mine]: '12',
    });
    for (const [i, typed] of ['12', '12.0', '0012.00', ' 12 '].entries()) {
      const res = await call(s, 'POST', '/employees', {
        name: 'B',
        department_id: dep,
        employee_id: `B${i}`,
        custom_fields: { [mine]: typed },
      });
      expect(res.statusCode, typed).toBe(422);
      expect(res.json().message).toBe(messages.people.fieldValueTaken('Locker'));
    }
    for (const typed of ['12.', '1e1', '0x0C', '12,0']) {
      const res = await call(s, 'POST', '/employees', {
        name: 'B',
        department_id: dep,
        employee_id: 'B9',
        custom_fields: { [mine]: typed },
      });
      expect(res.statusCode, typed).toBe(422);
      expect(res.json().message).toBe(messages.people.fieldNotNumber('Locker'));
    }
    // Other figures stay apart, in their one form; -0 is 0.
    const b = await employee(s, dep, { employee_id: 'B2', custom_fields: { [mine]: '-0120.50' } });
    expect((await call(s, 'GET', `/api/employees/${b.id}`)).json().data.custom_fields).toEqual({
      [mine]: '-120.5',
    });
    const c = await employee(s, dep, { employee_id: 'B3', custom_fields: { [mine]: '-0.0' } });
    expect((await call(s, 'GET', `/api/employees/${c.id}`)).json().data.custom_fields).toEqual({
      [mine]: '0',
    });
    // Another account's 12 is its own business.
    const theirDep = await department(other);
    await employee(other, theirDep, { custom_fields: { [theirs]: '12.00' } });
    // A value stored as typed before numbers had one form is rewritten by migration 013.
    await t.db
      .updateTable('custom_field_values')
      .set({ value: '0013.50' })
      .where('field_id', '=', theirs)
      .execute();
    await canonicalNumbers(t.db);
    const [stored] = await t.db
      .selectFrom('custom_field_values')
      .select('value')
      .where('field_id', '=', theirs)
      .execute();
    expect(stored.value).toBe('13.5');
  });

  it('rewrite their values in the new form when a text field becomes a number field', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const dep = await department(s);
    const text = (name: string, who = s, dupes = 'true') =>
      call(who, 'POST', '/api/fields', { field_name: name, field_type: 'text', field_options: dupes }).then(
        (r) => r.json().data.id as number,
      );
    const toNumber = (id: number, name: string, dupes: boolean, who = s) =>
      call(who, 'PUT', `/api/fields/${id}`, { field_name: name, field_type: 'number', field_options: dupes });
    const locker = await text('Locker');
    const a = await employee(s, dep, { employee_id: 'A1', custom_fields: { [locker]: '012' } });
    const b = await employee(s, dep, { employee_id: 'A2', custom_fields: { [locker]: '12.0' } });
    const gone = await employee(s, dep, { employee_id: 'A3', custom_fields: { [locker]: '007' } });
    const word = await employee(s, dep, { employee_id: 'A4', custom_fields: { [locker]: 'seven' } });
    expect((await call(s, 'DELETE', `/employees/${gone.id}`)).statusCode).toBe(200);
    // 'seven' is not a number: refused, and nothing is rewritten.
    const refused = await toNumber(locker, 'Locker', true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.people.fieldTypeMismatch('Locker', 'number'));
    expect((await call(s, 'GET', `/api/employees/${a.id}`)).json().data.custom_fields).toEqual({
      [locker]: '012',
    });
    expect((await call(s, 'DELETE', `/employees/${word.id}`)).statusCode).toBe(200);
    // 012 and 12.0 are one number: refused without Allow Duplicates, taken with it.
    const twice = await toNumber(locker, 'Locker', false);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.people.fieldHasDuplicates('Locker'));
    expect((await toNumber(locker, 'Locker', true)).statusCode).toBe(200);
    for (const e of [a, b])
      expect((await call(s, 'GET', `/api/employees/${e.id}`)).json().data.custom_fields).toEqual({
        [locker]: '12',
      });
    const stored = async (field: number) =>
      (
        await t.db
          .selectFrom('custom_field_values')
          .select(['employee_ref', 'value'])
          .where('field_id', '=', field)
          .orderBy('employee_ref')
          .execute()
      ).map((v) => [v.employee_ref, v.value]);
    // A deleted employee's value is rewritten where it fits, kept as it was where it does not.
    expect(await stored(locker)).toEqual([
      [a.id, '12'],
      [b.id, '12'],
      [gone.id, '7'],
      [word.id, 'seven'],
    ]);
    // Another account's field of the same name is untouched, and its id is not this account's to change.
    const theirs = await text('Locker', other);
    const theirDep = await department(other);
    const c = await employee(other, theirDep, { employee_id: 'C1', custom_fields: { [theirs]: '0042' } });
    expect((await toNumber(theirs, 'Locker', true, s)).statusCode).toBe(404);
    expect(await stored(theirs)).toEqual([[c.id, '0042']]);
  });

  it('validates values by type, refuses duplicates where not allowed, and can be updated and deleted', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const badge = (
      await call(s, 'POST', '/api/fields', {
        field_name: 'Locker',
        field_type: 'number',
        field_options: 'false',
        user_id: s.userId,
      })
    ).json().data;
    expect(badge).toMatchObject({ field_name: 'Locker', field_type: 'number', field_options: false });
    const start = (
      await call(s, 'POST', '/api/fields', {
        field_name: 'Start date',
        field_type: 'date',
        field_options: 'true',
      })
    ).json().data;
    expect(
      (await call(s, 'POST', '/api/fields', { field_name: 'Locker', field_type: 'text' })).statusCode,
    ).toBe(409);
    expect((await call(s, 'POST', '/api/fields', { field_name: 'X', field_type: 'colour' })).statusCode).toBe(
      400,
    );

    const a = await employee(s, dep, { custom_fields: { [badge.id]: '12', [start.id]: '2024-02-29' } });
    expect((await call(s, 'GET', `/api/employees/${a.id}`)).json().data.custom_fields).toEqual({
      [badge.id]: '12',
      [start.id]: '2024-02-29',
    });
    const taken = await call(s, 'POST', '/employees', {
      name: 'B',
      department_id: dep,
      employee_id: 'B1',
      custom_fields: { [badge.id]: '12' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(messages.people.fieldValueTaken('Locker'));
    expect(
      (
        await call(s, 'POST', '/employees', {
          name: 'B',
          department_id: dep,
          employee_id: 'B1',
          custom_fields: { [badge.id]: 'twelve' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await call(s, 'POST', '/employees', {
          name: 'B',
          department_id: dep,
          employee_id: 'B1',
          custom_fields: { [start.id]: '2023-02-29' },
        })
      ).statusCode,
    ).toBe(422);
    // The same letters typed two ways (ë as one letter, or e and a combining accent) are the same value.
    const nick = (
      await call(s, 'POST', '/api/fields', {
        field_name: 'Nickname',
        field_type: 'text',
        field_options: 'false',
      })
    ).json().data;
    const zoe = await employee(s, dep, { employee_id: 'Z1', custom_fields: { [nick.id]: 'Zo\u00eb' } });
    const again = await call(s, 'POST', '/employees', {
      name: 'Z',
      department_id: dep,
      employee_id: 'Z2',
      custom_fields: { [nick.id]: 'Zoe\u0308' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(messages.people.fieldValueTaken('Nickname'));
    expect((await call(s, 'DELETE', `/employees/${zoe.id}`)).statusCode).toBe(200);
    expect((await call(s, 'DELETE', `/fields/${nick.id}`)).statusCode).toBe(200);
    // A day before 1900 is refused like every other date field's.
    const ancient = await call(s, 'POST', '/employees', {
      name: 'B',
      department_id: dep,
      employee_id: 'B1',
      custom_fields: { [start.id]: '0001-01-01' },
    });
    expect(ancient.statusCode).toBe(422);
    expect(ancient.json().message).toBe(messages.people.fieldNotDate('Start date'));
    const b = await employee(s, dep, {
      employee_id: 'B1',
      custom_fields: { [badge.id]: '13', [start.id]: '2024-02-29' },
    });

    // Turning duplicates off while two share a start date is refused; changing Locker to date is refused.
    expect(
      (
        await call(s, 'PUT', `/api/fields/${start.id}`, {
          field_name: 'Start date',
          field_type: 'date',
          field_options: false,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(s, 'PUT', `/api/fields/${badge.id}`, {
          field_name: 'Locker',
          field_type: 'date',
          field_options: false,
        })
      ).statusCode,
    ).toBe(409);
    const renamed = await call(s, 'PUT', `/api/fields/${badge.id}`, {
      field_name: 'Locker no.',
      field_type: 'text',
      field_options: false,
    });
    expect(renamed.json().data).toMatchObject({
      field_name: 'Locker no.',
      field_type: 'text',
      value_count: 2,
    });
    expect((await call(s, 'DELETE', `/fields/${badge.id}`)).statusCode).toBe(200);
    expect((await call(s, 'GET', `/api/employees/${b.id}`)).json().data.custom_fields).toEqual({
      [start.id]: '2024-02-29',
    });
    expect(
      (await call(s, 'GET', `/fields/user/${s.userId}`))
        .json()
        .data.map((f: { field_name: string }) => f.field_name),
    ).toEqual(['Start date']);
  });
});

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

describe('account isolation', () => {
  it("answers 404 for another account's employees, departments and fields, and changes nothing", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const dep = await department(a);
    const e = await employee(a, dep);
    const field = (await call(a, 'POST', '/api/fields', { field_name: 'Secret', field_type: 'text' })).json()
      .data;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/employees/${e.id}`],
      ['PUT', `/employees/${e.id}`, { name: 'X', department_id: dep, employee_id: 'X' }],
      ['DELETE', `/employees/${e.id}`],
      ['GET', `/api/employees/qr/${e.id}`],
      ['GET', `/api/employees/print/${e.id}`],
      ['GET', `/api/employee/${e.id}/generate-qr`],
      ['POST', `/api/employees/${e.id}/regenerate-badge`],
      ['POST', `/allemployees?emp_id[]=[${e.id}]`],
      ['GET', `/api/departments/${dep}`],
      ['PUT', `/departments/${dep}`, { dp_name: 'Mine' }],
      ['DELETE', `/departments/${dep}`],
      ['POST', `/alldepartments?dep_id[]=[${dep}]`],
      ['PUT', `/api/fields/${field.id}`, { field_name: 'Mine', field_type: 'text' }],
      ['DELETE', `/fields/${field.id}`],
      ['GET', `/department/user/${a.userId}`],
      ['GET', `/fields/user/${a.userId}`],
      ['GET', `/api/employees/user/${a.userId}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(b, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // B's own department with A's employee in the body: A's department id is not B's.
    const bDep = await department(b, 'B dept');
    expect(
      (await call(b, 'POST', '/employees', { name: 'X', department_id: dep, employee_id: 'X' })).statusCode,
    ).toBe(422);
    expect((await call(b, 'POST', '/api/search', { status: 'All', query: 'Ada' })).json().employees).toEqual(
      [],
    );
    expect((await call(b, 'GET', '/departments')).json().map((d: { id: number }) => d.id)).toEqual([bDep]);
    expect((await call(b, 'GET', '/api/fields')).json().data).toEqual([]);
    const mine = (await call(a, 'GET', `/api/employees/${e.id}`)).json().data;
    expect(mine).toMatchObject({ name: 'Ada Lovelace', deleted_at: null, department_name: 'Warehouse' });
    expect((await call(a, 'GET', '/api/fields')).json().data[0].field_name).toBe('Secret');
  });

  it('requires a manager token on every people call', async () => {
    for (const [method, url] of [
      ['GET', '/api/employees'],
      ['POST', '/employees'],
      ['GET', '/departments'],
      ['POST', '/api/fields'],
      ['POST', '/employees/import'],
      ['GET', '/employees/export'],
      ['POST', '/api/search'],
    ]) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('hostile input', () => {
  it('treats search text and bulk ids as data, never as SQL or wildcards', async () => {
    const s = await signUp(t.app);
    const e = await employee(s, await department(s));
    for (const query of [
      "'; DROP TABLE employees; --",
      '%_%',
      '\\',
      '" OR 1=1 --',
      '<script>alert(1)</script>',
    ]) {
      const res = await call(s, 'POST', '/api/search', { query, status: 'All' });
      expect(res.statusCode, query).toBe(200);
      expect(res.json().employees, query).toEqual([]);
    }
    const huge = await call(s, 'POST', `/allemployees?emp_id[]=${'9'.repeat(5000)}`);
    expect(huge.statusCode).toBe(422);
    const injected = await call(s, 'POST', `/allemployees?emp_id[]=${encodeURIComponent(`[0 OR 1=1]`)}`);
    expect(injected.statusCode).toBe(404);
    expect((await call(s, 'GET', `/api/employees/${e.id}`)).json().data.deleted_at).toBeNull();
    expect((await call(s, 'GET', '/api/employees/abc')).statusCode).toBe(400);
    expect((await call(s, 'GET', '/api/employees/99999999999')).statusCode).toBe(400);
  });
});

describe('punching from the website', () => {
  async function invitedEmployee(s: Session, flags: object) {
    const dep = await department(s, `D${Math.random().toString(36).slice(2, 8)}`);
    const email = `self${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const e = await employee(s, dep, {
      email,
      permission_site: true,
      employee_id: `S${Math.random().toString(36).slice(2, 8)}`,
      ...flags,
    });
    const q = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...q, password: 'self pass 12', password_confirmation: 'self pass 12' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'self pass 12' },
    });
    return { ...e, auth: { authorization: `Bearer ${login.json().access_token}` } };
  }

  it('lets an employee with Punch In/Out clock only themself in and out, without a PIN', async () => {
    const s = await signUp(t.app);
    const me = await invitedEmployee(s, { punch_in_out: true, pin: '4321', use_card_or_pin: true });
    const other = await employee(s, await department(s, 'Other'), { employee_id: 'OTHER1' });
    const self = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: me.auth, payload });
    const user = await t.app.inject({ method: 'GET', url: '/api/get-user', headers: me.auth });
    expect(user.json().user).toMatchObject({
      permissions: { punch_in_out: true, permission_site: true },
      clock_settings: { require_location: false },
    });

    expect((await self('/api/clock-in', { employee_id: 'OTHER1' })).statusCode).toBe(403);
    const clockIn = await self('/api/clock-in', { employee_id: me.employee_id });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    const row = await t.db
      .selectFrom('punches')
      .select(['source', 'employee_ref'])
      .where('id', '=', clockIn.json().punch.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'web', employee_ref: me.id });
    expect((await self('/api/check-employee', { employee_id: me.employee_id })).json()).toMatchObject({
      clocked_in: true,
      needs_pin: false,
    });
    expect((await self('/api/clock-out', { employee_id: me.employee_id })).statusCode).toBe(200);
    // Nothing else of the clock is open to an employee login.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/employee-status', headers: me.auth })).statusCode,
    ).toBe(403);
    expect(
      (
        await self('/api/punches/sync', {
          punches: [
            {
              client_id: 'abcdefgh12',
              kind: 'in',
              employee_id: 'OTHER1',
              device_time: new Date().toISOString(),
            },
          ],
        })
      ).statusCode,
    ).toBe(403);
    expect(other.id).toBeGreaterThan(0);
  });

  it('refuses an employee without Punch In/Out, and follows Require Location', async () => {
    const s = await signUp(t.app);
    const me = await invitedEmployee(s, { punch_in_out: false });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/clock-in',
      headers: me.auth,
      payload: { employee_id: me.employee_id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.clock.selfNotAllowed);

    const allowed = await invitedEmployee(s, { punch_in_out: true });
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.auth,
      payload: { enable_gps_tracking: true, require_location: true },
    });
    const noPosition = await t.app.inject({
      method: 'POST',
      url: '/api/clock-in',
      headers: allowed.auth,
      payload: { employee_id: allowed.employee_id },
    });
    expect(noPosition.json().message).toBe(messages.clock.locationRequired);
    const withPosition = await t.app.inject({
      method: 'POST',
      url: '/api/clock-in',
      headers: allowed.auth,
      payload: { employee_id: allowed.employee_id, latitude: 51.5, longitude: -0.12, accuracy: 30 },
    });
    expect(withPosition.statusCode).toBe(200);
  });
});
