import { EMPLOYEE_FLAGS, messages, type EmployeeBody, type SearchBody } from '@punchclock/contract';
import type { Transaction } from 'kysely';
import type { AuthContext } from '../../auth/guards';
import type { AppDeps } from '../../deps';
import type { DB } from '../../db/schema';
import { hashPin, signBadge } from '../../lib/badges';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors';
import { qrSvgDataUrl } from '../../lib/qr';
import { nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';
import { authRepositories } from '../auth/auth.repository';
import { authService } from '../auth/auth.service';
import { repositories } from '../../db/unit-of-work';
import { employeesRepository } from './employees.repository';
import { checkCustomValues, writeCustomValues } from './fields.service';

type Trx = Transaction<DB>;

/**
 * Flags sent in the body; absent ones keep their value on update. App Login (permission_app) is what lets an
 * employee punch at a time station, so on create it defaults on when not sent; Punch In/Out (punching
 * from their own login) defaults off.
 */
function flagValues(body: EmployeeBody, creating: boolean) {
  const out: Partial<Record<(typeof EMPLOYEE_FLAGS)[number], number>> = {};
  for (const f of EMPLOYEE_FLAGS) if (body[f] !== undefined) out[f] = Number(body[f]);
  if (body.view_gps_location_information !== undefined && body.view_gps_location === undefined)
    out.view_gps_location = Number(body.view_gps_location_information);
  if (creating && out.permission_app === undefined) out.permission_app = 1;
  // Punching from the website is opt-in (the column's old default was on).
  if (creating && out.punch_in_out === undefined) out.punch_in_out = 0;
  return out;
}

/** The spec's bulk ids: `emp_id[]=[1,2,3]`, `emp_id[]=1&emp_id[]=2`, or `emp_id=1,2`. */
export function parseIdList(...raw: unknown[]): number[] {
  const text = raw
    .flat()
    .filter((v) => v !== undefined && v !== null)
    .map(String)
    .join(',');
  const ids = [...text.matchAll(/\d{1,10}/g)]
    .map((m) => Number(m[0]))
    .filter((n) => n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)];
}

