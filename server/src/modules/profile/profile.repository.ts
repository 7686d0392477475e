import { EMPLOYEE_FLAGS } from '@punchclock/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { activityRepository } from '../activity/activity.repository';
import { settingsRepository } from '../settings/settings.repository';

/** The signed-in user's own record, and the employee record behind an employee's login. */
export function profileRepository(db: Kysely<DB>) {
  const employee = (accountId: number, employeeRef: number) =>
    db
      .selectFrom('employees')
      .where('account_id', '=', accountId)
      .where('id', '=', employeeRef)
      .where('deleted_at', 'is', null);

  return {
    user: (accountId: number, userId: number) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .executeTakeFirst(),

    employeeFlags: (accountId: number, employeeRef: number) =>
      employee(accountId, employeeRef)
        .select([...EMPLOYEE_FLAGS])
        .executeTakeFirst(),

    /** The version of the employee's badge: the one their printed card and QR page carry. */
    badgeVersion: async (accountId: number, employeeRef: number) =>
      (await employee(accountId, employeeRef).select('badge_version').executeTakeFirst())?.badge_version,

    async setImage(accountId: number, userId: number, file: string) {
      await db
        .updateTable('users')
        .set({ profile_image: file, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .execute();
    },
  };
}

export const profileRepositories = (db: Kysely<DB>) => ({
  profile: profileRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
});
export type ProfileRepositories = ReturnType<typeof profileRepositories>;
