import type { Insertable, Kysely } from 'kysely';
import type { AuthTokensTable, DB, UsersTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { activityRepository } from '../activity/activity.repository';

export interface SessionRow {
  token_id: number;
  user_id: number;
  account_id: number;
  owner_user_id: number | null;
  user_type: 'user' | 'employee';
  employee_ref: number | null;
  /** An administrator's departments (migration 008): null for the whole account. */
  department_access: string | null;
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

export type NewToken = Pick<Insertable<AuthTokensTable>, 'user_id' | 'kind' | 'token_hash' | 'expires_at'>;

/**
 * Users, sessions and password links. Sign-up and login find a user by e-mail or username before any account
 * is known (both are unique across accounts); session and password-link look-ups go by the secret's hash and
 * answer the row with its account_id. Everything else is account first.
 */
export function authRepository(db: Kysely<DB>) {
  /** Ends a user's other sessions and links (after a password change, only the calling token stays). */
  const revokeOtherTokens = (accountId: number, userId: number, keepTokenId: number, at: string) =>
    db
      .updateTable('auth_tokens')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('id', '!=', keepTokenId)
      .execute();

  const setPassword = (accountId: number, userId: number, passwordHash: string, at: string) =>
    db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .execute();

  return {
    /** The account, its owner and its settings row; run it in a unit of work so all three commit together. */
    async createAccountWithOwner(input: {
      companyName: string;
      timeZone: string;
      user: Pick<
        UsersTable,
        'name' | 'username' | 'email' | 'phone_number' | 'date_of_birth' | 'password_hash'
      >;
    }): Promise<{ accountId: number; userId: number }> {
      const at = nowIso();
      const account = await db
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
      const user = await db
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
      await db.updateTable('accounts').set({ owner_user_id: user.id }).where('id', '=', account.id).execute();
      await db
        .insertInto('settings')
        .values({ account_id: account.id, company_name: input.companyName, created_at: at, updated_at: at })
        .execute();
      return { accountId: account.id, userId: user.id };
    },

    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserByUsername(username: string) {
      return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    },

    findUser(accountId: number, userId: number) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The employee record behind an employee's login, deleted or not (login tells the two apart). */
    findEmployee(accountId: number, employeeRef: number) {
      return db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'deleted_at', 'permission_site'])
        .where('account_id', '=', accountId)
        .where('id', '=', employeeRef)
        .executeTakeFirst();
    },

    async insertToken(accountId: number, token: NewToken) {
      await db
        .insertInto('auth_tokens')
        .values({ ...token, account_id: accountId, created_at: nowIso() })
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
          'users.department_access',
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

    async revokeToken(accountId: number, tokenId: number) {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', tokenId)
        .execute();
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
     * Sets the password and consumes the link; run it in a unit of work. The conditional update makes the
     * link single-use even when two requests race: only one sees used_at still null.
     */
    async consumePasswordToken(
      accountId: number,
      tokenId: number,
      userId: number,
      passwordHash: string,
    ): Promise<boolean> {
      const at = nowIso();
      const used = await db
        .updateTable('auth_tokens')
        .set({ used_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', tokenId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await setPassword(accountId, userId, passwordHash, at);
      // A new password ends every other session and every other outstanding link.
      await revokeOtherTokens(accountId, userId, tokenId, at);
      return true;
    },

    /** A new password keeps only the calling session; run it in a unit of work. */
    async changePassword(accountId: number, userId: number, passwordHash: string, keepTokenId: number) {
      const at = nowIso();
      await setPassword(accountId, userId, passwordHash, at);
      await revokeOtherTokens(accountId, userId, keepTokenId, at);
    },

    /** The login (user_type employee) behind an employee record, if any. */
    employeeLoginOf: (accountId: number, employeeRef: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .executeTakeFirst(),

    async insertEmployeeLogin(
      accountId: number,
      values: Pick<UsersTable, 'employee_ref' | 'name' | 'email'>,
    ): Promise<number> {
      const at = nowIso();
      const row = await db
        .insertInto('users')
        .values({
          ...values,
          account_id: accountId,
          user_type: 'employee',
          username: values.email,
          phone_number: null,
          date_of_birth: null,
          password_hash: null,
          profile_image: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateEmployeeLogin(accountId: number, userId: number, values: Pick<UsersTable, 'name' | 'email'>) {
      await db
        .updateTable('users')
        .set({ ...values, username: values.email, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', userId)
        .execute();
    },

    /** Ends every session of the logins behind the given employee records. */
    async revokeEmployeeSessions(accountId: number, employeeRefs: number[]) {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .where('user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('id')
            .where('account_id', '=', accountId)
            .where('employee_ref', 'in', employeeRefs),
        )
        .execute();
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;

export const authRepositories = (db: Kysely<DB>) => ({
  auth: authRepository(db),
  activity: activityRepository(db),
});
export type AuthRepositories = ReturnType<typeof authRepositories>;
