import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { lastLinkTo, signUp, useTestApp, type Session } from './helper';
import { peopleCalls } from './people-helpers';

const t = useTestApp();
const { department, employee } = peopleCalls(t);

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
