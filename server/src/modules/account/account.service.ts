import { messages, PLAN_SEATS, PLANS, type PlanAnswer, type PlanId } from '@punchclock/contract';
import { requireAccess } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../../db/unit-of-work';
import { unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AccountRepos } from './account.repository';

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
}: {
  repos: AccountRepos;
  inTransaction: UnitOfWork<AccountRepos>;
}) {
  async function planOf(r: AccountRepos, accountId: number): Promise<PlanAnswer> {
    const plan = known(await r.account.plan(accountId));
    const administrators = (await r.account.administrators(accountId)).length;
    return { plan, seats: PLAN_SEATS[plan], administrators, payments: false };
  }

  return {
    async administrators(auth: AuthContext) {
      requireAccess(auth, 'account:read');
      const rows = await repos.account.administrators(auth.accountId);
      return {
        data: rows.map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          role: u.id === u.owner_user_id ? ('Owner' as const) : ('Administrator' as const),
          // Department-scoped administrators come with inviting them; every administrator today has full access.
          permissions: 'Full' as const,
          departments: 'All' as const,
          created_at: u.created_at,
        })),
      };
    },

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
