import {
  API_KEY_CALLS_PER_MINUTE,
  API_KEY_MAX_LENGTH,
  apiKeyPermissions,
  hasControlCharacters,
  messages,
} from '@punchclock/contract';
import type { FastifyRequest } from 'fastify';
import { tooManyRequests, unauthorized } from '../lib/errors';
import { recordActivity } from '../modules/activity/activity.repository';
import { apiKeysRepository } from '../modules/api-keys/api-keys.repository';
import { scopesOf } from '../modules/api-keys/api-keys.service';
import type { Caller } from './access';
import { SEEN_EVERY_MS } from './station-guard';
import { sha256 } from './tokens';

/** An integration calling with an API key: read permissions of its scopes only, on its own account. */
export interface ApiKeyCaller extends Caller {
  userId: null;
  apiKeyId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyCaller: ApiKeyCaller | null;
  }
}

/** The key of `X-API-Key`, or null when there is none or it cannot be a key (too long, control characters). */
function keyFromRequest(req: FastifyRequest): string | null {
  const header = req.headers['x-api-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value.length > API_KEY_MAX_LENGTH || hasControlCharacters(value)) return null;
  return value;
}

/**
 * The guard of the integration routes: resolves `X-API-Key` into a Caller (like a station's token), writes the
 * call to the account's activity log and stamps "last used" (at most once a minute); past
 * API_KEY_CALLS_PER_MINUTE calls a minute a key is answered 429. Only the key's scopes
 * become permissions, all of them reads, so `requireAccess` in the services decides as for everyone else.
 * A missing, unknown or deleted key answers 401.
 */
export async function requireApiKey(req: FastifyRequest): Promise<void> {
  const value = keyFromRequest(req);
  if (!value) throw unauthorized(messages.apiKeys.invalid);
  const { db } = req.server.deps;
  const keys = apiKeysRepository(db);
  const key = await keys.findByHash(sha256(value));
  if (!key) throw unauthorized(messages.apiKeys.invalid);
  // A runaway integration is stopped before it floods the activity log (shared counts with REDIS_URL).
  const { allowed, retryAfterMs } = await req.server.deps.limiter.hit(
    `api-key:${key.id}`,
    API_KEY_CALLS_PER_MINUTE,
    60_000,
  );
  if (!allowed) throw tooManyRequests(undefined, undefined, retryAfterMs);
  const now = Date.now();
  if (!key.last_used_at || now - Date.parse(key.last_used_at) >= SEEN_EVERY_MS)
    await keys.markUsed(key.account_id, key.id, new Date(now).toISOString());
  await recordActivity(db, {
    accountId: key.account_id,
    userId: null,
    action: 'api_key.used',
    details: { key_id: key.id, key_name: key.key_name, method: req.method, path: req.url.slice(0, 300) },
  });
  req.apiKeyCaller = {
    accountId: key.account_id,
    userId: null,
    stationId: null,
    employeeRef: null,
    permissions: new Set(apiKeyPermissions(scopesOf(key))),
    departments: 'all',
    apiKeyId: key.id,
  };
}

export function apiKeyCallerOf(req: FastifyRequest): ApiKeyCaller {
  if (!req.apiKeyCaller) throw unauthorized(messages.apiKeys.invalid);
  return req.apiKeyCaller;
}
