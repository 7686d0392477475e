import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addDays, weekStartOf } from '../src/modules/time/calendar';
import { lastLinkTo, type TestApp } from './helper';

/**
 * What the pay period tests share (pay-periods, pay-period-figures, pay-period-confirmations, adjustments): a
 * caller over the test app, the 200 check, the weeks around today in a UTC account whose weeks start on Monday,
 * and a department-scoped administrator invited and signed in.
 */
export type Who = { auth: { authorization: string } } | null;
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** A call as `who` (null: no token) to the test app. */
export const callerOf =
  (t: TestApp) =>
  (who: Who, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

/** The answer's JSON, after checking its status (200 unless told). */
export const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** Today (UTC), this week's Monday, last week's Monday and Sunday. */
export const today = new Date().toISOString().slice(0, 10);
export const thisWeek = weekStartOf(today, 'Monday');
export const lastWeek = addDays(thisWeek, -7);
export const lastSunday = addDays(thisWeek, -1);
/** An instant on a UTC day, 'HH:MM'. */
export const iso = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00.000Z`).toISOString();

/** An administrator of `departmentId` only, invited by `owner`, signed in. */
export async function inviteScoped(t: TestApp, owner: Who, departmentId: number): Promise<Who> {
  const call = callerOf(t);
  const email = `scoped${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  ok(
    await call(owner, 'POST', '/api/administrators', {
      name: 'Sid Scoped',
      email,
      access: 'departments',
      department_ids: [departmentId],
    }),
    201,
  );
  const link = Object.fromEntries(new URL(lastLinkTo(t, email)).searchParams);
  const password = 'scoped admin pass 7';
  ok(await call(null, 'POST', '/password-update', { ...link, password, password_confirmation: password }));
  const login = ok(await call(null, 'POST', '/api/login', { email, password }));
  return { auth: { authorization: `Bearer ${login.access_token}` } };
}