export function employeesService(deps: AppDeps) {
  const { db, config } = deps;
  const repo = employeesRepository(db);
  const auth$ = authService({ ...repositories(db, authRepositories), ...deps });

  async function mustFind(auth: AuthContext, id: number, includeDeleted = false) {
    const e = await repo.one(auth.accountId, auth.ownerUserId, id, includeDeleted);
    if (!e) throw notFound(messages.employees.notFound);
    return e;
  }

  /** Rules the database cannot say in words: the department is the account's, the code and e-mail are free. */
  async function checkRules(auth: AuthContext, body: EmployeeBody, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    const dept = await db
      .selectFrom('departments')
      .select('id')
      .where('account_id', '=', auth.accountId)
      .where('id', '=', body.department_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!dept) errors.department_id = [messages.people.departmentNotFound];
    const same = (col: 'employee_id' | 'email', v: string) => {
      let q = db
        .selectFrom('employees')
        .select('id')
        .where('account_id', '=', auth.accountId)
        .where(col, '=', v)
        .where('deleted_at', 'is', null);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return q.executeTakeFirst();
    };
    if (await same('employee_id', body.employee_id)) errors.employee_id = [messages.people.employeeIdTaken];
    if (body.email && (await same('email', body.email))) errors.email = [messages.people.emailTaken];
    if (errors.department_id) throw unprocessable(errors.department_id[0], errors);
    if (Object.keys(errors).length) throw conflict(Object.values(errors)[0][0], errors);
  }

  const uniqueToConflict = (e: unknown) => {
    if (isUniqueViolation(e)) {
      const login = /users/.test(String((e as Error).message));
      throw conflict(
        login ? messages.people.loginEmailTaken : messages.people.employeeIdTaken,
        login ? { email: [messages.people.loginEmailTaken] } : undefined,
      );
    }
    throw e;
  };

  /**
   * Site access with an e-mail gives the employee a login (user_type employee). Answers the e-mail to
   * invite when a new login was made or its e-mail changed; removing site access ends its sessions.
   */
  async function syncLogin(
    trx: Trx,
    auth: AuthContext,
    employeeRef: number,
    name: string,
    email: string | null,
    site: boolean,
  ): Promise<{ userId: number; email: string } | null> {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('employee_ref', '=', employeeRef)
      .executeTakeFirst();
    if (!site || !email) {
      if (user)
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: nowIso() })
          .where('user_id', '=', user.id)
          .where('revoked_at', 'is', null)
          .execute();
      return null;
    }
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '!=', user?.id ?? 0)
      .executeTakeFirst();
    if (taken) throw conflict(messages.people.loginEmailTaken, { email: [messages.people.loginEmailTaken] });
    const at = nowIso();
    if (user) {
      if (user.email === email) return null;
      await trx
        .updateTable('users')
        .set({ email, username: email, name, updated_at: at })
        .where('id', '=', user.id)
        .execute();
      return { userId: user.id, email };
    }
    const row = await trx
      .insertInto('users')
      .values({
        account_id: auth.accountId,
        user_type: 'employee',
        employee_ref: employeeRef,
        name,
        username: email,
        email,
        phone_number: null,
        date_of_birth: null,
        password_hash: null,
        profile_image: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId: row.id, email };
  }

  async function invite(auth: AuthContext, name: string, to: { userId: number; email: string }) {
    const link = await auth$.createPasswordLink({
      userId: to.userId,
      accountId: auth.accountId,
      email: to.email,
    });
    const company = (
      await db
        .selectFrom('accounts')
        .select('company_name')
        .where('id', '=', auth.accountId)
        .executeTakeFirstOrThrow()
    ).company_name;
    await deps.mailer.send({
      to: to.email,
      subject: `${company} invited you to Punchclock`,
      text: `Hello ${name},\n\n${company} gave you access to Punchclock, where you can see your hours and punches.\nChoose your password within 60 minutes with this link:\n\n${link}\n\nThen log in with this e-mail address. If the link has expired, use "Forgot password" on the login page.\n`,
      links: [link],
    });
  }

  async function badge(auth: AuthContext, id: number) {
    const e = await db
      .selectFrom('employees')
      .select(['id', 'employee_id', 'name', 'badge_version'])
      .where('account_id', '=', auth.accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!e) throw notFound(messages.employees.notFound);
    const token = signBadge(config.appSecret, {
      accountId: auth.accountId,
      employeeRef: e.id,
      version: e.badge_version,
    });
    return { employee: e, token, qr_code: await qrSvgDataUrl(token) };
  }

  return {
    repo,
    badge,
    list: (auth: AuthContext) => repo.list(auth.accountId, auth.ownerUserId).then((data) => ({ data })),
    get: (auth: AuthContext, id: number) => mustFind(auth, id, true).then((data) => ({ data })),
    search: (auth: AuthContext, body: SearchBody) =>
      repo.search(auth.accountId, auth.ownerUserId, body).then((employees) => ({ employees })),

    async create(auth: AuthContext, body: EmployeeBody) {
      await checkRules(auth, body);
      const custom = await checkCustomValues(db, auth.accountId, body.custom_fields ?? {});
      const at = nowIso();
      const { id, invitee } = await db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .insertInto('employees')
            .values({
              account_id: auth.accountId,
              department_id: body.department_id,
              employee_id: body.employee_id,
              name: body.name,
              title: body.title || null,
              email: body.email || null,
              hourly_rate_cents: body.hourly_rate ?? 0,
              pin: null,
              status: body.status ?? 'active',
              created_at: at,
              updated_at: at,
              ...flagValues(body, true),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // The PIN hash is bound to the row id, so it is written once the id exists.
          if (body.pin)
            await trx
              .updateTable('employees')
              .set({ pin: hashPin(config.appSecret, row.id, body.pin) })
              .where('id', '=', row.id)
              .execute();
          await writeCustomValues(trx, auth.accountId, row.id, custom);
          const invitee = await syncLogin(
            trx,
            auth,
            row.id,
            body.name,
            body.email || null,
            !!body.permission_site,
          );
          return { id: row.id, invitee };
        })
        .catch(uniqueToConflict);
      if (invitee) await invite(auth, body.name, invitee);
      const data = await mustFind(auth, id);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: id,
        action: 'employee.created',
        details: { new: data },
      });
      return { message: messages.employees.created, data, ...(invitee ? { invited: invitee.email } : {}) };
    },

    async update(auth: AuthContext, id: number, body: EmployeeBody) {
      const old = await mustFind(auth, id);
      await checkRules(auth, body, id);
      const custom = await checkCustomValues(db, auth.accountId, body.custom_fields ?? {}, id);
      const flags = flagValues(body, false);
      const site = flags.permission_site !== undefined ? !!flags.permission_site : old.permission_site;
      const invitee = await db
        .transaction()
        .execute(async (trx) => {
          const pin = body.clear_pin
            ? { pin: null }
            : body.pin
              ? { pin: hashPin(config.appSecret, id, body.pin) }
              : {};
          await trx
            .updateTable('employees')
            .set({
              department_id: body.department_id,
              employee_id: body.employee_id,
              name: body.name,
              title: body.title || null,
              email: body.email || null,
              ...(body.hourly_rate != null ? { hourly_rate_cents: body.hourly_rate } : {}),
              ...(body.status ? { status: body.status } : {}),
              ...pin,
              ...flags,
              updated_at: nowIso(),
            })
            .where('id', '=', id)
            .where('account_id', '=', auth.accountId)
            .execute();
          await writeCustomValues(trx, auth.accountId, id, custom);
          return syncLogin(trx, auth, id, body.name, body.email || null, site);
        })
        .catch(uniqueToConflict);
      if (invitee) await invite(auth, body.name, invitee);
      const data = await mustFind(auth, id);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: id,
        action: 'employee.updated',
        details: { old, new: data },
      });
      return { message: messages.employees.updated, data, ...(invitee ? { invited: invitee.email } : {}) };
    },

    /** Soft delete: punches stay for payroll and reports; the code and e-mail become free; the login stops working. */
    async remove(auth: AuthContext, ids: number[]) {
      if (ids.length === 0) throw unprocessable(messages.people.noIds);
      const found = await db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'name'])
        .where('account_id', '=', auth.accountId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      if (found.length !== ids.length)
        throw notFound(ids.length === 1 ? messages.employees.notFound : messages.people.someNotFound);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('employees')
          .set({ deleted_at: at, updated_at: at })
          .where('account_id', '=', auth.accountId)
          .where('id', 'in', ids)
          .execute();
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: at })
          .where('revoked_at', 'is', null)
          .where(
            'user_id',
            'in',
            trx
              .selectFrom('users')
              .select('id')
              .where('account_id', '=', auth.accountId)
              .where('employee_ref', 'in', ids),
          )
          .execute();
      });
      for (const e of found)
        await recordActivity(db, {
          accountId: auth.accountId,
          userId: auth.userId,
          employeeId: e.id,
          action: 'employee.deleted',
          details: { old: e },
        });
      return ids.length === 1
        ? { message: messages.employees.deleted, deleted: 1 }
        : { message: messages.employees.bulkDeleted, deleted: ids.length };
    },

    async qr(auth: AuthContext, id: number) {
      const b = await badge(auth, id);
      return {
        qr_code: b.qr_code,
        employee_id: b.employee.employee_id,
        name: b.employee.name,
        message: messages.people.qrGenerated,
      };
    },

    /** A new badge version: every card printed before stops working at the stations. */
    async regenerateBadge(auth: AuthContext, id: number) {
      await mustFind(auth, id);
      await db
        .updateTable('employees')
        .set((eb) => ({ badge_version: eb('badge_version', '+', 1), updated_at: nowIso() }))
        .where('id', '=', id)
        .where('account_id', '=', auth.accountId)
        .execute();
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: id,
        action: 'employee.badge_regenerated',
      });
      const b = await badge(auth, id);
      return { message: messages.people.badgeRegenerated, qr_code: b.qr_code };
    },
  };
}
