import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';

/** The account row's plan and the account's managers; account first. */
export function accountRepository(db: Kysely<DB>) {
  return {
    plan: async (accountId: number) =>
      (
        await db
          .selectFrom('accounts')
          .select('plan')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).plan,

    setPlan: async (accountId: number, plan: string, at: string) => {
      await db.updateTable('accounts').set({ plan, updated_at: at }).where('id', '=', accountId).execute();
    },

    /** The users who manage the account (type `user`), the owner first, then by name. */
    administrators: (accountId: number) =>
      db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .select(['u.id', 'u.name', 'u.email', 'u.created_at', 'a.owner_user_id'])
        .where('u.account_id', '=', accountId)
        .where('u.user_type', '=', 'user')
        .orderBy((eb) => eb.case().when('u.id', '=', eb.ref('a.owner_user_id')).then(0).else(1).end())
        .orderBy('u.name')
        .orderBy('u.id')
        .execute(),
  };
}

export const accountRepositories = (db: Kysely<DB>) => ({
  account: accountRepository(db),
  activity: activityRepository(db),
});
export type AccountRepos = ReturnType<typeof accountRepositories>;
