import { createHmac } from 'node:crypto';
import { type EmployeeStatusAnswer, PIN_LOCK_LIMIT } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { createAccount, createStation } from './factories';
import { type Session, useTestApp } from './helper';
import { HEADER, peopleCalls, xlsx } from './people-helpers';

const t = useTestApp({ LOGIN_RATE_LIMIT: '100' });
const { call, department, employee, upload } = peopleCalls(t);

/** The station's own formula (web/src/station/pin-hint.ts), written out again so the test checks the server's. */
const hintOf = (key: string, id: number, pin: string) =>
  parseInt(createHmac('sha256', key).update(`${id}\n${pin}`).digest('hex')[0], 16);

const roster = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/employee-status?limit=100',
    headers: { authorization: `Station ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EmployeeStatusAnswer;
};
const rowOf = (r: EmployeeStatusAnswer, code: string) => r.data.find((e) => e.employee_id === code)!;
const allPins = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));

async function accountWithStation(): Promise<{ owner: Session; token: string }> {
  const owner = await createAccount(t);
  return { owner, token: (await createStation(t, owner)).token };
}

describe('PIN hints for an offline station', () => {
  it('gives a station a hint of each PIN that matches the right PIN and about 1 in 16 of all PINs', async () => {
    const { owner, token } = await accountWithStation();
    const dep = await department(owner, 'Floor');
    const pinned = await employee(owner, dep, { employee_id: 'H1', pin: '4821' });
    await employee(owner, dep, { employee_id: 'H2' });
    const r = await roster(token);
    expect(r.pin_hint_key).toMatch(/^[0-9a-f]{64}$/);
    const key = r.pin_hint_key!;
    const hint = rowOf(r, 'H1').pin_hint;
    expect(hint).toBe(hintOf(key, pinned.id, '4821'));
    // No PIN, no hint.
    expect(rowOf(r, 'H2')).toMatchObject({ needs_pin: false, pin_hint: null });
    // Offline the station lets through the PINs whose hint matches: about 625 of the 10,000 (binomial, sd 24).
    const passing = allPins.filter((p) => hintOf(key, pinned.id, p) === hint);
    expect(passing).toContain('4821');
    expect(passing.length).toBeGreaterThan(500);
    expect(passing.length).toBeLessThan(750);
    // The rest are refused there, so a guesser meets the station's lock after PIN_LOCK_LIMIT of them.
    expect(allPins.length - passing.length).toBeGreaterThan(PIN_LOCK_LIMIT * 1000);
  });

  it('keeps the hint in step with the PIN: an edit replaces it, clearing the PIN removes it, an import sets it', async () => {
    const { owner, token } = await accountWithStation();
    const dep = await department(owner, 'Yard');
    const e = await employee(owner, dep, { employee_id: 'K1', pin: '1111' });
    const key = (await roster(token)).pin_hint_key!;
    const put = (extra: object) =>
      call(owner, 'PUT', `/employees/${e.id}`, {
        name: 'Kim',
        department_id: dep,
        employee_id: 'K1',
        ...extra,
      });
    // A PIN whose hint differs from 1111's, so the test sees the change.
    const other = allPins.find((p) => hintOf(key, e.id, p) !== hintOf(key, e.id, '1111'))!;
    expect((await put({ pin: other })).statusCode).toBe(200);
    expect(rowOf(await roster(token), 'K1').pin_hint).toBe(hintOf(key, e.id, other));
    expect((await put({ clear_pin: true })).statusCode).toBe(200);
    expect(rowOf(await roster(token), 'K1')).toMatchObject({ needs_pin: false, pin_hint: null });
    const stored = await t.db
      .selectFrom('employees')
      .select('pin_hint')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(stored.pin_hint).toBeNull();

    const res = await upload(owner, xlsx([HEADER, ['Ivo', 'K2', 'Yard', '', '', '', '0042']]), 'pins.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    const k2 = rowOf(await roster(token), 'K2');
    expect(k2.pin_hint).toBe(hintOf(key, k2.id, '0042'));
  });

  it("gives every station of the account the same hints, another account's station none of them, and a manager none", async () => {
    const a = await accountWithStation();
    const b = await accountWithStation();
    const dep = await department(a.owner, 'Dock');
    await employee(a.owner, dep, { employee_id: 'S1', pin: '2468' });
    const first = await roster(a.token);
    // A second station of the same account holds the same 4 bits, so two stolen tablets tell no more than one.
    const second = await roster((await createStation(t, a.owner, 'Back door')).token);
    expect(second.pin_hint_key).toBe(first.pin_hint_key);
    expect(rowOf(second, 'S1').pin_hint).toBe(rowOf(first, 'S1').pin_hint);
    // Another account's station: its own key, and none of this account's employees.
    const foreign = await roster(b.token);
    expect(foreign.pin_hint_key).toMatch(/^[0-9a-f]{64}$/);
    expect(foreign.pin_hint_key).not.toBe(first.pin_hint_key);
    expect(foreign.data.find((e) => e.employee_id === 'S1')).toBeUndefined();
    // A signed-in manager does not check PINs offline: no key, no hints.
    const manager = await call(a.owner, 'GET', '/api/employee-status?limit=100');
    if (manager.statusCode === 200) {
      const body = manager.json() as EmployeeStatusAnswer;
      expect(body.pin_hint_key).toBeNull();
      expect(rowOf(body, 'S1').pin_hint).toBeNull();
    } else expect(manager.statusCode).toBe(403);
  });
});
