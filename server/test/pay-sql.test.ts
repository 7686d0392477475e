import { type Deduction, PAY_PRESET_NAMES, type PayTotals, type WeekStart } from '@punchclock/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/time';
import { RATES_SINCE } from '../src/modules/employees/rates.repository';
import { periodRepository } from '../src/modules/time/period.repository';
import { type PaySource, payParts, periodPay, periodPayTotals } from '../src/modules/time/pay/period-pay';
import type { TimeRules } from '../src/modules/time/time-rules';
import { createAccount, createEmployee } from './factories';
import { useTestApp } from './helper';

/**
 * The pay steps' SQL forms (time/pay/pay-sql.ts: the database runs the pipeline and sums each employee's period)
 * must give the totals the steps themselves give (periodPay reading every punch through the engine): random
 * fortnights of work with Lunch and Break punches, under every preset with random overrides (thresholds low
 * enough for weekly overtime, seven-day weeks, automatic breaks and meal premiums to happen), every week start,
 * periods that cut workweeks, and a rate change that sends one employee through the steps here.
 */
const t = useTestApp();

const SPAN = ['2026-10-29', '2026-11-13'];
const dayArb = fc.record({
  works: fc.integer({ min: 0, max: 9 }), // 0: a day off (about one in ten)
  startMinute: fc.integer({ min: 5 * 60, max: 14 * 60 }),
  length: fc.integer({ min: 0, max: 14 * 60 }),
  breakAt: fc.integer({ min: 60, max: 6 * 60 }),
  breakLength: fc.integer({ min: 0, max: 60 }),
  breakType: fc.constantFrom('Lunch', 'Break'),
  deduction: fc.constantFrom<Deduction>('Auto', 'Manual'),
});
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const overridesArb = fc.record({
  daily_overtime_after: optional(fc.option(fc.integer({ min: 240, max: 720 }), { nil: null })),
  daily_double_after: optional(fc.option(fc.integer({ min: 721, max: 900 }), { nil: null })),
  weekly_overtime_after: optional(fc.option(fc.integer({ min: 300, max: 3000 }), { nil: null })),
  seventh_day: optional(fc.boolean()),
  overtime_multiplier: optional(fc.constantFrom(1.5, 1.25, 1.333)),
  double_multiplier: optional(fc.constantFrom(2, 1.75)),
  auto_breaks: optional(
    fc.array(
      fc.record({
        after_minutes: fc.integer({ min: 120, max: 600 }),
        break_minutes: fc.integer({ min: 5, max: 60 }),
      }),
      { maxLength: 2 },
    ),
  ),
  meal_premium: optional(fc.boolean()),
});
const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
};
const SPAN_DAYS = days(SPAN[0], SPAN[1]);

