import { CONTROL_CHARACTERS, requiredText, safeString } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signBadge } from '../src/lib/badges';
import { createAccount, createDepartment, createEmployee, createStation } from './factories';
import { type Session, registration, useTestApp } from './helper';

const t = useTestApp();
const NUL = '\u0000';

interface Setup {
  owner: Session;
  accountId: number;
  station: string;
  stationId: number;
  employeeRef: number;
  employeeCode: string;
  departmentId: number;
}
let s: Setup;

beforeAll(async () => {
  const owner = await createAccount(t);
  const { id: departmentId } = await createDepartment(t, owner, { dp_name: 'Warehouse' });
  const emp = await createEmployee(t, owner, {
    name: 'Ada Lovelace',
    department_id: departmentId,
    employee_id: 'A100',
  });
  const station = await createStation(t, owner);
  s = {
    owner,
    accountId: owner.accountId,
    station: station.token,
    stationId: station.id,
    employeeRef: emp.id,
    employeeCode: 'A100',
    departmentId,
  };
});

/** Every table a refused call could have written to, row counts and the texts a call could change. */
async function snapshot() {
  const count = async (table: 'employees' | 'departments' | 'custom_fields' | 'stations' | 'punches') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    employees: await count('employees'),
    departments: await count('departments'),
    fields: await count('custom_fields'),
    stations: await count('stations'),
    punches: await count('punches'),
    names: await t.db.selectFrom('employees').select(['name', 'employee_id']).orderBy('id').execute(),
    stationNames: await t.db.selectFrom('stations').select('name').orderBy('id').execute(),
    settings: await t.db.selectFrom('settings').selectAll().orderBy('id').execute(),
    accounts: await t.db.selectFrom('accounts').select(['company_name', 'time_zone']).orderBy('id').execute(),
  };
}

type Call = {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'GET';
  url: () => string;
  who: 'owner' | 'station' | 'none';
  body?: () => unknown;
};

const calls: Call[] = [
  {
    name: 'register',
    method: 'POST',
    url: () => '/api/register',
    who: 'none',
    body: () => registration({ name: `Eve${NUL}` }),
  },
  {
    name: 'clock-in',
    method: 'POST',
    url: () => '/api/clock-in',
    who: 'station',
    body: () => ({ employee_id: `A1${NUL}00` }),
  },
  {
    name: 'clock-in by badge',
    method: 'POST',
    url: () => '/api/clock-in',
    who: 'station',
    body: () => ({ badge: `x${NUL}` }),
  },
  {
    name: 'clock-out',
    method: 'POST',
    url: () => '/api/clock-out',
    who: 'station',
    body: () => ({ employee_id: `${NUL}A100` }),
  },
  {
    name: 'check-employee',
    method: 'POST',
    url: () => '/api/check-employee',
    who: 'station',
    body: () => ({ employee_id: `A100${NUL}` }),
  },
  {
    name: 'sync',
    method: 'POST',
    url: () => '/api/punches/sync',
    who: 'station',
    body: () => ({
      punches: [
        { client_id: 'aaaaaaaa-1', kind: 'in', employee_id: 'A100', device_time: new Date().toISOString() },
        {
          client_id: 'aaaaaaaa-2',
          kind: 'in',
          employee_id: `A1${NUL}`,
          device_time: new Date().toISOString(),
        },
      ],
    }),
  },
  {
    name: 'sync screening answer',
    method: 'POST',
    url: () => '/api/punches/sync',
    who: 'station',
    body: () => ({
      punches: [
        {
          client_id: 'aaaaaaaa-3',
          kind: 'in',
          employee_id: 'A100',
          device_time: new Date().toISOString(),
          screening: { 'Any fever?': `no${NUL}` },
        },
      ],
    }),
  },
  {
    name: 'search',
    method: 'POST',
    url: () => '/api/search',
    who: 'owner',
    body: () => ({ query: `Ada${NUL}` }),
  },
  {
    name: 'new employee',
    method: 'POST',
    url: () => '/employees',
    who: 'owner',
    body: () => ({ name: `Grace${NUL}Hopper`, department_id: s.departmentId, employee_id: 'G1' }),
  },
  {
    name: 'new employee id',
    method: 'POST',
    url: () => '/employees',
    who: 'owner',
    body: () => ({ name: 'Grace Hopper', department_id: s.departmentId, employee_id: `G${NUL}1` }),
  },
  {
    name: 'employee custom field value',
    method: 'POST',
    url: () => '/employees',
    who: 'owner',
    body: () => ({
      name: 'Grace',
      department_id: s.departmentId,
      employee_id: 'G2',
      custom_fields: { '1': NUL },
    }),
  },
  {
    name: 'employee update',
    method: 'PUT',
    url: () => `/employees/${s.employeeRef}`,
    who: 'owner',
    body: () => ({ name: `Ada${NUL}`, department_id: s.departmentId, employee_id: 'A100' }),
  },
  {
    name: 'new department',
    method: 'POST',
    url: () => '/departments',
    who: 'owner',
    body: () => ({ dp_name: `Dock${NUL}` }),
  },
  {
    name: 'new field',
    method: 'POST',
    url: () => '/api/fields',
    who: 'owner',
    body: () => ({ field_name: `Shirt${NUL}size`, field_type: 'Text' }),
  },
  {
    name: 'new station',
    method: 'POST',
    url: () => '/api/stations',
    who: 'owner',
    body: () => ({ name: `Gate${NUL}` }),
  },
  {
    name: 'station rename',
    method: 'PATCH',
    url: () => `/api/stations/${s.stationId}`,
    who: 'owner',
    body: () => ({ name: `Gate${NUL}` }),
  },
  {
    name: 'settings',
    method: 'POST',
    url: () => '/settings',
    who: 'owner',
    body: () => ({ company_name: `Acme${NUL}` }),
  },
  {
    name: 'settings time zone',
    method: 'POST',
    url: () => '/api/settings',
    who: 'owner',
    body: () => ({ time_zone: `UTC${NUL}` }),
  },
  {
    name: 'manual punch notes',
    method: 'POST',
    url: () => '/api/manual-punches',
    who: 'owner',
    body: () => ({ employee_id: s.employeeRef, time_in: '09:00', time_out: '10:00', notes: `late${NUL}` }),
  },
  { name: 'a query string', method: 'GET', url: () => '/api/activity-logs?action=%00', who: 'owner' },
  { name: 'a path parameter', method: 'GET', url: () => '/department/user/1%00', who: 'owner' },
  {
    name: 'a DEL character',
    method: 'POST',
    url: () => '/departments',
    who: 'owner',
    body: () => ({ dp_name: 'Dock\u007f' }),
  },
  {
    name: 'an escape character',
    method: 'POST',
    url: () => '/api/search',
    who: 'owner',
    body: () => ({ query: '\u001b[31m' }),
  },
];

