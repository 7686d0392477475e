import { type PayPresetName, type PayTotals, payRuleOverrides, resolveRuleSet } from '@punchclock/contract';
import { addDays } from '../calendar';
import { type DayTotals, figuresOfTotals, roundsLikeUtc } from '../day-totals';
import { BREAK_DAYS_LATER, type EngineEmployee, finishDay, periodRate, rateOn } from '../engine';
import { withRateChanges } from '../period';
import { readParts } from '../../../db/parallel-reads';
import type { EmployeeRange, PeriodRepository } from '../period.repository';
import type { TimeRules } from '../time-rules';
import { MEAL_PERIOD_MINUTES } from './meal-premium';
import { linesOfSums } from './money';
import { type PaySums, paySumsSql, payStepsInSql } from './pay-sql';
import { payOfDays, payPeriods, type PayResult, payWindow, ruleSetOn } from './pipeline';
import { NO_BREAKS, type PayDayState, type RuleVersion, unpaid } from './types';

/** What the pay of a period reads: the period source the reports call, and the account's pay-rule versions. */
export type PaySource = Pick<
  PeriodRepository,
  'punches' | 'dayTotals' | 'overDays' | 'rateChanges' | 'payRuleVersions'
>;

/** Stored versions (pay_rule_versions rows) as the pipeline reads them: the preset with its overrides applied. */
export function ruleVersionsOf(
  rows: readonly { effective_from: string; preset: string; overrides: string }[],
): RuleVersion[] {
  return rows.map((row) => {
    const preset = row.preset as PayPresetName;
    // Saved from a parsed body only; parsing again keeps a hand-edited row from passing unchecked.
    const overrides = payRuleOverrides.parse(JSON.parse(row.overrides));
    return { effective_from: row.effective_from, preset, rules: resolveRuleSet(preset, overrides) };
  });
}

/**
 * A day's breaks as the pay steps read them (the total, and how many were meal periods) from the database's
 * day sums, which carry those two figures rather than each break: `meals` breaks of at least MEAL_PERIOD_MINUTES
 * and the rest in pieces shorter than that. The steps read only the sum (automatic breaks, work without breaks)
 * and the count of meal periods (meal premium), so both come out as from the punches.
 */
export function breakMinutes(total: number, meals: number): readonly number[] {
  if (total <= 0) return NO_BREAKS;
  const out: number[] = [];
  let left = total;
  for (let k = 0; k < meals - 1; k++) {
    out.push(MEAL_PERIOD_MINUTES);
    left -= MEAL_PERIOD_MINUTES;
  }
  if (meals > 0) return [...out, left];
  const short = MEAL_PERIOD_MINUTES - 1;
  for (; left > short; left -= short) out.push(short);
  if (left > 0) out.push(left);
  return out;
}

/** One employee's day from the database's sums as the pay steps start it: all its paid minutes regular. */
function startDayFromTotals(
  t: DayTotals,
  employee: EngineEmployee,
  rules: TimeRules,
  versions: readonly RuleVersion[],
): PayDayState {
  // The engine's figures of the day as daysFromTotals makes them (day-totals.ts), without its presence (unread).
  const figures = finishDay(figuresOfTotals(t, rateOn(employee, t.work_date), null), rules);
  const version = ruleSetOn(versions, t.work_date);
  return {
    day: t.work_date,
    figures,
    preset: version.preset,
    set: version.rules,
    // The database sums rounded minutes only: a report reads no why, so rounding has no line to say here.
    rawWorked: figures.workedMinutes,
    breaks: rules.attendanceOnly ? NO_BREAKS : breakMinutes(t.auto_break + t.manual_break, t.meal_breaks),
    ...unpaid(figures.paidMinutes),
  };
}

/**
 * Every given employee's pay over [start, end] under the account's pay-rule versions (docs/RULES.md#pay-lines):
 * what Payroll Summary, Timesheet and earnings show. Set-based, as the reports' other figures: one aggregate of
 * the database per employee and day over the period's window (from its first workweek's start, which weekly
 * overtime and the seventh day need), when rounding allows it (roundsLikeUtc); otherwise one read of the
 * window's punches through the engine. Either way the same pay pipeline (pipeline.ts), so the figures are the
 * why's (GET /api/employees/:id/days/:date). Answers one result per employee with work in the window, in no
 * particular order; `why` (default false) keeps the days' why lines.
 */
export async function periodPay(
  source: PaySource,
  accountId: number,
  rules: TimeRules,
  people: readonly EngineEmployee[],
  period: { start: string; end: string; employeeRefs?: readonly number[] },
  opts: { versions?: readonly RuleVersion[]; why?: boolean } = {},
): Promise<PayResult[]> {
  const { start, end, employeeRefs } = period;
  const [versions, employees] = await Promise.all([
    opts.versions ?? source.payRuleVersions(accountId).then(ruleVersionsOf),
    withRateChanges(source, accountId, people),
  ]);
  const { from } = payWindow(start, end, rules.weekStart);
  if (opts.why || !roundsLikeUtc(rules, from, end)) {
    const punches = await source.punches(accountId, from, addDays(end, BREAK_DAYS_LATER), employeeRefs);
    return payPeriods(punches, employees, rules, versions, start, end).filter((r) => r.days.length > 0);
  }
  const totals = await source.dayTotals(accountId, from, end, {
    stepMinutes: rules.step,
    employeeRefs,
    presence: false,
  });
  const byId = new Map(employees.map((e) => [e.id, e]));
  const byEmployee = new Map<number, PayDayState[]>();
  for (const t of totals) {
    const employee = byId.get(t.employee_ref);
    if (!employee) continue;
    const state = startDayFromTotals(t, employee, rules, versions);
    const list = byEmployee.get(t.employee_ref);
    if (list) list.push(state);
    else byEmployee.set(t.employee_ref, [state]);
  }
  const out: PayResult[] = [];
  for (const [ref, days] of byEmployee) {
    const result = payOfDays(ref, days, rules, start, { why: false });
    if (result.days.length) out.push(result);
  }
  return out;
}

