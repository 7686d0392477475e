import { createHash } from 'node:crypto';
import {
  FORGOTTEN_AFTER_MINUTES,
  messages,
  type PayPeriod,
  type PayPeriodBlocker,
  type PayPeriodReopenBody,
  type PayPeriodSettings,
  type PayPeriodSettingsBody,
  type PayPeriodsQuery,
  type PayPeriodStartBody,
  type PunchConflictsAnswer,
} from '@punchclock/contract';
import { type Caller, reachOf, requireAccess, requireWholeAccount } from '../../auth/access';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { localDay, nowIso } from '../../lib/time';
import { addDays } from '../time/calendar';
import { timeRulesFor } from '../time/time-rules';
import type { UnitOfWork } from '../unit-of-work';
import { confirmationsOf } from './confirmations.service';
import { type Bounds, periodContaining, periodsBetween } from './period-calendar';
import { schedulesOf } from './pay-period-of';
import type { PayPeriodsRepositories } from './pay-periods.repositories';
import type { StoredLine } from './period-figures.repository';

/** Approval's refusal while the period holds what needs attention: answered 422 with the list. */
export class PeriodBlocked extends AppError {
  constructor(readonly blockers: PayPeriodBlocker[]) {
    super(422, messages.payPeriods.needsAttention(blockers.length), undefined, 'period.needs_attention');
  }
}

type StoredRow = Awaited<ReturnType<PayPeriodsRepositories['payPeriods']['storedAround']>>[number];

/**
 * Pay periods (docs/RULES.md#pay-periods): settings, the list, approval (which locks the period: the punch rules'
 * locked-period rule, punches/rules/not-in-locked-period.ts), reopening and review marks.
 *
 * Who: the settings and the list are read with settings:read (department-scoped administrators too: they mark
 * their departments reviewed); changing the settings, approving and reopening are for the owner and full
 * administrators (requireWholeAccount with settings:write). The Payroll Summary CSV (its checksum) and the punch
 * issues come from their own modules, handed in by the routes.
 */
