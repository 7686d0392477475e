import {
  type DeductionRow,
  EMPTY_PAY_TOTALS,
  type PayTotals,
  messages,
  type WithDeductionsAnswer,
  type WithDeductionsBody,
} from '@punchclock/contract';
import { type Caller, reachable, requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import { badRequest } from '../../lib/errors';
import { localDay } from '../../lib/time';
import type { SettingsRepository } from '../settings/settings.repository';
import { addDays, weekStartOf } from '../time/calendar';
import { periodFigures } from '../time/period';
import { periodPay } from '../time/pay/period-pay';
import { type TimeRules, timeRulesFor } from '../time/time-rules';
import type { EarningsRepository } from './earnings.repository';

type Period = 'daily' | 'weekly' | 'monthly';

/** What one period key (a day, a week, a month) sums of the engine's day figures. */
interface Sums {
  worked: number;
  deducted: number;
  manual: number;
  paid: number;
  /** Cents of the worked minutes (before the Auto deduction): the engine's gross, rounded per day. */
  original: number;
  /** The engine's earnings: the paid minutes' cents, rounded per day. */
  earnings: number;
}
const zero = (): Sums => ({ worked: 0, deducted: 0, manual: 0, paid: 0, original: 0, earnings: 0 });

/** A day's or a period's pay totals as the answer names them. */
const payFields = (t: PayTotals) => ({
  regular_minutes: t.regular,
  overtime_minutes: t.overtime,
  double_time_minutes: t.double_time,
  premium_cents: t.premium_cents,
  gross_cents: t.gross_cents,
});

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0);

/** The deductions of one period key: Auto (taken off the pay) and Manual (recorded, paid), when there are any. */
function deductionsOf(key: string, s: Sums): DeductionRow[] {
  const rows: DeductionRow[] = [];
  if (s.deducted > 0) {
    const amount = s.original - s.earnings;
    rows.push({
      date_or_key: key,
      deduction_type: 'Auto',
      minutes: s.deducted,
      deduction_percentage: percent(amount, s.original),
      original_earnings: s.original,
      deduction_amount: amount,
      earnings_after_deduction: s.earnings,
    });
  }
  if (s.manual > 0)
    rows.push({
      date_or_key: key,
      deduction_type: 'Manual',
      minutes: s.manual,
      deduction_percentage: 0,
      original_earnings: s.earnings,
      deduction_amount: 0,
      earnings_after_deduction: s.earnings,
    });
  return rows;
}

