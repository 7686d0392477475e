import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { lastLinkTo, signUp, useTestApp, type Session } from './helper';
import { peopleCalls } from './people-helpers';

const t = useTestApp();
const { call, department, employee } = peopleCalls(t);

const stored = (id: number) =>
  t.db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('permission hierarchy on save', () => {
  it('stores an option off while its group (Site Login, App Login, Send Email Notification) is off', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const res = await call(s, 'POST', '/employees', {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: false,
      create_time_entries: true,
      run_reports: true,
      permission_app: false,
      solo_mode: true,
      email_notification: false,
      send_check_in_notification: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data).toMatchObject({ create_time_entries: false, solo_mode: false });
    expect(await stored(id)).toMatchObject({
      create_time_entries: 0,
      run_reports: 0,
      solo_mode: 0,
      send_check_in_notification: 0,
    });

    // With the groups on, the options are kept; turning a group off later (other flags absent) clears them.
    const on = await call(s, 'PUT', `/employees/${id}`, {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: true,
      create_time_entries: true,
      permission_app: true,
      solo_mode: true,
      email_notification: true,
      send_check_in_notification: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      create_time_entries: 1,
      solo_mode: 1,
      send_check_in_notification: 1,
    });
    const off = await call(s, 'PUT', `/employees/${id}`, {
      name: 'Grace',
      department_id: dep,
      employee_id: 'G1',
      permission_site: false,
      permission_app: false,
      email_notification: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      create_time_entries: 0,
      solo_mode: 0,
      send_check_in_notification: 0,
    });
  });
});

describe('access', () => {
  it("answers 403 to an employee's own login on every people route, and changes nothing", async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const email = `own${Date.now()}@example.com`;
    const created = await call(s, 'POST', '/employees', {
      name: 'Own',
      department_id: dep,
      employee_id: 'O1',
      email,
      permission_site: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const q = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
    await t.app.inject({
      method: 'POST',
      url: '/password-update',
      payload: { ...q, password: 'own pass 123', password_confirmation: 'own pass 123' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'own pass 123' },
    });
    const me: Session = { ...s, auth: { authorization: `Bearer ${login.json().access_token}` } };
    const body = { name: 'X', department_id: dep, employee_id: 'X1' };
    for (const [method, url, payload] of [
      ['GET', '/api/employees'],
      ['GET', `/api/employees/${id}`],
      ['POST', '/api/search', { query: '' }],
      ['POST', '/employees', body],
      ['PUT', `/employees/${id}`, body],
      ['DELETE', `/employees/${id}`],
      ['POST', '/allemployees?emp_id[]=[1]'],
      // GET /api/employees/qr/{own id} is the employee's own badge (the QR page): test/portal.test.ts.
      ['GET', `/api/employees/print/${id}`],
      ['POST', `/api/employees/${id}/regenerate-badge`],
      ['GET', '/employees/imported'],
      ['GET', '/employees/export'],
      ['GET', '/departments'],
      ['GET', `/api/departments/${dep}`],
      ['POST', '/departments', { dp_name: 'Mine' }],
      ['DELETE', `/departments/${dep}`],
      ['GET', '/api/fields'],
      ['POST', '/api/fields', { field_name: 'F', field_type: 'text' }],
    ] as [string, string, object?][]) {
      const res = await call(me, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(messages.general.forbidden);
    }
    expect((await call(s, 'GET', '/api/employees')).json().data).toHaveLength(1);
    expect((await call(s, 'GET', '/departments')).json()).toHaveLength(1);
  });
});

describe('activity log', () => {
  it('writes no entry when the change is refused, and one entry with each change', async () => {
    const s = await signUp(t.app);
    const dep = await department(s);
    const entries = async () =>
      (await t.db.selectFrom('activity_logs').select('action').orderBy('id').execute()).map((r) => r.action);
    const before = await entries();
    const body = { name: 'A', department_id: dep, employee_id: 'A1' };
    expect((await call(s, 'POST', '/employees', body)).statusCode).toBe(201);
    expect((await call(s, 'POST', '/employees', body)).statusCode).toBe(409);
    expect((await entries()).slice(before.length)).toEqual(['employee.created']);
  });
});

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
