import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';

const t = useTestApp();

describe('settings', () => {
  it('refuses a null company name with 400 and keeps the old name; leaving it out keeps it too', async () => {
    const s = await signUp(t.app, { company_name: 'Acme' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.auth,
      payload: { company_name: null },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'bad_request',
      errors: { company_name: [expect.any(String)] },
    });
    expect(refused.json().message).toMatch(/Company name/);
    const kept = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.auth,
      payload: { time_rounding: null },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.company_name).toBe('Acme');
    // Blank (or only spaces) would leave stations and report headers with no name.
    for (const company_name of ['', '   ']) {
      const blank = await t.app.inject({
        method: 'POST',
        url: '/settings',
        headers: s.auth,
        payload: { company_name },
      });
      expect(blank.statusCode, blank.body).toBe(400);
      expect(blank.json().errors.company_name).toEqual(['Company name is required.']);
    }
    const [after] = (await t.app.inject({ method: 'GET', url: '/settings', headers: s.auth })).json();
    expect(after.company_name).toBe('Acme');
  });

  it('answers the defaults, saves the spec fields and keeps what is left out', async () => {
    const s = await signUp(t.app);
    const [first] = (await t.app.inject({ method: 'GET', url: '/settings', headers: s.auth })).json();
    expect(first).toMatchObject({
      user_id: s.userId,
      attendance_mode: 'Attendance and Time Tracking',
      require_location: false,
      date_format: 'MM/DD/YY',
      time_zone: 'UTC',
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: s.auth,
      payload: {
        user_id: s.userId,
        require_location: true,
        enable_gps_tracking: 'true',
        time_rounding: '5 Minutes',
        time_zone: 'Europe/Berlin',
        company_name: 'Acme GmbH',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(messages.settings.saved);
    const [after] = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: s.auth })).json();
    expect(after).toMatchObject({
      require_location: true,
      enable_gps_tracking: true,
      time_rounding: '5 Minutes',
      time_zone: 'Europe/Berlin',
      company_name: 'Acme GmbH',
      date_format: 'MM/DD/YY',
    });
    const log = await t.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'settings.updated')
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown attendance mode', { attendance_mode: 'Sometimes' }],
    ['an unknown rounding', { time_rounding: '7 Minutes' }],
    ['a made-up time zone', { time_zone: 'Mars/Olympus' }],
    ['a flag of the wrong type', { require_location: 'maybe' }],
  ])('refuses %s with 400 and changes nothing', async (_c, payload) => {
    const s = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/settings', headers: s.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w/);
    const [after] = (await t.app.inject({ method: 'GET', url: '/settings', headers: s.auth })).json();
    expect(after).toMatchObject({
      attendance_mode: 'Attendance and Time Tracking',
      time_rounding: null,
      time_zone: 'UTC',
      require_location: false,
    });
  });

  it("keeps each account's settings to itself", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/settings',
          headers: a.auth,
          payload: { user_id: b.userId, require_location: true },
        })
      ).statusCode,
    ).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: '/settings',
      headers: a.auth,
      payload: { require_location: true },
    });
    const [bs] = (await t.app.inject({ method: 'GET', url: '/settings', headers: b.auth })).json();
    expect(bs.require_location).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/settings' })).statusCode).toBe(401);
  });

  it('serves the /Settings page to a browser and the API to a client on the same path', async () => {
    const s = await signUp(t.app);
    const page = await t.app.inject({
      method: 'GET',
      url: '/Settings',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).not.toContain('application/json');
    const api = await t.app.inject({
      method: 'GET',
      url: '/settings',
      headers: { ...s.auth, accept: 'application/json' },
    });
    expect(Array.isArray(api.json())).toBe(true);
  });
});