/** The first and last day of the month `day` lies in. */
function monthOf(day: string): { start: string; end: string } {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * Earnings and deductions, and an employee's hours by day: every minute and cent is the time engine's day
 * figures (modules/time/period.ts, the source the reports call), summed by day, week and month.
 */
export function earningsService(deps: {
  repo: EarningsRepository;
  settings: Pick<SettingsRepository, 'timeRulesRow'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const rulesOf = timeRulesFor(deps.settings);
  const now = deps.now ?? (() => new Date());

  /** The employee a call names, in the caller's account; an `own` caller reaches only themself (else 404). */
  async function employeeOf(caller: Caller, action: 'earnings:read' | 'punches:read', ref: number | string) {
    requireAccess(caller, action);
    const e =
      typeof ref === 'number'
        ? await repo.employeeById(caller.accountId, ref)
        : await repo.employeeByCode(caller.accountId, ref);
    requireAccess(caller, action, {
      employeeRef: e?.id ?? -1,
      notFoundMessage: messages.employees.notFound,
    });
    return reachable(caller, e);
  }

  async function figures(
    caller: Caller,
    e: { id: number; hourly_rate_cents: number },
    rules: TimeRules,
    start: string,
    end: string,
  ) {
    return periodFigures(repo, caller.accountId, rules, [{ id: e.id, rateCents: e.hourly_rate_cents }], {
      start,
      end,
      employeeRef: e.id,
    });
  }

  return {
    /** POST /api/with-deductions: one employee's earnings and deductions by day, week and month. */
    async withDeductions(caller: AuthContext, body: WithDeductionsBody): Promise<WithDeductionsAnswer> {
      assertOwnUserId(caller, body.user_id);
      const e = await employeeOf(caller, 'earnings:read', body.employee_id);
      const rules = await rulesOf(caller.accountId);
      const month = monthOf(localDay(now(), rules.zone));
      const start = body.start_date ?? (body.end_date ? monthOf(body.end_date).start : month.start);
      const end = body.end_date ?? (body.start_date ? monthOf(body.start_date).end : month.end);
      if (start > end)
        throw badRequest(messages.reports.startAfterEnd, { end_date: [messages.reports.startAfterEnd] });
      const [days, [pay], adjustments] = await Promise.all([
        figures(caller, e, rules, start, end),
        periodPay(repo, caller.accountId, rules, [{ id: e.id, rateCents: e.hourly_rate_cents }], {
          start,
          end,
          employeeRefs: [e.id],
        }),
        repo.paidAdjustments(caller.accountId, start, end, [e.id]),
      ]);
      const payOf = new Map(pay?.days.map((d) => [d.day, d.totals]));

      const keyOf: Record<Period, (day: string) => string> = {
        daily: (day) => day,
        weekly: (day) => weekStartOf(day, rules.weekStart),
        monthly: (day) => day.slice(0, 7),
      };
      const sums: Record<Period, Map<string, Sums>> = {
        daily: new Map(),
        weekly: new Map(),
        monthly: new Map(),
      };
      const totals = zero();
      for (const d of days) {
        // The engine's gross: the worked minutes' pay before the Auto deduction (Payroll Summary's gross).
        const original = d.grossCents;
        for (const s of [
          ...(Object.keys(sums) as Period[]).map((p) => {
            const key = keyOf[p](d.day);
            const found = sums[p].get(key) ?? zero();
            sums[p].set(key, found);
            return found;
          }),
          totals,
        ]) {
          s.worked += d.workedMinutes;
          s.deducted += d.deductedMinutes;
          s.manual += d.manualBreakMinutes;
          s.paid += d.paidMinutes;
          s.original += original;
          s.earnings += d.earningsCents;
        }
      }
      const earnings = (p: Period) => Object.fromEntries([...sums[p]].map(([k, s]) => [k, s.earnings]));
      const deductions = (p: Period) => [...sums[p]].flatMap(([k, s]) => deductionsOf(k, s));
      return {
        message: 'Earnings and deductions.',
        data: {
          employee: { id: e.id, employee_id: e.employee_id, name: e.name },
          start_date: start,
          end_date: end,
          rate_cents: e.hourly_rate_cents,
          week_start: rules.weekStart,
          earnings: { daily: earnings('daily'), weekly: earnings('weekly'), monthly: earnings('monthly') },
          deductions: {
            daily: deductions('daily'),
            weekly: deductions('weekly'),
            monthly: deductions('monthly'),
          },
          days: days.map((d) => ({
            date: d.day,
            worked_minutes: d.workedMinutes,
            deducted_minutes: d.deductedMinutes,
            paid_minutes: d.paidMinutes,
            earnings: d.earningsCents,
            ...payFields(payOf.get(d.day) ?? EMPTY_PAY_TOTALS),
          })),
          totals: {
            worked_minutes: totals.worked,
            deducted_minutes: totals.deducted,
            manual_break_minutes: totals.manual,
            paid_minutes: totals.paid,
            original_earnings: totals.original,
            deduction_amount: totals.original - totals.earnings,
            earnings: totals.earnings,
            ...payFields(pay ? pay.totals : EMPTY_PAY_TOTALS),
            adjustments_cents: adjustments.reduce((n, a) => n + a.cents, 0),
          },
          adjustments: adjustments.map(({ id, date, paid_on, minutes, cents }) => ({
            id,
            date,
            paid_on,
            minutes,
            cents,
          })),
        },
      };
    },

    /**
     * GET /api/employee-hours: one employee's minutes by day over a week (this week in the account's zone unless
     * `start_date` names a day of another), every day of it listed; no money, so it needs no pay permission.
     */
    async hours(caller: Caller, query: { employee_id?: number; start_date?: string }) {
      const ref = query.employee_id ?? caller.employeeRef;
      if (!ref)
        throw badRequest(messages.punches.noEmployeeIdentifier, {
          employee_id: [messages.punches.noEmployeeIdentifier],
        });
      const e = await employeeOf(caller, 'punches:read', ref);
      const rules = await rulesOf(caller.accountId);
      const start = weekStartOf(query.start_date ?? localDay(now(), rules.zone), rules.weekStart);
      const end = addDays(start, 6);
      const byDay = new Map((await figures(caller, e, rules, start, end)).map((d) => [d.day, d]));
      const days = Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        const d = byDay.get(date);
        return {
          date,
          worked_minutes: d?.workedMinutes ?? 0,
          paid_minutes: d?.paidMinutes ?? 0,
          open_shifts: d?.openShifts ?? 0,
        };
      });
      return {
        employee: { id: e.id, employee_id: e.employee_id, name: e.name },
        start_date: start,
        end_date: end,
        week_start: rules.weekStart,
        days,
        totals: {
          worked_minutes: days.reduce((n, d) => n + d.worked_minutes, 0),
          paid_minutes: days.reduce((n, d) => n + d.paid_minutes, 0),
        },
      };
    },
  };
}
