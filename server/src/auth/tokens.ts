import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token. */
export function newOpaqueToken(bytes = 32): { token: string; hash: string } {
  const token = randomBytes(bytes).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export function hmac(secret: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