describe('pay in the database', () => {
  // The account's few employees summed in parts at once too, as a big account's are (db/parallel-reads.ts).
  const saved = { ...payParts };
  beforeAll(() => Object.assign(payParts, { count: 2, minEmployees: 1 }));
  afterAll(() => Object.assign(payParts, saved));

  it('equals the pay steps’ totals for random fortnights under every preset and override', async () => {
    const owner = await createAccount(t);
    const RATES = [1500, 2041, 3333];
    const refs: number[] = [];
    for (const rate of RATES)
      refs.push((await createEmployee(t, owner, { hourly_rate: (rate / 100).toFixed(2) })).id);
    const repo = periodRepository(t.db);
    let runs = 0;
    let inSql = 0;
    // How often each kind of pay came out, so that the runs are known to reach every step.
    const seen: Record<string, number> = { overtime: 0, double_time: 0, premium_cents: 0, deducted: 0 };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(dayArb, { minLength: SPAN_DAYS.length, maxLength: SPAN_DAYS.length }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.constantFrom(...PAY_PRESET_NAMES),
        overridesArb,
        fc.constantFrom<WeekStart>('Sunday', 'Monday', 'Saturday'),
        fc.integer({ min: 3, max: 8 }), // the period's first day (an index of SPAN_DAYS)
        fc.integer({ min: 0, max: 7 }), // its length
        fc.boolean(), // a rate change inside the fortnight for the second employee
        async (work, preset, rawOverrides, weekStart, first, length, rateChange) => {
          const overrides = Object.fromEntries(
            Object.entries(rawOverrides).filter(([, v]) => v !== undefined),
          );
          runs += 1;
          const rules: TimeRules = {
            zone: 'America/Los_Angeles',
            step: null,
            displayRounded: false,
            attendanceOnly: false,
            dateFormat: 'MM/DD/YY',
            timeFormat: '24 Hours',
            weekStart,
            currency: 'USD',
          };
          await t.db.deleteFrom('punches').where('account_id', '=', owner.accountId).execute();
          await t.db.deleteFrom('employee_rates').where('account_id', '=', owner.accountId).execute();
          if (rateChange)
            await t.db
              .insertInto('employee_rates')
              .values(
                [
                  [RATES_SINCE, RATES[1]],
                  ['2026-11-05', 2500],
                ].map(([from, cents]) => ({
                  account_id: owner.accountId,
                  employee_ref: refs[1],
                  effective_from: from as string,
                  rate_cents: cents as number,
                  created_at: from as string,
                })),
              )
              .execute();
          const rows = work.flatMap((list, e) =>
            list.flatMap((d, i) => {
              if (d.works === 0) return [];
              // 8 a.m. Pacific is 15:00 or 16:00 UTC: the local day is the day of the shift's start.
              const start = Date.parse(`${SPAN_DAYS[i]}T08:00:00-07:00`) + (d.startMinute - 8 * 60) * 60_000;
              const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
              const punch = (type: string, from: number, to: number, deduction: Deduction, k: number) => ({
                account_id: owner.accountId,
                employee_ref: refs[e],
                client_id: `p${runs}-${e}-${i}-${k}`,
                work_date: localDay(new Date(at(from)), rules.zone),
                time_in: at(from),
                time_out: at(to),
                received_in_at: at(from),
                source: 'manual' as const,
                type: type as 'None',
                deduction,
                late_sync: 0,
                created_at: at(from),
                updated_at: at(from),
              });
              const shift = [punch('None', 0, d.length, 'Manual', 0)];
              if (d.breakLength && d.breakAt < d.length)
                shift.push(punch(d.breakType, d.breakAt, d.breakAt + d.breakLength, d.deduction, 1));
              return shift;
            }),
          );
          for (let i = 0; i < rows.length; i += 200)
            await t.db
              .insertInto('punches')
              .values(rows.slice(i, i + 200))
              .execute();

          let overDays = 0;
          const source: PaySource = {
            ...repo,
            overDays: (...args) => {
              overDays += 1;
              return repo.overDays(...args);
            },
            payRuleVersions: async () => [
              { effective_from: '2000-01-01', preset, overrides: JSON.stringify(overrides) },
            ],
          };
          const people = refs.map((id, i) => ({ id, rateCents: RATES[i] }));
          const period = {
            start: SPAN_DAYS[first],
            end: SPAN_DAYS[Math.min(first + length, SPAN_DAYS.length - 1)],
          };
          const steps = async (employeeRefs?: readonly number[]) => {
            const results = await periodPay(
              source,
              owner.accountId,
              rules,
              people,
              {
                ...period,
                employeeRefs,
              },
              { why: true },
            );
            for (const r of results)
              for (const d of r.days)
                for (const line of d.steps) seen[line.step] = (seen[line.step] ?? 0) + 1;
            return new Map<number, PayTotals>(
              results
                .filter((r) => !employeeRefs || employeeRefs.includes(r.employeeRef))
                .map((r) => [r.employeeRef, r.totals]),
            );
          };
          for (const employeeRefs of [undefined, [refs[0], refs[1]]]) {
            const fromSql = await periodPayTotals(source, owner.accountId, rules, people, {
              ...period,
              employeeRefs,
            });
            expect(new Map([...fromSql].sort(([a], [b]) => a - b))).toEqual(
              new Map([...(await steps(employeeRefs))].sort(([a], [b]) => a - b)),
            );
            for (const p of fromSql.values()) {
              if (p.overtime) seen.overtime += 1;
              if (p.double_time) seen.double_time += 1;
              if (p.premium_cents) seen.premium_cents += 1;
              if (p.paid < p.worked) seen.deducted += 1;
            }
          }
          expect(overDays).toBe(2);
          inSql += 1;
        },
      ),
      { numRuns: 80 },
    );
    expect(inSql).toBe(runs);
    for (const kind of [
      'overtime',
      'double_time',
      'premium_cents',
      'deducted',
      'auto_breaks',
      'daily_overtime',
      'weekly_overtime',
      'seventh_day',
      'meal_premium',
    ])
      expect(seen[kind] ?? 0, kind).toBeGreaterThan(5);
  });
});
