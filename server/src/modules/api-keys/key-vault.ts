import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * API key values at rest: AES-256-GCM under a key derived from APP_SECRET (HKDF-SHA-256), so Reveal can show a
 * value again while a copy of the database alone shows none. The account id is bound in as associated data: a
 * sealed value moved to another account's row does not open. Lookups never decrypt: they go by SHA-256 hash.
 */
export function keyVault(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'punchclock', 'api-key-values v1', 32));
  const aad = (accountId: number) => Buffer.from(`account:${accountId}`);

  return {
    seal(accountId: number, value: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(accountId));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },

    /** The value, or null when the text was not sealed by this secret for this account. */
    open(accountId: number, sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
          .setAAD(aad(accountId))
          .setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
export type KeyVault = ReturnType<typeof keyVault>;
