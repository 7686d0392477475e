import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/demo/demo-data';
import { useTestApp } from './helper';

const t = useTestApp();

describe('demo data', () => {
  it('creates a demo account that logs in, and refreshes it without duplicating anything', async () => {
    const first = await seedDemo(t.db, 'test-secret');
    const second = await seedDemo(t.db, 'test-secret');
    expect(second).toEqual(first);
    expect(first.employees).toBe(40);
    expect(first.punches).toBeGreaterThan(40 * 5 * 7);

    const accounts = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', DEMO_EMAIL)
      .execute();
    expect(accounts).toHaveLength(1);
    const accountId = accounts[0].account_id;
    const count = async (table: 'employees' | 'punches' | 'departments') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('employees')).toBe(40);
    expect(await count('punches')).toBe(first.punches);
    expect(await count('departments')).toBeGreaterThanOrEqual(5);
    const open = await t.db
      .selectFrom('punches')
      .select('id')
      .where('account_id', '=', accountId)
      .where('time_out', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    // The activity log holds each shift's clock-in and each clock-out except the forgotten one.
    const logged = Number(
      (
        await t.db
          .selectFrom('activity_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('action', 'in', ['punch.clock_in', 'punch.clock_out'])
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(logged).toBe(first.punches * 2 - 1);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const employee = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_EMPLOYEE_EMAIL, password: DEMO_PASSWORD },
    });
    expect(employee.statusCode).toBe(200);
    expect(employee.json()).toMatchObject({ user_type: 'employee', employee_id: 'E1001' });
    expect(typeof employee.json().emp_id).toBe('number');
  });
});
