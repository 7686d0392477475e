import {
  type Adjustment,
  type AdjustmentBody,
  type AdjustmentPay,
  type AdjustmentsQuery,
  adjustmentMessages as text,
} from '@punchclock/contract';
import { type Caller, reachable, reachOf, requireAccess } from '../../auth/access';
import { AppError, forbidden, unprocessable } from '../../lib/errors';
import { localDay, nowIso } from '../../lib/time';
import { adjustmentCents, adjustmentMultiplier } from '../time/pay/adjustment';
import { ruleVersionsOf } from '../time/pay/period-pay';
import { ruleSetOn } from '../time/pay/pipeline';
import { withRateChanges } from '../time/period';
import { rateOn } from '../time/rates';
import { timeRulesFor } from '../time/time-rules';
import type { UnitOfWork } from '../unit-of-work';
import type { AdjustmentsRepositories } from './adjustments.repositories';

type Row = NonNullable<Awaited<ReturnType<AdjustmentsRepositories['adjustments']['find']>>>;

const view = ({ department_id: _, multiplier_milli, pay, ...r }: Row): Adjustment => ({
  ...r,
  pay: pay as AdjustmentPay,
  multiplier: multiplier_milli / 1000,
});

/**
 * Adjustments (docs/RULES.md#adjustments): a manager's correction of a day of an approved pay period, paid in the
 * period open when it is recorded. Managers only (an employee's own punch rights do not reach it); a
 * department-scoped administrator records and sees adjustments of their departments' employees only.
 */
export function adjustmentsService(deps: {
  repos: AdjustmentsRepositories;
  inTransaction: UnitOfWork<AdjustmentsRepositories>;
  now?: () => Date;
}) {
  const { repos, inTransaction, now = () => new Date() } = deps;
  const rulesOf = timeRulesFor(repos.settings);

  function requireManager(caller: Caller) {
    if (requireAccess(caller, 'punches:update', { forbiddenMessage: text.managersOnly }) !== 'all')
      throw forbidden(text.managersOnly);
  }

  /** The employee (a deleted one too: a day they worked may still be owed) the caller reaches, else 404. */
  async function employeeOf(caller: Caller, ref: number) {
    return reachable(caller, await repos.people.employeeById(caller.accountId, ref));
  }

  /** The rate and multiplier of the corrected day: its rate change and pay-rule version (time engine). */
  async function payOn(
    accountId: number,
    e: { id: number; hourly_rate_cents: number },
    day: string,
    pay: AdjustmentPay,
  ) {
    const [withRates] = await withRateChanges(repos.people, accountId, [
      { id: e.id, rateCents: e.hourly_rate_cents },
    ]);
    const versions = ruleVersionsOf(await repos.people.payRuleVersions(accountId));
    const rateCents = rateOn(withRates, day);
    const multiplier = adjustmentMultiplier(pay, ruleSetOn(versions, day).rules);
    return { rateCents, multiplier };
  }

  async function found(caller: Caller, id: number) {
    return reachable(caller, await repos.adjustments.find(caller.accountId, id), text.notFound);
  }

  return {
    /** GET /api/adjustments: those correcting or paid on a day of the span. */
    async list(caller: Caller, q: AdjustmentsQuery) {
      requireManager(caller);
      const rows = await repos.adjustments.between(
        caller.accountId,
        q.start_date,
        q.end_date,
        reachOf(caller),
      );
      return { data: rows.map(view) };
    },

    /**
     * POST /api/adjustments: only for a day of an approved pay period (422 otherwise: its punches are corrected
     * instead). Its pay is fixed now, at the corrected day's rate and multiplier, and paid on today's local day.
     */
    async create(caller: Caller, body: AdjustmentBody) {
      requireManager(caller);
      const { accountId } = caller;
      const e = await employeeOf(caller, body.employee_id);
      if (!(await repos.adjustments.approvedPeriodOn(accountId, body.date)))
        throw unprocessable(
          text.notLocked(body.date),
          { date: [text.notLocked(body.date)] },
          'adjustment.not_locked',
        );
      const { rateCents, multiplier } = await payOn(accountId, e, body.date, body.pay);
      const rules = await rulesOf(accountId);
      const row = {
        account_id: accountId,
        employee_ref: e.id,
        date: body.date,
        paid_on: localDay(now(), rules.zone),
        minutes: body.minutes,
        pay: body.pay,
        rate_cents: rateCents,
        multiplier_milli: Math.round(multiplier * 1000),
        cents: adjustmentCents(body.minutes, rateCents, multiplier),
        note: body.note,
        created_by: caller.userId,
        created_at: nowIso(),
      };
      const id = await inTransaction(async (r) => {
        const id = await r.adjustments.insert(row);
        await r.activity.record(accountId, {
          userId: caller.userId,
          employeeId: e.id,
          action: 'adjustment.created',
          details: { id, ...body, employee_id: e.employee_id, paid_on: row.paid_on, cents: row.cents },
        });
        return id;
      });
      return { message: text.created, data: view(await found(caller, id)) };
    },

    /** DELETE /api/adjustments/:id: while the period it is paid in is open (423 once that one is approved). */
    async remove(caller: Caller, id: number) {
      requireManager(caller);
      const row = await found(caller, id);
      const { accountId } = caller;
      await inTransaction(async (r) => {
        const locked = await r.adjustments.approvedPeriodOn(accountId, row.paid_on);
        if (locked)
          throw new AppError(
            423,
            text.paidLocked(locked.start_date, locked.end_date),
            undefined,
            'period.locked',
          );
        await r.adjustments.remove(accountId, id);
        await r.activity.record(accountId, {
          userId: caller.userId,
          employeeId: row.employee_ref,
          action: 'adjustment.deleted',
          details: { id, date: row.date, paid_on: row.paid_on, minutes: row.minutes, cents: row.cents },
        });
      });
      return { message: text.deleted };
    },
  };
}
