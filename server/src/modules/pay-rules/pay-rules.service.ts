import {
  addPayTotals,
  clockOffsetText,
  type DayWhyAnswer,
  EMPTY_PAY_TOTALS,
  messages,
  PAY_PRESET_LABELS,
  type PayPresetName,
  type PayRulesAnswer,
  type PayRulesBody,
  type PayRulesPreviewAnswer,
  type PayRulesPreviewBody,
  type PayRulesSaved,
  payRuleOverrides,
  resolveRuleSet,
  type StoredPayRuleVersion,
} from '@punchclock/contract';
import {
  type Caller,
  reachable,
  reachOf,
  requireAccess,
  requireWholeAccount,
  scopeOf,
} from '../../auth/access';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { localDay, nowIso } from '../../lib/time';
import type { UnitOfWork } from '../unit-of-work';
import { withRateChanges } from '../time/period';
import { payDay, payPeriods, payWindow, type RuleVersion } from '../time/pay/pipeline';
import { timeRulesFor } from '../time/time-rules';
import { payPeriodOf } from '../pay-periods/pay-period-of';
import type { PayRulesRepositories } from './pay-rules.repositories';

type VersionRow = Awaited<ReturnType<PayRulesRepositories['payRules']['versions']>>[number];

/** A stored row as the API answers it: the overrides parsed, and the rule set they make of the preset. */
function storedVersion(row: VersionRow): StoredPayRuleVersion {
  const preset = row.preset as PayPresetName;
  // Written by save() from a parsed body only; parsing again keeps a hand-edited row from passing unchecked.
  const overrides = payRuleOverrides.parse(JSON.parse(row.overrides));
  return {
    effective_from: row.effective_from,
    preset,
    overrides,
    rules: resolveRuleSet(preset, overrides),
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

const ruleVersion = (v: StoredPayRuleVersion): RuleVersion => ({
  effective_from: v.effective_from,
  preset: v.preset,
  rules: v.rules,
});

/** The versions with `added` in them: it replaces one of its day, as a PUT would (one version an account a day). */
const withVersion = (versions: readonly RuleVersion[], added: RuleVersion): RuleVersion[] =>
  [...versions.filter((v) => v.effective_from !== added.effective_from), added].sort((a, b) =>
    a.effective_from < b.effective_from ? -1 : 1,
  );

/**
 * Pay rules (docs/RULES.md#pay-rules): the account's effective-dated rule sets, a preview of a change over a
 * period, and the why of one employee's day. Every figure comes from the pay pipeline
 * (modules/time/pay/pipeline.ts); nothing is computed here.
 *
 * Who: reading the rules takes settings:read, which department-scoped administrators hold: the reports they run
 * are paid under these rules, so they may see them. Changing them (and previewing a change) is account setup:
 * full administrators and the owner only (requireWholeAccount with settings:write), as the issue asks.
 */
export function payRulesService({
  repos,
  inTransaction,
  now = () => new Date(),
}: {
  repos: PayRulesRepositories;
  inTransaction: UnitOfWork<PayRulesRepositories>;
  now?: () => Date;
}) {
  const rulesOf = timeRulesFor(repos.settings);

  async function versionsOf(accountId: number): Promise<StoredPayRuleVersion[]> {
    return (await repos.payRules.versions(accountId)).map(storedVersion);
  }

  async function answer(accountId: number): Promise<PayRulesAnswer> {
    const [rules, versions] = await Promise.all([rulesOf(accountId), versionsOf(accountId)]);
    const today = localDay(now(), rules.zone);
    const inForce = versions.filter((v) => v.effective_from <= today);
    return { current: inForce.at(-1) ?? null, history: [...versions].reverse() };
  }

  /** A note on each punch of the day moved because its station's clock was off (docs/RULES.md#station-clock). */
  async function clockNotes(accountId: number, ids: number[]) {
    const rows = await repos.payRules.clockCorrections(accountId, ids);
    return new Map(
      rows.flatMap((r) => {
        const by = r.clock_correction_in ?? r.clock_correction_out;
        return by == null ? [] : [[r.id, messages.clock.clockCorrected(clockOffsetText(by))] as const];
      }),
    );
  }

  /**
   * One employee's day: their punches of its pay period's window (a week-wide rule needs every day of the
   * workweeks, and the period's pay lines every day of it), through payDay. A day without work answers its
   * punches (open ones, say) and zero totals.
   */
  async function dayOf(caller: Caller, employee: { id: number; hourly_rate_cents: number }, date: string) {
    const { accountId } = caller;
    const [rules, versions] = await Promise.all([rulesOf(accountId), versionsOf(accountId)]);
    // The day's money is its share of its pay period's lines, as Payroll Summary of that period shows them.
    const period = await payPeriodOf(repos.payPeriods, accountId, rules.weekStart, date);
    const window = payWindow(period.start_date, period.end_date, rules.weekStart);
    const [priced] = await withRateChanges(repos.payRules, accountId, [
      { id: employee.id, rateCents: employee.hourly_rate_cents },
    ]);
    const punches = await repos.payRules.punches(accountId, window.from, window.to, employee.id);
    const day = payDay({
      employee: priced,
      punches,
      rules,
      versions: versions.map(ruleVersion),
      day: date,
      period: { start: period.start_date, end: period.end_date },
    });
    const ofDay = punches.filter((p) => p.work_date === date);
    const notes = await clockNotes(
      accountId,
      ofDay.map((p) => p.id),
    );
    const answer: DayWhyAnswer = {
      date,
      punches: ofDay.map(({ id, time_in, time_out, type, deduction }) => ({
        id,
        time_in,
        time_out,
        type,
        deduction,
        ...(notes.has(id) ? { note: notes.get(id) } : {}),
      })),
      steps: day?.steps ? [...day.steps] : [],
      flags: day?.flags ? [...day.flags] : [],
      totals: day?.totals ?? EMPTY_PAY_TOTALS,
    };
    return answer;
  }

  /**
   * The locked-period rule for pay rules (docs/RULES.md#pay-periods): a version is in force from its day until the
   * next version's, so it may not reach an approved period within those days (423).
   */
  async function refuseLockedVersion(r: PayRulesRepositories, accountId: number, from: string) {
    const locked = await r.periodLocks.of(accountId).approvedFrom(from);
    if (!locked) return;
    const next = (await r.payRules.versions(accountId)).find((v) => v.effective_from > from)?.effective_from;
    if (next === undefined || locked.start_date < next)
      throw new AppError(
        423,
        messages.payPeriods.rulesLocked(locked.start_date, locked.end_date),
        { effective_from: [messages.payPeriods.rulesLocked(locked.start_date, locked.end_date)] },
        'period.locked',
      );
  }

  return {
    /** GET /api/pay-rules. */
    async list(caller: Caller): Promise<PayRulesAnswer> {
      requireAccess(caller, 'settings:read');
      return answer(caller.accountId);
    },

    /**
     * PUT /api/pay-rules: the version from its day on; one already saved for that day is replaced. It may lie
     * in the past (rules are often set up after the first punches): days from it on are then paid under it.
     */
    async save(caller: Caller, body: PayRulesBody): Promise<PayRulesSaved> {
      requireWholeAccount(caller, { action: 'settings:write' });
      const label = PAY_PRESET_LABELS[body.preset];
      const message = messages.payRulesApi.set(label, body.effective_from);
      const overrides = body.overrides ?? {};
      await inTransaction(async (r) => {
        await refuseLockedVersion(r, caller.accountId, body.effective_from);
        const replaced = await r.payRules.presetOn(caller.accountId, body.effective_from);
        await r.payRules.save(caller.accountId, {
          effective_from: body.effective_from,
          preset: body.preset,
          overrides: JSON.stringify(overrides),
          created_at: nowIso(),
          created_by: caller.userId,
        });
        const parts = [message];
        if (Object.keys(overrides).length) parts.push(`Overrides: ${JSON.stringify(overrides)}.`);
        if (replaced) parts.push(messages.payRulesApi.replaced(PAY_PRESET_LABELS[replaced as PayPresetName]));
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          action: 'pay_rules.set',
          details: parts.join(' '),
        });
      });
      return { message, data: await answer(caller.accountId) };
    },

    /**
     * POST /api/pay-rules/preview: each employee's pay over the period under the versions as they are and with
     * this one added, from one read of the period's punches for all of them (and one of their rate changes).
     */
    async preview(caller: Caller, body: PayRulesPreviewBody): Promise<PayRulesPreviewAnswer> {
      requireWholeAccount(caller, { action: 'settings:write' });
      const { accountId } = caller;
      const { start_date: start, end_date: end } = body;
      const [rules, stored, people] = await Promise.all([
        rulesOf(accountId),
        versionsOf(accountId),
        repos.payRules.employees(accountId, reachOf(caller)),
      ]);
      const before = stored.map(ruleVersion);
      const after = withVersion(before, {
        effective_from: body.effective_from,
        preset: body.preset,
        rules: resolveRuleSet(body.preset, body.overrides),
      });
      const employees = await withRateChanges(
        repos.payRules,
        accountId,
        people.map((e) => ({ id: e.id, rateCents: e.hourly_rate_cents })),
      );
      const window = payWindow(start, end, rules.weekStart);
      const punches = await repos.payRules.punches(accountId, window.from, window.to);
      const totalsOf = (versions: readonly RuleVersion[]) =>
        new Map(
          payPeriods(punches, employees, rules, versions, start, end).map((r) => [r.employeeRef, r.totals]),
        );
      const was = totalsOf(before);
      const will = totalsOf(after);
      const rows = people.map((e) => ({
        id: e.id,
        employee_id: e.employee_id,
        name: e.name,
        before: was.get(e.id) ?? EMPTY_PAY_TOTALS,
        after: will.get(e.id) ?? EMPTY_PAY_TOTALS,
      }));
      return {
        start_date: start,
        end_date: end,
        employees: rows,
        totals: {
          before: rows.reduce((s, r) => addPayTotals(s, r.before), EMPTY_PAY_TOTALS),
          after: rows.reduce((s, r) => addPayTotals(s, r.after), EMPTY_PAY_TOTALS),
        },
      };
    },

    /**
     * GET /api/employees/:id/days/:date. The why explains the figures the reports show, so whoever runs reports
     * over the account's employees opens their days: full administrators, and department-scoped ones within
     * their departments (another department's employee: the same 404 as a missing one). An employee reaches
     * only their own day, and only with View Pay Information (earnings:read:own).
     */
    async day(caller: Caller, id: number, date: string): Promise<DayWhyAnswer> {
      if (scopeOf(caller, 'reports:run') !== 'all')
        requireAccess(caller, 'earnings:read', {
          employeeRef: id,
          notFoundMessage: messages.employees.notFound,
        });
      return dayOf(caller, reachable(caller, await repos.payRules.employee(caller.accountId, id)), date);
    },

    /** GET /api/me/days/:date: the signed-in employee's own day, with View Pay Information. */
    async ownDay(caller: Caller, date: string): Promise<DayWhyAnswer> {
      requireAccess(caller, 'earnings:read');
      if (caller.employeeRef === null) throw forbidden(messages.payRulesApi.noOwnDays);
      const employee = await repos.payRules.employee(caller.accountId, caller.employeeRef);
      if (!employee) throw notFound(messages.employees.notFound);
      return dayOf(caller, employee, date);
    },
  };
}
