import 'fake-indexeddb/auto';
import { createHmac } from 'node:crypto';
import { messages, PIN_LOCK_LIMIT, PIN_LOCK_WINDOW_MS } from '@punchclock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmPin, identityOf, punch } from './clock-controller';
import { refreshDirectory } from './directory';
import { hintOf, pinHintKey, setPinHintKey } from './pin-hint';
import { pendingCount, setRosterReadAt, stationDb } from './queue';

// The offline PIN check on the station's real store (fake-indexeddb) and the browser's WebCrypto; the network is
// cut by a fetch that fails, as it does offline. The journey with the real server is web/e2e/station-pin-offline.

const KEY = 'a'.repeat(64);
const REF = 41;
const RIGHT = '4821';
/** The server's formula (server/src/lib/badges.ts pinHint), written out here so the two are checked equal. */
const serverHint = (pin: string) =>
  parseInt(createHmac('sha256', KEY).update(`${REF}\n${pin}`).digest('hex')[0], 16);
const pins = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));
const wrongPins = pins.filter((p) => serverHint(p) !== serverHint(RIGHT));
/** A wrong PIN the hint cannot tell: it waits for the server. */
const lucky = pins.find((p) => p !== RIGHT && serverHint(p) === serverHint(RIGHT))!;

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'taken',
    (e: { code?: string; message?: string }) => e.code,
  );

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await stationDb.meta.delete(`pinLock:${REF}`);
  for (const p of await stationDb.punches.where('state').equals('pending').toArray())
    await stationDb.punches.delete(p.client_id);
  await setPinHintKey(KEY);
  await setRosterReadAt(new Date().toISOString());
  await stationDb.employees.put({
    key: 'E7',
    ref: REF,
    employee_id: 'E7',
    name: 'Ann Lee',
    clockedIn: false,
    clockInTime: null,
    needsPin: true,
    canPunch: true,
    pinHint: serverHint(RIGHT),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('offline PIN hints', () => {
  it('computes the hint as the server does', async () => {
    for (const p of [RIGHT, '0', '0000', '9999', lucky, ...wrongPins.slice(0, 20)])
      expect(await hintOf(KEY, REF, p)).toBe(serverHint(p));
    // About 1 in 16 of all PINs share the right one's hint (binomial, sd 24 around 625).
    expect(pins.length - wrongPins.length).toBeGreaterThan(500);
    expect(pins.length - wrongPins.length).toBeLessThan(750);
  });

  it('refuses a PIN whose hint differs at once, with the server words, and queues nothing', async () => {
    await expect(confirmPin(identityOf('E7', wrongPins[0]))).rejects.toMatchObject({
      status: 422,
      code: 'clock.pin_wrong',
      message: messages.clock.pinWrong,
    });
    expect(JSON.parse((await stationDb.meta.get(`pinLock:${REF}`))!.value).count).toBe(1);
    expect(await pendingCount()).toBe(0);
  });

  it('takes a PIN whose hint matches and queues its punch for the server to check', async () => {
    for (const pin of [RIGHT, lucky]) {
      const state = await confirmPin(identityOf('E7', pin));
      expect(state).toMatchObject({ employee: { employee_id: 'E7' }, offline: true });
    }
    expect(await stationDb.meta.get(`pinLock:${REF}`)).toBeUndefined();
    const outcome = await punch('in', identityOf('E7', lucky));
    expect(outcome.offline).toBe(true);
    const queued = await stationDb.punches.where('state').equals('pending').toArray();
    expect(queued.map((p) => [p.employee_id, p.pin])).toEqual([['E7', lucky]]);
  });

  it('locks the employee here after five wrong PINs, the right one too, and keeps the lock over a reload', async () => {
    for (let i = 0; i < PIN_LOCK_LIMIT; i++)
      expect(await codeOf(confirmPin(identityOf('E7', wrongPins[i])))).toBe('clock.pin_wrong');
    await expect(confirmPin(identityOf('E7', wrongPins[9]))).rejects.toMatchObject({
      status: 429,
      message: messages.clock.pinLocked,
    });
    // While locked, the right PIN is not compared either (as on the server).
    expect(await codeOf(confirmPin(identityOf('E7', RIGHT)))).toBe('clock.pin_locked');
    // A reload of the tablet: fresh modules over the same IndexedDB.
    vi.resetModules();
    const again = await import('./clock-controller');
    expect(await codeOf(again.confirmPin(again.identityOf('E7', RIGHT)))).toBe('clock.pin_locked');
    expect(await pendingCount()).toBe(0);
  });

  it('ends the lock when its window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-27T10:00:00Z').getTime();
    vi.setSystemTime(start);
    for (let i = 0; i <= PIN_LOCK_LIMIT; i++) await codeOf(confirmPin(identityOf('E7', wrongPins[i])));
    vi.setSystemTime(start + PIN_LOCK_WINDOW_MS - 1_000);
    expect(await codeOf(confirmPin(identityOf('E7', RIGHT)))).toBe('clock.pin_locked');
    vi.setSystemTime(start + PIN_LOCK_WINDOW_MS);
    expect(await codeOf(confirmPin(identityOf('E7', RIGHT)))).toBe('taken');
    // A new window: one wrong PIN is one miss again, not a lock.
    expect(await codeOf(confirmPin(identityOf('E7', wrongPins[0])))).toBe('clock.pin_wrong');
  });

  it("keeps the roster's hint key and hints, and drops a hint the server shows stale", async () => {
    const answer = (body: unknown) =>
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
    const row = { id: REF, employee_id: 'E7', name: 'Ann Lee', needs_pin: true, can_punch: true };
    const status = {
      badge_version: 1,
      clockedIn: false,
      clockInTime: null,
      elapsedTime: null,
      duration: null,
    };
    vi.stubGlobal(
      'fetch',
      answer({
        data: [{ ...row, ...status, pin_hint: serverHint(RIGHT) }],
        pin_hint_key: KEY,
        next_cursor: null,
        prev_cursor: null,
      }),
    );
    await setPinHintKey(null);
    expect(await refreshDirectory()).toBe(1);
    expect(await pinHintKey()).toBe(KEY);
    expect((await stationDb.employees.get('E7'))?.pinHint).toBe(serverHint(RIGHT));
    // The PIN was changed to one of another hint: the server takes it online, so the old hint is dropped and the
    // new PIN is not refused offline before the next roster read.
    const changed = wrongPins[0];
    vi.stubGlobal(
      'fetch',
      answer({
        message: 'ok',
        employee: { id: REF, employee_id: 'E7', name: 'Ann Lee', department_name: null },
        clocked_in: false,
        clock_in_time: null,
        needs_pin: true,
      }),
    );
    await confirmPin(identityOf('E7', changed));
    expect((await stationDb.employees.get('E7'))?.pinHint).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await codeOf(confirmPin(identityOf('E7', changed)))).toBe('taken');
  });

  it('takes any PIN of an employee without a hint (set before hints), for the server to check', async () => {
    await stationDb.employees.update('E7', { pinHint: null });
    for (let i = 0; i <= PIN_LOCK_LIMIT; i++)
      expect(await codeOf(confirmPin(identityOf('E7', wrongPins[i])))).toBe('taken');
  });
});
