import { messages, type LoginResponse } from '@punchclock/contract';
import type { z } from 'zod';
import type { changePasswordBody, passwordUpdateBody, registerBody } from '@punchclock/contract';
import { createPasswordLink, verifyPasswordLink } from '../../auth/password-links';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import { newOpaqueToken } from '../../auth/tokens';
import type { AuthContext } from '../../auth/guards';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import {
  conflict,
  isUniqueViolation,
  tooManyRequests,
  unauthorized,
  unprocessable,
  notFound,
} from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { RateLimiter } from '../../lib/rate-limiter';
import { addMinutes, isValidTimeZone, nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';
import { authRepository } from './auth.repository';

const ACCESS_TOKEN_DAYS = 30;
const LOGIN_WINDOW_MS = 60_000;

export interface AuthServiceDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  limiter: RateLimiter;
}

export function authService({ db, config, mailer, limiter }: AuthServiceDeps) {
  const repo = authRepository(db);

  async function issueAccessToken(userId: number, accountId: number): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await repo.insertToken({
      userId,
      accountId,
      kind: 'access',
      hash,
      expiresAt: addMinutes(nowIso(), ACCESS_TOKEN_DAYS * 24 * 60),
    });
    return token;
  }

  return {
    async register(body: z.output<typeof registerBody>) {
      if (await repo.findUserByEmail(body.email))
        throw conflict(messages.registration.emailTaken, { email: [messages.registration.emailTaken] });
      if (await repo.findUserByUsername(body.username))
        throw conflict(messages.registration.usernameTaken, {
          username: [messages.registration.usernameTaken],
        });
      const timeZone = body.time_zone && isValidTimeZone(body.time_zone) ? body.time_zone : 'UTC';
      let ids: { accountId: number; userId: number };
      try {
        ids = await repo.createAccountWithOwner({
          companyName: body.company_name || `${body.name}'s company`,
          timeZone,
          user: {
            name: body.name,
            username: body.username,
            email: body.email,
            phone_number: body.phone_number,
            date_of_birth: body.date_of_birth,
            password_hash: await hashPassword(body.password),
          },
        });
      } catch (e) {
        // Two sign-ups racing for one e-mail or username: the unique index decides.
        if (isUniqueViolation(e)) throw conflict(messages.registration.emailTaken);
        throw e;
      }
      await recordActivity(db, {
        accountId: ids.accountId,
        userId: ids.userId,
        action: 'account.registered',
        details: { email: body.email },
      });
      const accessToken = await issueAccessToken(ids.userId, ids.accountId);
      return {
        message: messages.registration.success,
        user_id: ids.userId,
        access_token: accessToken,
        user_type: 'user' as const,
        username: body.username,
      };
    },

    async login(email: string, password: string, ip: string): Promise<LoginResponse> {
      // Per IP and e-mail (a guessing attack on one account) and per IP (spraying many accounts).
      const perPair = await limiter.hit(`login:${ip}:${email}`, config.loginRateLimit, LOGIN_WINDOW_MS);
      const perIp = await limiter.hit(`login-ip:${ip}`, config.loginRateLimit * 10, LOGIN_WINDOW_MS);
      if (!perPair.allowed || !perIp.allowed) throw tooManyRequests(messages.login.tooManyAttempts);

      const user = await repo.findUserByEmail(email);
      if (!user) {
        await burnPasswordCheck(password);
        throw unauthorized(messages.login.invalidCredentials);
      }
      if (!(await verifyPassword(user.password_hash, password)))
        throw unauthorized(messages.login.invalidCredentials);
      let employee: { id: number; employee_id: string } | null = null;
      if (user.user_type === 'employee') {
        const row = user.employee_ref ? await repo.findEmployeeCode(user.employee_ref) : undefined;
        if (!row || row.deleted_at) throw unauthorized(messages.login.invalidCredentials);
        // Site access can be taken away after the invitation: the login then stops working.
        if (!row.permission_site) throw unauthorized(messages.people.siteAccessDenied);
        employee = row;
      }
      await limiter.reset(`login:${ip}:${email}`);
      const token = await issueAccessToken(user.id, user.account_id);
      await recordActivity(db, {
        accountId: user.account_id,
        userId: user.id,
        employeeId: employee?.id,
        action: 'user.login',
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
      await repo.revokeToken(auth.tokenId);
      await recordActivity(db, { accountId: auth.accountId, userId: auth.userId, action: 'user.logout' });
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
        const link = await createPasswordLink(repo, {
          secret: config.appSecret,
          publicUrl: config.publicUrl,
          userId: user.id,
          accountId: user.account_id,
          email: user.email,
        });
        await mailer.send({
          to: user.email,
          subject: 'Reset your Punchclock password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Punchclock account. To choose a new password, open this link within 60 minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
          links: [link],
        });
        await recordActivity(db, {
          accountId: user.account_id,
          userId: user.id,
          action: 'password.reset_requested',
        });
      }
      return answer;
    },

    async updatePassword(body: z.output<typeof passwordUpdateBody>) {
      const row = await verifyPasswordLink(repo, config.appSecret, body);
      const user = await repo.findUserById(row.user_id);
      if (!user || user.email !== body.email) throw unprocessable(messages.passwords.linkInvalid);
      const ok = await repo.consumePasswordToken(row.id, user.id, await hashPassword(body.password));
      if (!ok) throw unprocessable(messages.passwords.linkUsed);
      await recordActivity(db, {
        accountId: user.account_id,
        userId: user.id,
        action: 'password.updated_by_link',
      });
      return { message: messages.passwords.updated };
    },

    async changePassword(auth: AuthContext, body: z.output<typeof changePasswordBody>) {
      const user = await repo.findUserById(auth.userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        throw unprocessable(messages.passwords.currentWrong, {
          current_password: [messages.passwords.currentWrong],
        });
      }
      await repo.changePassword(user.id, await hashPassword(body.new_password), auth.tokenId);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'password.changed',
      });
      return { message: messages.passwords.changed };
    },

    createPasswordLink: (opts: { userId: number; accountId: number; email: string }) =>
      createPasswordLink(repo, { secret: config.appSecret, publicUrl: config.publicUrl, ...opts }),
  };
}
export type AuthService = ReturnType<typeof authService>;
