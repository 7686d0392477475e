import { PASSWORD_LINK_TTL_MINUTES } from '@punchclock/contract';
import { hmac, newOpaqueToken, safeEqual, sha256 } from './tokens';
import type { AuthRepository } from '../modules/auth/auth.repository';
import { messages } from '@punchclock/contract';
import { unprocessable } from '../lib/errors';
import { addMinutes, nowIso } from '../lib/time';

/**
 * Password set/reset links carry email, token, expires (unix seconds) and an HMAC signature over all
 * three. The signature stops edits to the e-mail or expiry; the token (stored hashed, single use)
 * stops replays and lets a new password revoke older links.
 */
export interface PasswordLinkParts {
  email: string;
  token: string;
  expires: number;
  signature: string;
}

const sign = (secret: string, email: string, token: string, expires: number) =>
  hmac(secret, 'password-link', email, token, expires);

export async function createPasswordLink(
  repo: Pick<AuthRepository, 'insertToken'>,
  opts: { secret: string; publicUrl: string; userId: number; accountId: number; email: string },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = addMinutes(nowIso(), PASSWORD_LINK_TTL_MINUTES);
  const expires = Math.floor(Date.parse(expiresAt) / 1000);
  await repo.insertToken(opts.accountId, {
    user_id: opts.userId,
    kind: 'password',
    token_hash: hash,
    expires_at: expiresAt,
  });
  const q = new URLSearchParams({
    email: opts.email,
    token,
    expires: String(expires),
    signature: sign(opts.secret, opts.email, token, expires),
  });
  return `${opts.publicUrl}/ResetPassword?${q.toString()}`;
}

/** Returns the stored token row the link names, or throws 422 with the reason a person can act on. */
export async function verifyPasswordLink(
  repo: Pick<AuthRepository, 'findPasswordToken'>,
  secret: string,
  link: PasswordLinkParts,
) {
  if (!safeEqual(sign(secret, link.email, link.token, link.expires), link.signature))
    throw unprocessable(messages.passwords.linkInvalid);
  if (link.expires * 1000 < Date.now()) throw unprocessable(messages.passwords.linkExpired);
  const row = await repo.findPasswordToken(sha256(link.token));
  if (!row) throw unprocessable(messages.passwords.linkInvalid);
  if (row.used_at) throw unprocessable(messages.passwords.linkUsed);
  if (row.revoked_at || row.expires_at < nowIso()) throw unprocessable(messages.passwords.linkExpired);
  return row;
}
