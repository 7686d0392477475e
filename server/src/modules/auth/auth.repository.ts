import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { nowIso } from '../../lib/time';

export interface SessionRow {
  token_id: number;
  user_id: number;
  account_id: number;
  owner_user_id: number | null;
  user_type: 'user' | 'employee';
  employee_ref: number | null;
  /** The employee's permission flags (null for a manager): named access is resolved from them. */
  permission_app: number | null;
  permission_site: number | null;
  create_time_entries: number | null;
  edit_time_entries: number | null;
  punch_in_out: number | null;
  run_reports: number | null;
  view_gps_location: number | null;
  view_pay_information: number | null;
}

export function authRepository(db: Database) {
  return {
    async createAccountWithOwner(input: {
      companyName: string;
      timeZone: string;
      user: Pick<
        UsersTable,
        'name' | 'username' | 'email' | 'phone_number' | 'date_of_birth' | 'password_hash'
      >;
    }): Promise<{ accountId: number; userId: number }> {
      return db.transaction().execute(async (trx) => {
        const at = nowIso();
        const account = await trx
          .insertInto('accounts')
          .values({
            company_name: input.companyName,
            time_zone: input.timeZone,
            plan: 'basic',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const user = await trx
          .insertInto('users')
          .values({
            ...input.user,
            account_id: account.id,
            user_type: 'user',
            employee_ref: null,
            profile_image: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('accounts')
          .set({ owner_user_id: user.id })
          .where('id', '=', account.id)
          .execute();
        await trx
          .insertInto('settings')
          .values({ account_id: account.id, company_name: input.companyName, created_at: at, updated_at: at })
          .execute();
        return { accountId: account.id, userId: user.id };
      });
    },

    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserByUsername(username: string) {
      return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    },

    findUserById(userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .selectAll('users')
        .select(['accounts.company_name', 'accounts.time_zone'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    findEmployeeCode(employeeRef: number) {
      return db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'deleted_at', 'permission_site'])
        .where('id', '=', employeeRef)
        .executeTakeFirst();
    },

    async insertToken(t: {
      userId: number;
      accountId: number;
      kind: 'access' | 'password';
      hash: string;
      expiresAt: string;
    }) {
      await db
        .insertInto('auth_tokens')
        .values({
          user_id: t.userId,
          account_id: t.accountId,
          kind: t.kind,
          token_hash: t.hash,
          created_at: nowIso(),
          expires_at: t.expiresAt,
        })
        .execute();
    },

    /** A live access token's session: not revoked, not expired, and its employee (if any) not deleted. */
    findSession(hash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('auth_tokens')
        .innerJoin('users', 'users.id', 'auth_tokens.user_id')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .leftJoin('employees', 'employees.id', 'users.employee_ref')
        .select([
          'auth_tokens.id as token_id',
          'users.id as user_id',
          'users.account_id',
          'accounts.owner_user_id',
          'users.user_type',
          'users.employee_ref',
          'employees.permission_app',
          'employees.permission_site',
          'employees.create_time_entries',
          'employees.edit_time_entries',
          'employees.punch_in_out',
          'employees.run_reports',
          'employees.view_gps_location',
          'employees.view_pay_information',
        ])
        .where('auth_tokens.token_hash', '=', hash)
        .where('auth_tokens.kind', '=', 'access')
        .where('auth_tokens.revoked_at', 'is', null)
        .where('auth_tokens.expires_at', '>', nowIso())
        .where('employees.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async revokeToken(tokenId: number) {
      await db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('id', '=', tokenId).execute();
    },

    findPasswordToken(hash: string) {
      return db
        .selectFrom('auth_tokens')
        .select(['id', 'user_id', 'account_id', 'expires_at', 'used_at', 'revoked_at'])
        .where('token_hash', '=', hash)
        .where('kind', '=', 'password')
        .executeTakeFirst();
    },

    /**
     * Sets the password and consumes the link in one transaction. The conditional update makes the link
     * single-use even when two requests race: only one sees used_at still null.
     */
    async consumePasswordToken(tokenId: number, userId: number, passwordHash: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = nowIso();
        const used = await trx
          .updateTable('auth_tokens')
          .set({ used_at: at })
          .where('id', '=', tokenId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: at })
          .where('id', '=', userId)
          .execute();
        // A new password ends every other session and every other outstanding link.
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('id', '!=', tokenId)
          .execute();
        return true;
      });
    },

    async changePassword(userId: number, passwordHash: string, keepTokenId: number) {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: at })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('id', '!=', keepTokenId)
          .execute();
      });
    },

    async setProfileImage(userId: number, file: string) {
      await db
        .updateTable('users')
        .set({ profile_image: file, updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
