import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteRows } from '../../db/account-rows';
import { nameOrder } from '../../db/keyset';
import { noteRows } from '../../db/ledger';
import { nowIso } from '../../lib/time';
import { activityRepository } from '../activity/activity.repository';
import { authRepository } from '../auth/auth.repository';

/** The account row's plan and the account's managers; account first. */
export function accountRepository(db: Kysely<DB>) {
  return {
    plan: async (accountId: number) =>
      (await db.selectFrom('accounts').select('plan').where('id', '=', accountId).executeTakeFirstOrThrow())
        .plan,

    companyName: async (accountId: number) =>
      (
        await db
          .selectFrom('accounts')
          .select('company_name')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).company_name,

    setPlan: async (accountId: number, plan: string, at: string) => {
      await db.updateTable('accounts').set({ plan, updated_at: at }).where('id', '=', accountId).execute();
    },

    /** The users who manage the account (type `user`), the owner first, then by name. */
    administrators: (accountId: number) =>
      db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .select(['u.id', 'u.name', 'u.email', 'u.department_access', 'u.created_at', 'a.owner_user_id'])
        .where('u.account_id', '=', accountId)
        .where('u.user_type', '=', 'user')
        .orderBy((eb) => eb.case().when('u.id', '=', eb.ref('a.owner_user_id')).then(0).else(1).end())
        .orderBy('u.name')
        .orderBy('u.id')
        .execute(),

    /** A manager login of the account with no password yet (the invitation mail sets it). */
    insertAdministrator: async (
      accountId: number,
      who: { name: string; email: string; department_access: string | null },
    ): Promise<number> => {
      const at = nowIso();
      const row = await db
        .insertInto('users')
        .values({
          account_id: accountId,
          user_type: 'user',
          employee_ref: null,
          name: who.name,
          email: who.email,
          username: who.email,
          phone_number: null,
          date_of_birth: null,
          password_hash: null,
          profile_image: null,
          department_access: who.department_access,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** What a (non-owner) manager manages: null for the whole account, else department ids. */
    setDepartmentAccess: async (accountId: number, userId: number, access: string | null) => {
      await db
        .updateTable('users')
        .set({ department_access: access, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .where('user_type', '=', 'user')
        .execute();
    },

    /** The account's current departments (id and name) among `ids`, or all of them. */
    departments: (accountId: number, ids?: readonly number[]) =>
      db
        .selectFrom('departments')
        .select(['id', 'dp_name'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$if(!!ids, (q) => q.where('id', 'in', [...ids!, -1]))
        .orderBy(nameOrder('dp_name'))
        .execute(),

    /** Removes a manager login: its sessions and links first (they name it), then the user row. */
    removeAdministrator: async (accountId: number, userId: number) => {
      await deleteRows(db, 'auth_tokens', accountId, 'user_id', userId);
      const theirs = await db
        .selectFrom('activity_logs')
        .select('id')
        .where('account_id', '=', accountId)
        .where('user_id', '=', userId)
        .execute();
      await db
        .deleteFrom('users')
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .where('user_type', '=', 'user')
        .execute();
      // Their log entries lost their user (ON DELETE SET NULL): the ledger seals them as they are now.
      for (let i = 0; i < theirs.length; i += 500) {
        const rows = await db
          .selectFrom('activity_logs')
          .selectAll()
          .where('account_id', '=', accountId)
          .where(
            'id',
            'in',
            theirs.slice(i, i + 500).map((r) => r.id),
          )
          .execute();
        await noteRows(db, 'activity_logs', 'update', rows);
      }
    },
  };
}

export const accountRepositories = (db: Kysely<DB>) => ({
  account: accountRepository(db),
  activity: activityRepository(db),
  logins: authRepository(db),
});
export type AccountRepos = ReturnType<typeof accountRepositories>;
