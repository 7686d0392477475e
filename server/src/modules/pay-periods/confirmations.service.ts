import {
  type ConfirmSettingsBody,
  messages,
  type OwnPayPeriod,
  type PayPeriod,
  type PayPeriodStartBody,
} from '@punchclock/contract';
import { type Caller, reachOf, requireAccess, requireWholeAccount } from '../../auth/access';
import { forbidden, notFound, unprocessable } from '../../lib/errors';
import { localDay, nowIso } from '../../lib/time';
import type { ReportContext } from '../reports/report-types';
import type { ReportsRepository } from '../reports/reports.repository';
import { punchMinutes, shownTime } from '../reports/time-reports';
import { addDays } from '../time/calendar';
import { type TimeRules, timeRulesFor } from '../time/time-rules';
import type { UnitOfWork } from '../unit-of-work';
import type { ConfirmationsRepository } from './confirmations.repository';
import { schedulesOf } from './pay-period-of';
import type { PayPeriodsRepositories } from './pay-periods.repositories';
import { type Bounds, periodContaining } from './period-calendar';

/**
 * Employees confirm their timesheet (docs/RULES.md#pay-periods, "Timesheet confirmations"), an account option
 * the owner and full administrators turn on. An employee (their own login) sees their current and last pay
 * period with its punches, as their Activity report lists them (its helpers, reports/time-reports.ts: no second
 * computation), and confirms a period that has started; confirming twice keeps the first. The approver sees the
 * confirmations in the list of periods (confirmationsOf); approval never waits for them.
 */
