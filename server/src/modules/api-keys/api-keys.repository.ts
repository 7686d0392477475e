import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DB } from '../../db/schema';
import { deleteRows } from '../../db/account-rows';
import { activityRepository } from '../activity/activity.repository';

/** An API key as stored (its value only as a hash and sealed). */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The account's API keys; account first, except the lookup by hash that finds whose key it is. */
export function apiKeysRepository(db: Kysely<DB>) {
  return {
    list: (accountId: number) =>
      db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),

    find: (accountId: number, id: number) =>
      db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The key a caller presents, by the SHA-256 of its value (the unique index api_keys_hash). */
    findByHash: (hash: string) =>
      db
        .selectFrom('api_keys')
        .select(['id', 'account_id', 'key_name', 'scopes', 'last_used_at'])
        .where('key_hash', '=', hash)
        .executeTakeFirst(),

    insert: async (accountId: number, values: Omit<Insertable<ApiKeysTable>, 'account_id'>) =>
      (
        await db
          .insertInto('api_keys')
          .values({ ...values, account_id: accountId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    rename: async (accountId: number, id: number, keyName: string, at: string) => {
      await db
        .updateTable('api_keys')
        .set({ key_name: keyName, updated_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    remove: async (accountId: number, id: number) => {
      await deleteRows(db, 'api_keys', accountId, 'id', id);
    },

    markUsed: async (accountId: number, id: number, at: string) => {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },
  };
}

export const apiKeysRepositories = (db: Kysely<DB>) => ({
  keys: apiKeysRepository(db),
  activity: activityRepository(db),
});
export type ApiKeysRepos = ReturnType<typeof apiKeysRepositories>;
