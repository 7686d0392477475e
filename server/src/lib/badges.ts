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
