import {
  type AdminAccess,
  type AdministratorView,
  messages,
  PLAN_SEATS,
  PLANS,
  type PlanAnswer,
  type PlanId,
} from '@punchclock/contract';
import { administratorReach, requireAccess, storedReach } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import { createPasswordLink } from '../../auth/password-links';
import { loggedRemoval } from '../logged-removal';
import type { UnitOfWork } from '../unit-of-work';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { nowIso } from '../../lib/time';
import type { AccountRepos } from './account.repository';

type Access = { access: AdminAccess; department_ids: number[] };

const planName = (id: PlanId) => PLANS.find((p) => p.id === id)!.name;
/** A stored plan the contract no longer names counts as Basic, the smallest. */
const known = (plan: string): PlanId =>
  PLAN_SEATS[plan as PlanId] === undefined ? 'basic' : (plan as PlanId);

/**
 * The account's plan and its administrators (Settings → Administrators, Upgrade Account). This version takes no
 * payment: a plan only sets limits, and changing it changes them at once. A plan with fewer administrator
 * seats than the account already has is refused, saying why.
 */
export function accountService({
  repos,
  inTransaction,
  mail,
}: {
  repos: AccountRepos;
  inTransaction: UnitOfWork<AccountRepos>;
  /** How invitations are sent: the mailer, and what signs and addresses the set-password link. */
  mail: { mailer: Mailer; appSecret: string; publicUrl: string };
}) {
  async function planOf(r: AccountRepos, accountId: number): Promise<PlanAnswer> {
    const plan = known(await r.account.plan(accountId));
    const administrators = (await r.account.administrators(accountId)).length;
    return { plan, seats: PLAN_SEATS[plan], administrators, payments: false };
  }

  async function administratorsOf(r: AccountRepos, accountId: number): Promise<AdministratorView[]> {
    const [users, departments] = await Promise.all([
      r.account.administrators(accountId),
      r.account.departments(accountId),
    ]);
    const nameOf = new Map(departments.map((d) => [d.id, d.dp_name]));
    return users.map((u) => {
      const owner = u.id === u.owner_user_id;
      const reach = administratorReach(u.department_access, owner);
      // A deleted department drops out of the list (its id stays stored, reaching nothing).
      const ids =
        reach === 'all'
          ? null
          : reach.filter((id) => nameOf.has(id)).sort((x, y) => nameOf.get(x)!.localeCompare(nameOf.get(y)!));
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        role: owner ? 'Owner' : 'Administrator',
        access: ids === null ? 'full' : 'departments',
        permissions: ids === null ? 'Full' : 'Departments',
        departments: ids === null ? 'All' : ids.map((id) => nameOf.get(id)).join(', ') || 'None',
        department_ids: ids,
        created_at: u.created_at,
      };
    });
  }

  /** The stored access of a body: null for full access; the department ids, each one of the account's. */
  async function accessOf(r: AccountRepos, accountId: number, body: Access): Promise<string | null> {
    if (body.access === 'full') return null;
    const ids = [...new Set(body.department_ids)];
    const found = await r.account.departments(accountId, ids);
    if (found.length !== ids.length || ids.length === 0)
      throw unprocessable(messages.account.adminDepartmentNotFound, {
        department_ids: [messages.account.adminDepartmentNotFound],
      });
    return storedReach(ids);
  }

  async function sendInvitation(accountId: number, to: { id: number; name: string; email: string }) {
    const link = await createPasswordLink(repos.logins, {
      secret: mail.appSecret,
      publicUrl: mail.publicUrl,
      userId: to.id,
      accountId,
      email: to.email,
    });
    const company = await repos.account.companyName(accountId);
    await mail.mailer.send({
      to: to.email,
      subject: `${company} made you an administrator on Punchclock`,
      text: `Hello ${to.name},\n\nYou can now manage ${company} on Punchclock: employees, punches, reports and settings.\nChoose your password within 60 minutes with this link:\n\n${link}\n\nThen log in with this e-mail address. If the link has expired, use "Forgot password" on the login page.\n`,
      links: [link],
    });
  }

  return {
    async administrators(auth: AuthContext) {
      requireAccess(auth, 'account:read');
      return { data: await administratorsOf(repos, auth.accountId) };
    },

    /**
     * Invites a manager with full access: a login with no password and the set-password mail. Refused (422) when
     * the plan's seats are taken, and (409) when the e-mail already logs in anywhere.
     */
    async invite(auth: AuthContext, who: { name: string; email: string } & Access) {
      requireAccess(auth, 'account:write');
      const invited = await inTransaction(async (r) => {
        const { plan, seats, administrators } = await planOf(r, auth.accountId);
        if (seats !== null && administrators >= seats)
          throw unprocessable(messages.account.seatsFull(planName(plan), seats));
        if (await r.logins.findUserByEmail(who.email))
          throw conflict(
            messages.account.adminEmailTaken,
            { email: [messages.account.adminEmailTaken] },
            'account.admin_email_taken',
          );
        const access = await accessOf(r, auth.accountId, who);
        const id = await r.account.insertAdministrator(auth.accountId, {
          name: who.name,
          email: who.email,
          department_access: access,
        });
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'administrator.invited',
          details: { new: { id, name: who.name, email: who.email, departments: access ?? 'all' } },
        });
        return (await administratorsOf(r, auth.accountId)).find((a) => a.id === id)!;
      });
      await sendInvitation(auth.accountId, invited);
      return { message: messages.account.adminInvited(invited.email), data: invited };
    },

    /**
     * Changes what an administrator manages (full, or chosen departments); it applies to their next request.
     * The owner always keeps full access, so the account always has a full administrator.
     */
    async changeAccess(auth: AuthContext, id: number, body: Access) {
      requireAccess(auth, 'account:write');
      return inTransaction(async (r) => {
        const admin = (await administratorsOf(r, auth.accountId)).find((a) => a.id === id);
        if (!admin) throw notFound(messages.account.adminNotFound);
        if (admin.role === 'Owner') throw unprocessable(messages.account.ownerKeepsFullAccess);
        const access = await accessOf(r, auth.accountId, body);
        await r.account.setDepartmentAccess(auth.accountId, id, access);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'administrator.access_changed',
          details: {
            old: { id, departments: admin.department_ids ?? 'all' },
            new: { id, departments: access ?? 'all' },
          },
        });
        const data = (await administratorsOf(r, auth.accountId)).find((a) => a.id === id)!;
        return { message: messages.account.adminAccessChanged, data };
      });
    },

    /** Removes an administrator and ends their sessions; the owner (always a full administrator) cannot be removed. */
    remove: loggedRemoval(inTransaction, {
      permission: 'account:write',
      find: async (r, auth, id) => {
        const admin = (await administratorsOf(r, auth.accountId)).find((a) => a.id === id);
        if (!admin) throw notFound(messages.account.adminNotFound);
        if (admin.role === 'Owner') throw unprocessable(messages.account.ownerCannotBeRemoved);
        return admin;
      },
      remove: (r, accountId, id) => r.account.removeAdministrator(accountId, id),
      logged: (admin, id) => ({
        action: 'administrator.removed',
        details: { old: { id, name: admin.name, email: admin.email } },
      }),
      message: messages.account.adminRemoved,
    }),

    async plan(auth: AuthContext) {
      requireAccess(auth, 'account:read');
      return planOf(repos, auth.accountId);
    },

    async changePlan(auth: AuthContext, plan: PlanId) {
      requireAccess(auth, 'account:write');
      return inTransaction(async (r) => {
        const before = await planOf(r, auth.accountId);
        const seats = PLAN_SEATS[plan];
        if (seats !== null && before.administrators > seats)
          throw unprocessable(messages.account.planTooSmall(planName(plan), seats, before.administrators));
        if (plan !== before.plan) {
          await r.account.setPlan(auth.accountId, plan, nowIso());
          await r.activity.record(auth.accountId, {
            userId: auth.userId,
            action: 'account.plan_changed',
            details: { old: { plan: before.plan }, new: { plan } },
          });
        }
        return {
          message: messages.account.planChanged(planName(plan)),
          ...(await planOf(r, auth.accountId)),
        };
      });
    },
  };
}
