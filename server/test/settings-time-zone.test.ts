import { describe, expect, it } from 'vitest';
import { createAccount, createEmployee } from './factories';
import { useTestApp } from './helper';

const t = useTestApp();

let n = 0;
/** An account in `zone` with one employee and a manual punch at 2026-03-10T02:30Z (22:30 on 9 March in New York). */
async function accountWithPunch(zone: string) {
  n += 1;
  const owner = await createAccount(t, { time_zone: zone });
  const { accountId } = owner;
  const emp = await createEmployee(t, owner, { employee_id: `TZ${n}`, name: 'Robin Night' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/manual-punches',
    headers: owner.auth,
    payload: {
      employee_id: emp.id,
      date: '2026-03-09',
      time_in: '22:30',
      time_out: '23:30',
      type: 'None',
      deduction: 'Auto',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const punch = () =>
    t.db
      .selectFrom('punches')
      .select(['time_in', 'work_date'])
      .where('account_id', '=', accountId)
      .where('employee_ref', '=', emp.id)
      .executeTakeFirstOrThrow();
  return { owner, accountId, punch };
}

describe('settings: time zone', () => {
  it("moves each punch's work_date to its local day in the new zone, in this account only", async () => {
    const moved = await accountWithPunch('America/New_York');
    const other = await accountWithPunch('America/New_York');
    expect(await moved.punch()).toEqual({ time_in: '2026-03-10T02:30:00.000Z', work_date: '2026-03-09' });

    const saved = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: moved.owner.auth,
      payload: { time_zone: 'Europe/Berlin' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.time_zone).toBe('Europe/Berlin');
    expect(await moved.punch()).toEqual({ time_in: '2026-03-10T02:30:00.000Z', work_date: '2026-03-10' });
    expect((await other.punch()).work_date).toBe('2026-03-09');

    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('account_id', '=', moved.accountId)
      .where('action', '=', 'settings.updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.details ?? '{}')).toMatchObject({
      old: { time_zone: 'America/New_York' },
      new: { time_zone: 'Europe/Berlin' },
    });
  });
});
