import {
  type changePasswordBody,
  type LoginResponse,
  messages,
  type passwordUpdateBody,
  type registerBody,
} from '@punchclock/contract';
import type { z } from 'zod';
import { requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import { createPasswordLink, verifyPasswordLink } from '../../auth/password-links';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import { newOpaqueToken } from '../../auth/tokens';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../unit-of-work';
import {
  conflict,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { RateLimiter } from '../../lib/rate-limiter';
import { addMinutes, isValidTimeZone, nowIso } from '../../lib/time';
import type { AuthRepositories, AuthRepository } from './auth.repository';

const ACCESS_TOKEN_DAYS = 30;
const LOGIN_WINDOW_MS = 60_000;

export interface AuthServiceDeps {
  repos: AuthRepositories;
  inTransaction: UnitOfWork<AuthRepositories>;
  config: Pick<AppConfig, 'appSecret' | 'publicUrl' | 'loginRateLimit'>;
  mailer: Mailer;
  limiter: RateLimiter;
}

export function authService({ repos, inTransaction, config, mailer, limiter }: AuthServiceDeps) {
  const repo = repos.auth;

  async function issueAccessToken(auth: AuthRepository, accountId: number, userId: number): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await auth.insertToken(accountId, {
      user_id: userId,
      kind: 'access',
      token_hash: hash,
      expires_at: addMinutes(nowIso(), ACCESS_TOKEN_DAYS * 24 * 60),
    });
    return token;
  }

  const passwordLink = (
    auth: AuthRepository,
    opts: { userId: number; accountId: number; email: string },
  ): Promise<string> =>
    createPasswordLink(auth, { secret: config.appSecret, publicUrl: config.publicUrl, ...opts });

  return {
    async register(body: z.output<typeof registerBody>) {
      if (await repo.findUserByEmail(body.email))
        throw conflict(
          messages.registration.emailTaken,
          { email: [messages.registration.emailTaken] },
          'registration.email_taken',
        );
      if (await repo.findUserByUsername(body.username))
        throw conflict(
          messages.registration.usernameTaken,
          { username: [messages.registration.usernameTaken] },
          'registration.username_taken',
        );
      const timeZone = body.time_zone && isValidTimeZone(body.time_zone) ? body.time_zone : 'UTC';
      const passwordHash = await hashPassword(body.password);
      const { userId, accessToken } = await inTransaction(async (r) => {
        const { accountId, userId } = await r.auth.createAccountWithOwner({
          companyName: body.company_name || `${body.name}'s company`,
          timeZone,
          user: {
            name: body.name,
            username: body.username,
            email: body.email,
            phone_number: body.phone_number,
            date_of_birth: body.date_of_birth,
            password_hash: passwordHash,
          },
        });
        await r.activity.record(accountId, {
          userId,
          action: 'account.registered',
          details: { email: body.email },
        });
        return { userId, accessToken: await issueAccessToken(r.auth, accountId, userId) };
      }).catch((e: unknown) => {
        // Two sign-ups racing for one e-mail or username: the unique index decides.
        throw isUniqueViolation(e)
          ? conflict(messages.registration.emailTaken, undefined, 'registration.email_taken')
          : e;
      });
      return {
        message: messages.registration.success,
        user_id: userId,
        access_token: accessToken,
        user_type: 'user' as const,
        username: body.username,
      };
    },

    async login(email: string, password: string, ip: string): Promise<LoginResponse> {
      // Per IP and e-mail (a guessing attack on one account) and per IP (spraying many accounts).
      const perPair = await limiter.hit(`login:${ip}:${email}`, config.loginRateLimit, LOGIN_WINDOW_MS);
      const perIp = await limiter.hit(`login-ip:${ip}`, config.loginRateLimit * 10, LOGIN_WINDOW_MS);
      if (!perPair.allowed || !perIp.allowed)
        throw tooManyRequests(
          messages.login.tooManyAttempts,
          undefined,
          Math.max(perPair.allowed ? 0 : perPair.retryAfterMs, perIp.allowed ? 0 : perIp.retryAfterMs),
        );

      const user = await repo.findUserByEmail(email);
      if (!user) {
        await burnPasswordCheck(password);
        throw unauthorized(messages.login.invalidCredentials);
      }
      if (!(await verifyPassword(user.password_hash, password)))
        throw unauthorized(messages.login.invalidCredentials);
      let employee: { id: number; employee_id: string } | null = null;
      if (user.user_type === 'employee') {
        const row = user.employee_ref
          ? await repo.findEmployee(user.account_id, user.employee_ref)
          : undefined;
        if (!row || row.deleted_at) throw unauthorized(messages.login.invalidCredentials);
        // Site access can be taken away after the invitation: the login then stops working.
        if (!row.permission_site) throw unauthorized(messages.people.siteAccessDenied);
        employee = row;
      }
      await limiter.reset(`login:${ip}:${email}`);
      const token = await inTransaction(async (r) => {
        await r.activity.record(user.account_id, {
          userId: user.id,
          employeeId: employee?.id,
          action: 'user.login',
        });
        return issueAccessToken(r.auth, user.account_id, user.id);
      });
      return {
        message: messages.login.success,
        access_token: token,
        user_type: user.user_type,
        user_id: user.id,
        employee_id: employee?.employee_id ?? null,
        emp_id: employee?.id ?? null,
        username: user.username,
        email: user.email,
      };
    },

    async logout(auth: AuthContext) {
      await inTransaction(async (r) => {
        await r.auth.revokeToken(auth.accountId, auth.tokenId);
        await r.activity.record(auth.accountId, { userId: auth.userId, action: 'user.logout' });
      });
      return { message: messages.logout.success };
    },

    /** Answers the same whether or not the e-mail exists, so the form cannot be used to find accounts. */
    async forgotPassword(email: string, ip: string) {
      const answer = { message: messages.passwords.forgotSent };
      const allowed =
        (await limiter.hit(`forgot:${email}`, 5, 15 * 60_000)).allowed &&
        (await limiter.hit(`forgot-ip:${ip}`, 30, 15 * 60_000)).allowed;
      if (!allowed) throw tooManyRequests();
      const user = await repo.findUserByEmail(email);
      if (user) {
        const link = await inTransaction(async (r) => {
          await r.activity.record(user.account_id, { userId: user.id, action: 'password.reset_requested' });
          return passwordLink(r.auth, { userId: user.id, accountId: user.account_id, email: user.email });
        });
        await mailer.send({
          to: user.email,
          subject: 'Reset your Punchclock password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Punchclock account. To choose a new password, open this link within 60 minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
          links: [link],
        });
      }
      return answer;
    },

    async updatePassword(body: z.output<typeof passwordUpdateBody>) {
      const row = await verifyPasswordLink(repo, config.appSecret, body);
      const user = await repo.findUser(row.account_id, row.user_id);
      if (!user || user.email !== body.email) throw unprocessable(messages.passwords.linkInvalid);
      const passwordHash = await hashPassword(body.password);
      await inTransaction(async (r) => {
        if (!(await r.auth.consumePasswordToken(user.account_id, row.id, user.id, passwordHash)))
          throw unprocessable(messages.passwords.linkUsed);
        await r.activity.record(user.account_id, { userId: user.id, action: 'password.updated_by_link' });
      });
      return { message: messages.passwords.updated };
    },

    async changePassword(auth: AuthContext, body: z.output<typeof changePasswordBody>) {
      assertOwnUserId(auth, body.user_id);
      requireAccess(auth, 'profile:write');
      const user = await repo.findUser(auth.accountId, auth.userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        throw unprocessable(messages.passwords.currentWrong, {
          current_password: [messages.passwords.currentWrong],
        });
      }
      // A "change" to the same password would sign out every other session for nothing.
      if (body.new_password === body.current_password)
        throw unprocessable(messages.passwords.sameAsCurrent, {
          new_password: [messages.passwords.sameAsCurrent],
        });
      const passwordHash = await hashPassword(body.new_password);
      await inTransaction(async (r) => {
        await r.auth.changePassword(auth.accountId, user.id, passwordHash, auth.tokenId);
        await r.activity.record(auth.accountId, { userId: auth.userId, action: 'password.changed' });
      });
      return { message: messages.passwords.changed };
    },

    /** The link of an invitation mail (employees): a password link like the reset one. */
    createPasswordLink: (opts: { userId: number; accountId: number; email: string }) =>
      passwordLink(repo, opts),
  };
}