const headers = (who: Call['who']) =>
  who === 'owner' ? s.owner.auth : who === 'station' ? { authorization: `Station ${s.station}` } : {};

describe('control characters in text', () => {
  it.each(calls)('$name: answers 400 with a message and writes nothing', async (call) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      headers: headers(call.who),
      ...(call.body ? { payload: call.body() as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(answer).toMatchObject({
      message: 'Text must not contain control characters.',
      code: 'bad_request',
    });
    expect(Object.values(answer.errors).flat()).toContain('Text must not contain control characters.');
    expect(await snapshot()).toEqual(before);
  });

  it('names the path of the offending value, nested in arrays and objects', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: headers('station'),
      payload: {
        punches: [
          { client_id: 'bbbbbbbb-1', kind: 'in', employee_id: 'A100', device_time: new Date().toISOString() },
          { client_id: 'bbbbbbbb-2', kind: 'in', badge: `b${NUL}`, device_time: new Date().toISOString() },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'punches.1.badge': ['Text must not contain control characters.'] });
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manual-punches',
      headers: s.owner.auth,
      payload: {
        employee_id: s.employeeRef,
        date: '2026-01-05',
        time_in: '09:00',
        time_out: '10:00',
        notes: 'line one\r\nline two\twith a tab',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.notes).toBe('line one\r\nline two\twith a tab');
  });

  it('a clean badge still clocks in after the refusals', async () => {
    const badge = signBadge('test-secret', {
      accountId: s.accountId,
      employeeRef: s.employeeRef,
      version: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clock-in',
      headers: headers('station'),
      payload: { employee_id: s.employeeCode, badge },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe('the contract refuses control characters on its own', () => {
  // U+0080–U+009F: C1 controls, what Windows-1252 read as Latin-1 leaves ("O\u0092Brien").
  it.each([
    '\u0000',
    '\u0008',
    '\u000b',
    '\u000c',
    '\u000e',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u0092',
    '\u009f',
  ])('refuses %j', (c) => {
    const answer = requiredText('Name', 50).safeParse(`Ada${c}`);
    expect(answer.success).toBe(false);
    expect(answer.error?.issues.map((i) => i.message)).toContain('Name must not contain control characters.');
    expect(safeString('Notes').safeParse(`a${c}b`).success).toBe(false);
  });
  it('accepts tab, line feed and carriage return, and the letters after the C1 range', () => {
    expect(safeString('Name').safeParse('Seán O’Brien, Šárka Žofie, € ÿ').success).toBe(true);
    expect(safeString('Notes').safeParse('a\tb\nc\rd').success).toBe(true);
    expect(CONTROL_CHARACTERS.test('\t\n\r')).toBe(false);
  });
});