export function confirmationsService(deps: {
  repos: PayPeriodsRepositories;
  inTransaction: UnitOfWork<PayPeriodsRepositories>;
  reports: ReportsRepository;
  now?: () => Date;
}) {
  const { repos, inTransaction, reports, now = () => new Date() } = deps;
  const rulesOf = timeRulesFor(repos.settings);

  /** The signed-in employee's record, or 403: only an employee's own login confirms (a manager or a station not). */
  function ownRef(caller: Caller): number {
    if (caller.employeeRef === null || caller.stationId !== null)
      throw forbidden(messages.confirmations.employeesOnly);
    return caller.employeeRef;
  }

  async function calendarOf(accountId: number, rules: TimeRules, from: string, to: string) {
    const [rows, stored] = await Promise.all([
      repos.payPeriods.schedules(accountId),
      repos.payPeriods.storedAround(accountId, from, to),
    ]);
    const versions = schedulesOf(rows, rules.weekStart);
    return { stored, periodOf: (day: string) => periodContaining(day, versions, stored) };
  }

  /**
   * The employee's punches of the period as their Activity report lists them: its times as shown (rounded when the
   * account displays rounded times) and lengths (punchMinutes, the engine's time worked), its total of work. Read
   * for the employee alone, so a department left out of reports still sees its own timesheet.
   */
  async function punchesOf(accountId: number, rules: TimeRules, employeeRef: number, p: Bounds) {
    const rows = await reports.punches(accountId, p.start_date, p.end_date, employeeRef);
    const shown = { rules } as ReportContext;
    let worked = 0;
    const punches = rows.map((r) => {
      const minutes = punchMinutes(r, rules);
      // Breaks are listed with their length but are not work (the Activity report's total).
      if (r.type === 'None') worked += minutes ?? 0;
      return {
        date: r.work_date,
        type: r.type,
        time_in: shownTime(shown, r.time_in),
        time_out: shownTime(shown, r.time_out),
        minutes,
      };
    });
    return { punches, worked_minutes: worked };
  }

  return {
    /** GET /api/pay-periods/confirm-settings. */
    async settings(caller: Caller) {
      requireAccess(caller, 'settings:read');
      return { employees_confirm: await repos.confirmations.option(caller.accountId) };
    },

    /** PUT /api/pay-periods/confirm-settings (owner and full administrators; logged). */
    async saveSettings(caller: Caller, body: ConfirmSettingsBody) {
      requireWholeAccount(caller, { action: 'settings:write' });
      await inTransaction(async (r) => {
        await r.confirmations.setOption(caller.accountId, body.employees_confirm);
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          action: 'pay_periods.confirm_settings',
          details: body,
        });
      });
      return {
        message: messages.confirmations.settingSaved(body.employees_confirm),
        data: { employees_confirm: body.employees_confirm },
      };
    },

    /** GET /api/pay-periods/mine: the employee's current then last period, their punches and confirmations. */
    async mine(caller: Caller): Promise<{ employees_confirm: boolean; data: OwnPayPeriod[] }> {
      const ref = ownRef(caller);
      const { accountId } = caller;
      const rules = await rulesOf(accountId);
      const today = localDay(now(), rules.zone);
      const { periodOf } = await calendarOf(accountId, rules, today, today);
      const current = periodOf(today);
      const last = periodOf(addDays(current.start_date, -1));
      const { stored } = await calendarOf(accountId, rules, last.start_date, current.end_date);
      const [option, confirmed] = await Promise.all([
        repos.confirmations.option(accountId),
        repos.confirmations.ofEmployee(accountId, ref, [current.start_date, last.start_date]),
      ]);
      const data = await Promise.all(
        [current, last].map(async (p) => ({
          start_date: p.start_date,
          end_date: p.end_date,
          status:
            stored.find((s) => s.start_date === p.start_date)?.status === 'approved'
              ? ('approved' as const)
              : ('open' as const),
          ended: p.end_date < today,
          confirmed_at: confirmed.find((c) => c.start_date === p.start_date)?.confirmed_at ?? null,
          ...(await punchesOf(accountId, rules, ref, p)),
        })),
      );
      return { employees_confirm: option, data };
    },

    /**
     * POST /api/pay-periods/confirm: the employee confirms the period starting on `start_date` (one that has
     * started); 403 while the account's option is off, 404 for a day no period starts on.
     */
    async confirm(caller: Caller, body: PayPeriodStartBody) {
      const ref = ownRef(caller);
      const { accountId } = caller;
      if (!(await repos.confirmations.option(accountId)))
        throw forbidden(messages.confirmations.off, 'period.confirm_off');
      const rules = await rulesOf(accountId);
      const { periodOf } = await calendarOf(accountId, rules, body.start_date, body.start_date);
      const p = periodOf(body.start_date);
      if (p.start_date !== body.start_date)
        throw notFound(messages.payPeriods.notFound(body.start_date), 'period.not_found');
      if (p.start_date > localDay(now(), rules.zone))
        throw unprocessable(messages.confirmations.notStarted(p.start_date), undefined, 'period.not_started');
      const done = await inTransaction(async (r) => {
        const c = await r.confirmations.confirm(accountId, {
          ...p,
          employee_ref: ref,
          confirmed_by: caller.userId!,
          confirmed_at: nowIso(),
        });
        if (c.added)
          await r.activity.record(accountId, {
            userId: caller.userId,
            employeeId: ref,
            action: 'pay_period.confirmed',
            details: { start_date: p.start_date, end_date: p.end_date },
          });
        return c;
      });
      return {
        message: messages.confirmations.confirmed(p.start_date, p.end_date),
        data: { start_date: p.start_date, end_date: p.end_date, confirmed_at: done.confirmed_at },
      };
    },
  };
}

/**
 * The listed periods with the confirmations of the employees the caller reaches, one query for the whole list
 * (GET /api/pay-periods).
 */
export async function confirmationsOf<P extends Pick<PayPeriod, 'start_date'>>(
  repo: ConfirmationsRepository,
  caller: Caller,
  periods: P[],
): Promise<(P & Required<Pick<PayPeriod, 'confirmations' | 'confirmations_count'>>)[]> {
  const rows = await repo.ofPeriods(
    caller.accountId,
    periods.map((p) => p.start_date),
    reachOf(caller),
  );
  return periods.map((p) => {
    const confirmations = rows
      .filter((r) => r.start_date === p.start_date)
      .map(({ employee_ref, employee_id, employee_name, confirmed_at }) => ({
        employee_ref,
        employee_id,
        employee_name,
        confirmed_at,
      }));
    return { ...p, confirmations, confirmations_count: confirmations.length };
  });
}