/** How many employees' days periodPayTotals computes here at a time (an object: tests cross chunk borders). */
export const payChunk = { employees: 1000 };

/**
 * Every given employee's pay totals over [start, end], by employee (those with work in it): what Payroll Summary
 * shows, the same as periodPay's totals. When one rule set is in force over the whole window and rounding allows
 * the database to sum (roundsLikeUtc), the database runs the pay steps (pay-sql.ts) and answers one row per
 * employee; the money's lines are rounded here. Employees whose rate changes within the window, and any other
 * case, go through periodPay.
 */
export async function periodPayTotals(
  source: PaySource,
  accountId: number,
  rules: TimeRules,
  people: readonly EngineEmployee[],
  period: { start: string; end: string; employeeRefs?: readonly number[] },
): Promise<Map<number, PayTotals>> {
  const { start, end, employeeRefs } = period;
  const [versions, employees] = await Promise.all([
    source.payRuleVersions(accountId).then(ruleVersionsOf),
    withRateChanges(source, accountId, people),
  ]);
  const { from } = payWindow(start, end, rules.weekStart);
  const version = ruleSetOn(versions, from);
  const oneSet = !versions.some((v) => v.effective_from > from && v.effective_from <= end);
  const out = new Map<number, PayTotals>();
  // The steps here, a chunk of employees at a time: only each one's totals outlive the chunk, not a big
  // account's month of day states (all of them took 1.2 GB on the bench).
  const slow = async (list: readonly EngineEmployee[]) => {
    for (let i = 0; i < list.length; i += payChunk.employees) {
      const chunk = list.slice(i, i + payChunk.employees);
      const refs = chunk.map((e) => e.id);
      for (const r of await periodPay(
        source,
        accountId,
        rules,
        chunk,
        { start, end, employeeRefs: refs },
        { versions },
      ))
        out.set(r.employeeRef, r.totals);
    }
  };
  if (!oneSet || rules.attendanceOnly || !roundsLikeUtc(rules, from, end) || !payStepsInSql()) {
    await slow(employees);
    return out;
  }
  // One rate over the window: its lines are the sums' (a change inside it splits a kind's minutes by rate).
  const rateOf = new Map<number, number>();
  const changing: EngineEmployee[] = [];
  for (const e of employees) {
    const rate = periodRate(e, from, end);
    if (rate === null) changing.push(e);
    else rateOf.set(e.id, rate);
  }
  // A big account's employees in parts that the database sums at once, one a core (a few are one read).
  const parts = employeeRefs
    ? undefined
    : employeeParts([...rateOf.keys()], payParts.count, payParts.minEmployees);
  const sums = await source.overDays(
    accountId,
    from,
    end,
    { stepMinutes: rules.step, employeeRefs, parts },
    (days, dialect) => paySumsSql(days, { start, set: version.rules, rules }, dialect),
  );
  for (const s of sums) {
    const rate = rateOf.get(s.employee_ref);
    if (rate !== undefined) out.set(s.employee_ref, totalsOfSums(s, rate, version));
  }
  await slow(changing);
  return out;
}

/**
 * `ids` cut into at most `count` ranges of about as many employees each, in id order; none for fewer than
 * `minEmployees` a part (one read is then quicker than starting several).
 */
export function employeeParts(
  ids: readonly number[],
  count: number,
  minEmployees: number,
): EmployeeRange[] | undefined {
  const n = Math.min(count, Math.floor(ids.length / minEmployees));
  if (n < 2) return undefined;
  const sorted = [...ids].sort((a, b) => a - b);
  const size = Math.ceil(sorted.length / n);
  const parts: EmployeeRange[] = [];
  for (let i = 0; i < sorted.length; i += size)
    parts.push([sorted[i], sorted[Math.min(i + size, sorted.length) - 1]]);
  return parts;
}

/**
 * How many parts a big account's pay is summed in (one a core), and the fewest employees worth a part of their
 * own (an object: tests cut their few employees too).
 */
export const payParts = { count: readParts(), minEmployees: 200 };

/** An employee's PayTotals from the database's sums: the money rounded once a line (money.ts). */
function totalsOfSums(s: PaySums, rateCents: number, version: RuleVersion): PayTotals {
  const lines = linesOfSums(
    { regular: s.regular, overtime: s.overtime, double_time: s.double_time, premium: s.premium_hours * 60 },
    rateCents,
    version.rules,
  );
  const cents = (kind: string) => lines.find((l) => l.kind === kind)?.cents ?? 0;
  return {
    worked: s.worked,
    paid: s.paid,
    regular: s.regular,
    overtime: s.overtime,
    double_time: s.double_time,
    premium_cents: cents('premium'),
    gross_cents: lines.reduce((n, l) => n + l.cents, 0),
  };
}