export function payPeriodsService(deps: {
  repos: PayPeriodsRepositories;
  inTransaction: UnitOfWork<PayPeriodsRepositories>;
  /** The account's punch issues, as the Punch issues page lists them (timeclock/conflicts.service.ts). */
  punchIssues: (caller: Caller) => Promise<PunchConflictsAnswer>;
  /**
   * The period's report lines, handed to `store` in batches, and the Payroll Summary CSV rendered from them
   * (approval-figures.ts), over the approval's transaction.
   */
  approvalFigures: (
    r: PayPeriodsRepositories,
    accountId: number,
    period: { start: string; end: string; asOf: string },
    store: (lines: StoredLine[]) => Promise<void>,
  ) => Promise<{ csv: Buffer }>;
  now?: () => Date;
}) {
  const { repos, inTransaction, punchIssues, approvalFigures, now = () => new Date() } = deps;
  const rulesOf = timeRulesFor(repos.settings);

  async function versionsOf(accountId: number) {
    const [rules, rows] = await Promise.all([rulesOf(accountId), repos.payPeriods.schedules(accountId)]);
    const versions = schedulesOf(rows, rules.weekStart);
    return { rules, versions, today: localDay(now(), rules.zone) };
  }

  async function settingsOf(accountId: number): Promise<PayPeriodSettings> {
    const { versions } = await versionsOf(accountId);
    const { frequency, anchor_date, forgotten_after_minutes, applies_from } = versions.at(-1)!;
    return { frequency, anchor_date, forgotten_after_minutes, applies_from };
  }

  const view = (p: Bounds, row: StoredRow | undefined, today: string, reviews: PayPeriod['reviews']) => ({
    start_date: p.start_date,
    end_date: p.end_date,
    status: row?.status === 'approved' ? ('approved' as const) : ('open' as const),
    ended: p.end_date < today,
    approved_by: row?.status === 'approved' ? row.approved_by : null,
    approved_at: row?.status === 'approved' ? row.approved_at : null,
    checksum: row?.status === 'approved' ? row.checksum : null,
    reopened_at: row?.reopened_at ?? null,
    reopen_reason: row?.reopen_reason ?? null,
    reviews,
  });

  async function listOf(accountId: number, from: string, to: string): Promise<PayPeriod[]> {
    const { versions, today } = await versionsOf(accountId);
    const stored = await repos.payPeriods.storedAround(accountId, from, to);
    const periods = periodsBetween(from, to, versions, stored);
    const reviews = await repos.payPeriods.reviews(
      accountId,
      periods.map((p) => p.start_date),
    );
    return periods.map((p) =>
      view(
        p,
        stored.find((s) => s.start_date === p.start_date),
        today,
        reviews
          .filter((r) => r.start_date === p.start_date)
          .map(({ department_id, department, reviewed_by, reviewed_at }) => ({
            department_id,
            department,
            reviewed_by,
            reviewed_at,
          })),
      ),
    );
  }

  /** The listed period starting on `start`, or 404. */
  async function periodStarting(accountId: number, start: string): Promise<PayPeriod> {
    const { versions } = await versionsOf(accountId);
    const stored = await repos.payPeriods.storedAround(accountId, start, start);
    const p = periodContaining(start, versions, stored);
    if (p.start_date !== start) throw notFound(messages.payPeriods.notFound(start), 'period.not_found');
    const [found] = await listOf(accountId, start, start);
    return found;
  }

  /** What holds the period's approval back: its open shifts and the punch issues of its days. */
  async function blockersOf(caller: Caller, p: PayPeriod): Promise<PayPeriodBlocker[]> {
    const { accountId } = caller;
    const [{ rules, versions }, shifts, setAside, issues] = await Promise.all([
      versionsOf(accountId),
      repos.payPeriods.openShifts(accountId, p.start_date, p.end_date),
      repos.payPeriods.setAsideShifts(accountId, p.start_date, p.end_date),
      punchIssues(caller),
    ]);
    const forgottenAfter = versions.at(-1)!.forgotten_after_minutes * 60_000;
    const t = now().getTime();
    const inPeriod = (at: string | null) => {
      if (!at || Number.isNaN(Date.parse(at))) return false;
      const day = localDay(new Date(at), rules.zone);
      return p.start_date <= day && day <= p.end_date;
    };
    return [
      ...shifts.map((s) => {
        const forgotten = t - Date.parse(s.time_in) > forgottenAfter;
        return {
          kind: forgotten ? ('forgotten_clock_out' as const) : ('open_shift' as const),
          id: s.id,
          employee_ref: s.employee_ref,
          employee_name: s.name,
          time: s.time_in,
          reason: forgotten
            ? messages.payPeriods.forgottenShift(s.time_in)
            : messages.payPeriods.openShift(s.time_in),
        };
      }),
      ...setAside.map((s) => ({
        kind: 'forgotten_clock_out' as const,
        id: s.id,
        employee_ref: s.employee_ref,
        employee_name: s.name,
        time: s.time_in,
        reason: messages.payPeriods.setAsideShift(s.time_in),
      })),
      ...issues.data
        .filter((i) => inPeriod(i.device_time))
        .map((i) => ({
          kind: 'punch_issue' as const,
          id: i.id,
          employee_ref: i.employee_ref,
          employee_name: i.employee_name,
          time: i.device_time,
          reason: i.reason,
        })),
    ];
  }

  /** A period action's activity entry: the action, the period's bounds and what else it says. */
  const logPeriod = (
    r: PayPeriodsRepositories,
    caller: Caller,
    action: string,
    p: Bounds,
    extra: Record<string, unknown> = {},
  ) =>
    r.activity.record(caller.accountId, {
      userId: caller.userId,
      action,
      details: { start_date: p.start_date, end_date: p.end_date, ...extra },
    });

  /** A period action's answer: its message naming the period, and the period as the list shows it now. */
  const savedPeriod = async (
    message: (start: string, end: string) => string,
    accountId: number,
    p: Bounds,
  ) => ({
    message: message(p.start_date, p.end_date),
    data: await periodStarting(accountId, p.start_date),
  });

  return {
    /** GET /api/pay-periods/settings. */
    async settings(caller: Caller): Promise<PayPeriodSettings> {
      requireAccess(caller, 'settings:read');
      return settingsOf(caller.accountId);
    },

    /**
     * PUT /api/pay-periods/settings: applies from the first day after the last approved period (every day when
     * none is approved), so an approved period never changes; versions from that day on are replaced.
     */
    async saveSettings(caller: Caller, body: PayPeriodSettingsBody) {
      requireWholeAccount(caller, { action: 'settings:write' });
      const { accountId } = caller;
      const forgotten = body.forgotten_after_minutes ?? FORGOTTEN_AFTER_MINUTES;
      await inTransaction(async (r) => {
        const last = await r.payPeriods.lastApprovedEnd(accountId);
        const appliesFrom = last ? addDays(last, 1) : null;
        await r.payPeriods.replaceSchedules(accountId, {
          applies_from: appliesFrom,
          frequency: body.frequency,
          anchor_date: body.anchor_date,
          forgotten_after_minutes: forgotten,
          created_at: nowIso(),
          created_by: caller.userId,
        });
        await r.activity.record(accountId, {
          userId: caller.userId,
          action: 'pay_periods.settings',
          details: { ...body, forgotten_after_minutes: forgotten, applies_from: appliesFrom },
        });
      });
      return { message: messages.payPeriods.settingsSaved, data: await settingsOf(accountId) };
    },

    /**
     * GET /api/pay-periods/locked?from&to: the approved periods overlapping the span, bounds only, for the lock on
     * screens; any signed-in member of the account who reads punches (an employee their own) may ask.
     */
    async locked(caller: Caller, q: PayPeriodsQuery) {
      requireAccess(caller, 'punches:read');
      const stored = await repos.payPeriods.storedAround(caller.accountId, q.from, q.to);
      return {
        data: stored
          .filter((p) => p.status === 'approved' && p.start_date <= q.to && p.end_date >= q.from)
          .map(({ start_date, end_date }) => ({ start_date, end_date })),
      };
    },

    /** GET /api/pay-periods?from&to: every period overlapping the span. */
    async list(caller: Caller, q: PayPeriodsQuery) {
      requireAccess(caller, 'settings:read');
      // With the employees' timesheet confirmations (confirmations.service.ts); approval does not wait for them.
      return {
        data: await confirmationsOf(
          repos.confirmations,
          caller,
          await listOf(caller.accountId, q.from, q.to),
        ),
      };
    },

    /**
     * POST /api/pay-periods/approve: a period that has ended and holds no open shift and no punch issue is
     * approved. In one transaction with the approved row, its figures are stored (docs/RULES.md#stored-figures-
     * of-an-approved-period) with the checksum of the Payroll Summary CSV made from them. Of concurrent approvals
     * one wins (409 for others, before any figure is written).
     */
    async approve(caller: Caller, body: PayPeriodStartBody) {
      requireWholeAccount(caller, { action: 'settings:write' });
      const { accountId } = caller;
      const p = await periodStarting(accountId, body.start_date);
      if (p.status === 'approved')
        throw conflict(messages.payPeriods.alreadyApproved, undefined, 'period.already_approved');
      if (!p.ended)
        throw unprocessable(messages.payPeriods.notEnded(p.end_date), undefined, 'period.not_ended');
      const blockers = await blockersOf(caller, p);
      if (blockers.length) throw new PeriodBlocked(blockers);
      await inTransaction(async (r) => {
        const approvedAt = nowIso();
        const won = await r.payPeriods.approve(accountId, {
          start_date: p.start_date,
          end_date: p.end_date,
          approved_by: caller.userId!,
          approved_at: approvedAt,
          checksum: null,
        });
        if (!won) throw conflict(messages.payPeriods.alreadyApproved, undefined, 'period.already_approved');
        // Every punch writer locks its employee before its locked-period check: holding all of them, the figures
        // include each write that passed the check, and each later write finds the period approved.
        await r.employeeLocks.lockAccountEmployees(accountId);
        const { start_date: start, end_date: end } = p;
        const { csv } = await approvalFigures(r, accountId, { start, end, asOf: approvedAt }, (lines) =>
          r.figures.storeFigures(accountId, start, lines),
        );
        const checksum = createHash('sha256').update(csv).digest('hex');
        await r.figures.markStored(accountId, start, checksum, approvedAt);
        await logPeriod(r, caller, 'pay_period.approved', p, { checksum });
      });
      return savedPeriod(messages.payPeriods.approved, accountId, p);
    },

    /** POST /api/pay-periods/reopen: an approved period opens again, with the reason in the activity log. */
    async reopen(caller: Caller, body: PayPeriodReopenBody) {
      requireWholeAccount(caller, { action: 'settings:write' });
      const { accountId } = caller;
      const p = await periodStarting(accountId, body.start_date);
      await inTransaction(async (r) => {
        if (!(await r.payPeriods.reopen(accountId, p.start_date, caller.userId!, nowIso(), body.reason)))
          throw conflict(messages.payPeriods.notApproved, undefined, 'period.not_approved');
        // Its stored figures go: the period is computed live again (docs/RULES.md#stored-figures-of-an-approved-period).
        await r.figures.deleteFigures(accountId, p.start_date);
        await logPeriod(r, caller, 'pay_period.reopened', p, { reason: body.reason });
      });
      return savedPeriod(messages.payPeriods.reopened, accountId, p);
    },

    /**
     * POST /api/pay-periods/review: a department-scoped administrator marks their departments reviewed for the
     * period (the approver sees the marks in the list). Whole-account callers have no departments to mark (403).
     */
    async review(caller: Caller, body: PayPeriodStartBody) {
      requireAccess(caller, 'settings:read');
      const reach = reachOf(caller);
      if (reach === 'all' || caller.userId === null) throw forbidden(messages.payPeriods.noDepartments);
      const { accountId } = caller;
      const p = await periodStarting(accountId, body.start_date);
      const departments = await repos.payPeriods.departmentsOf(accountId, [...reach]);
      await inTransaction(async (r) => {
        await r.payPeriods.markReviewed(accountId, p.start_date, departments, caller.userId!, nowIso());
        await logPeriod(r, caller, 'pay_period.reviewed', p, { departments });
      });
      return savedPeriod(messages.payPeriods.reviewed, accountId, p);
    },
  };
}
