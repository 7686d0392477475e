import { messages, PIN_LOCK_LIMIT, PIN_LOCK_WINDOW_MS } from '@punchclock/contract';
import type { CachedEmployee } from './queue';
import { stationDb } from './queue';
import { StationApiError } from './station-api';

/*
 * The offline PIN check (docs/RULES.md#pin-lock). The roster gives the station the account's hint key and, for each
 * employee whose typed ID asks a PIN, 4 bits of that PIN: the first hex digit of HMAC-SHA256(key, "<row id>\n<PIN>"),
 * as server/src/lib/badges.ts pinHint makes it. Offline, a PIN whose hint differs is wrong for certain (15 of 16
 * wrong PINs): it is refused here and counted against this station's own lock, with the server's limits and
 * answers. A PIN whose hint matches may still be wrong (about 625 of 10,000 do): it waits with the punch, and the
 * server checks it at sync against its own lock.
 */

const HINT_KEY = 'pinHintKey';
const lockKey = (ref: number) => `pinLock:${ref}`;

/** A fixed window of wrong PINs, as the server's rate limiter counts them (lib/rate-limiter.ts). */
interface Misses {
  count: number;
  resetAt: number;
}

export async function pinHintKey(): Promise<string | null> {
  return (await stationDb.meta.get(HINT_KEY))?.value ?? null;
}

export async function setPinHintKey(key: string | null): Promise<void> {
  if (key) await stationDb.meta.put({ key: HINT_KEY, value: key });
  else await stationDb.meta.delete(HINT_KEY);
}

/** The hint of `pin` for the employee row `ref`, or null where the browser has no WebCrypto (not a secure page). */
export async function hintOf(key: string, ref: number, pin: string): Promise<number | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const text = new TextEncoder();
  const k = await subtle.importKey('raw', text.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await subtle.sign('HMAC', k, text.encode(`${ref}\n${pin}`)));
  return mac[0] >> 4;
}

async function missesOf(ref: number, now: number): Promise<Misses | null> {
  const row = await stationDb.meta.get(lockKey(ref));
  if (!row) return null;
  const misses = JSON.parse(row.value) as Misses;
  return misses.resetAt > now ? misses : null;
}

const locked = () => new StationApiError(429, messages.clock.pinLocked, 'clock.pin_locked');

/**
 * Offline, before the station takes `pin` for `cached`: while the employee is locked here every PIN, the right
 * one too, is refused without being compared (as the server does); a PIN whose hint does not match is refused as
 * wrong and counted. Without a hint (the PIN was set before hints existed) or without WebCrypto the PIN is taken
 * and the server alone checks it.
 */
export async function checkPinOffline(cached: CachedEmployee, pin: string, now = Date.now()): Promise<void> {
  const misses = await missesOf(cached.ref, now);
  if (misses && misses.count >= PIN_LOCK_LIMIT) throw locked();
  const key = await pinHintKey();
  if (cached.pinHint == null || !key) return;
  const hint = await hintOf(key, cached.ref, pin);
  if (hint === null || hint === cached.pinHint) return;
  const next = misses ?? { count: 0, resetAt: now + PIN_LOCK_WINDOW_MS };
  next.count += 1;
  await stationDb.meta.put({ key: lockKey(cached.ref), value: JSON.stringify(next) });
  if (next.count > PIN_LOCK_LIMIT) throw locked();
  throw new StationApiError(422, messages.clock.pinWrong, 'clock.pin_wrong');
}

/**
 * The hint to keep after the server took `pin` as right: the stored one if it agrees, else none (the PIN changed
 * since the roster was read; the next roster read brings the new hint), so a stale hint never refuses the right PIN.
 */
export async function hintAfterRightPin(ref: number, pin: string, stored: number | null | undefined) {
  if (stored == null) return null;
  const key = await pinHintKey();
  return key && (await hintOf(key, ref, pin)) === stored ? stored : null;
}
