import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { up as canonicalNumbers } from '../src/db/migrations/013_canonical_numbers';
import { signUp, useTestApp } from './helper';
import { peopleCalls } from './people-helpers';

const t = useTestApp();
const { call, department, employee, lockerField } = peopleCalls(t);

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
    expect(refused.json().code).toBe('custom_field.type_mismatch');
    expect((await call(s, 'GET', `/api/employees/${a.id}`)).json().data.custom_fields).toEqual({
      [locker]: '012',
    });
    expect((await call(s, 'DELETE', `/employees/${word.id}`)).statusCode).toBe(200);
    // 012 and 12.0 are one number: refused without Allow Duplicates, taken with it.
    const twice = await toNumber(locker, 'Locker', false);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.people.fieldHasDuplicates('Locker'));
    expect(twice.json().code).toBe('custom_field.has_duplicates');
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
