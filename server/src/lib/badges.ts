import { hmac, safeEqual } from '../auth/tokens';

/**
 * Badge tokens: what an employee card's QR encodes. `PC1.<account>.<employee row id>.<badge version>.<sig>`
 * The HMAC makes a badge impossible to forge by typing an employee ID; bumping the employee's
 * badge_version (regenerate badge) invalidates every card printed before.
 */
export interface BadgeClaims {
  accountId: number;
  employeeRef: number;
  version: number;
}

const PREFIX = 'PC1';

export function signBadge(secret: string, c: BadgeClaims): string {
  const body = `${PREFIX}.${c.accountId}.${c.employeeRef}.${c.version}`;
  return `${body}.${hmac(secret, 'badge', body).slice(0, 32)}`;
}

/** The claims of a well-formed, correctly signed badge, or null. Callers still check the version is current. */
export function verifyBadge(secret: string, token: string): BadgeClaims | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const m = /^PC1\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([a-f0-9]{32})$/.exec(token.trim());
  if (!m) return null;
  const body = `${PREFIX}.${m[1]}.${m[2]}.${m[3]}`;
  if (!safeEqual(hmac(secret, 'badge', body).slice(0, 32), m[4])) return null;
  return { accountId: Number(m[1]), employeeRef: Number(m[2]), version: Number(m[3]) };
}

/** PINs are kept as an HMAC bound to the employee row, never as typed. */
export const hashPin = (secret: string, employeeRef: number, pin: string): string =>
  hmac(secret, 'pin', employeeRef, pin);

/**
 * PIN hints (docs/RULES.md#pin-lock): 4 bits a station holds per employee so that, offline, it refuses 15 of 16
 * wrong PINs itself and counts them against its own lock. The key is the account's (derived from the app secret,
 * so a station of another account cannot check these hints); the station computes the same HMAC-SHA256 in the
 * browser (web/src/station/pin-hint.ts) over "<employee row id>\n<PIN>" with this key as UTF-8 text.
 */
export const pinHintKey = (secret: string, accountId: number): string => hmac(secret, 'pin-hint', accountId);

/** The hint of a PIN: the first 4 bits of its HMAC under the account's hint key, 0 to 15. */
export const pinHint = (hintKey: string, employeeRef: number, pin: string): number =>
  parseInt(hmac(hintKey, employeeRef, pin)[0], 16);

/** What the employees row keeps of a PIN being set: its hash, and its hint for the account's stations. */
export const storedPin = (secret: string, accountId: number, employeeRef: number, pin: string) => ({
  pin: hashPin(secret, employeeRef, pin),
  pin_hint: pinHint(pinHintKey(secret, accountId), employeeRef, pin),
});
