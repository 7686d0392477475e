import {
  API_KEY_SCOPE_NAMES,
  type apiKeyCreateBody,
  type ApiKeyView,
  maskApiKey,
  messages,
} from '@punchclock/contract';
import type { z } from 'zod';
import { requireAccess } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import { sha256 } from '../../auth/tokens';
import { loggedRemoval } from '../logged-removal';
import type { UnitOfWork } from '../unit-of-work';
import { conflictOnUnique, found, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ApiKeyRow, ApiKeysRepos } from './api-keys.repository';
import type { KeyVault } from './key-vault';

type CreateInput = z.output<typeof apiKeyCreateBody>;
type Row = ApiKeyRow;

export const scopesOf = (row: Pick<Row, 'scopes'>) => row.scopes.split(',').filter(Boolean);

/**
 * API keys (docs/RULES.md#api-keys): made, listed (values masked), revealed, renamed and deleted by the
 * account's managers.
 */
export function apiKeysService({
  repos,
  inTransaction,
  vault,
}: {
  repos: ApiKeysRepos;
  inTransaction: UnitOfWork<ApiKeysRepos>;
  vault: KeyVault;
}) {
  const view = (r: Row): ApiKeyView => ({
    id: r.id,
    key_name: r.key_name,
    key_value: maskApiKey(vault.open(r.account_id, r.key_value) ?? ''),
    scopes: scopesOf(r),
    last_used_at: r.last_used_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  });

  const mustFind = async (r: ApiKeysRepos, auth: AuthContext, id: number) =>
    found(await r.keys.find(auth.accountId, id), messages.apiKeys.notFound);

  const valueTaken = conflictOnUnique('key_value', messages.apiKeys.valueTaken, 'api_key.value_taken');

  return {
    async list(auth: AuthContext) {
      requireAccess(auth, 'apikeys:read');
      return { all_keys: (await repos.keys.list(auth.accountId)).map(view) };
    },

    /** Stores the value sealed and its SHA-256 (never the value itself); scopes default to every read scope. */
    async create(auth: AuthContext, body: CreateInput) {
      requireAccess(auth, 'apikeys:write');
      const scopes = [...new Set(body.scopes ?? API_KEY_SCOPE_NAMES)];
      const at = nowIso();
      return inTransaction(async (r) => {
        const id = await r.keys.insert(auth.accountId, {
          key_name: body.key_name,
          key_value: vault.seal(auth.accountId, body.key_value),
          key_hash: sha256(body.key_value),
          scopes: scopes.join(','),
          created_at: at,
          updated_at: at,
        });
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'api_key.created',
          details: { id, key_name: body.key_name, scopes },
        });
        return { message: messages.apiKeys.created, data: view(await mustFind(r, auth, id)) };
      }).catch(valueTaken);
    },

    async reveal(auth: AuthContext, id: number) {
      requireAccess(auth, 'apikeys:read');
      return inTransaction(async (r) => {
        const key = await mustFind(r, auth, id);
        const value = vault.open(auth.accountId, key.key_value);
        // Sealed under another APP_SECRET: the value cannot be shown; the key still works by its hash.
        if (value === null) throw notFound(messages.apiKeys.notFound);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'api_key.revealed',
          details: { id, key_name: key.key_name },
        });
        return { id, key_value: value };
      });
    },

    async rename(auth: AuthContext, id: number, keyName: string) {
      requireAccess(auth, 'apikeys:write');
      return inTransaction(async (r) => {
        const old = await mustFind(r, auth, id);
        await r.keys.rename(auth.accountId, id, keyName, nowIso());
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'api_key.renamed',
          details: { id, old: old.key_name, new: keyName },
        });
        return { message: messages.apiKeys.updated, data: view(await mustFind(r, auth, id)) };
      });
    },

    /** The key stops working at once: the next call looks its hash up and finds nothing. */
    remove: loggedRemoval(inTransaction, {
      permission: 'apikeys:write',
      find: mustFind,
      remove: (r, accountId, id) => r.keys.remove(accountId, id),
      logged: (old, id) => ({ action: 'api_key.deleted', details: { id, key_name: old.key_name } }),
      message: messages.apiKeys.deleted,
    }),
  };
}
