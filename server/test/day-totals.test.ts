import type { Deduction, PunchType } from '@punchclock/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/time';
import { periodRepository } from '../src/modules/time/period.repository';
import { RATES_SINCE } from '../src/modules/employees/rates.repository';
import { addDays } from '../src/modules/time/calendar';
import {
  BREAK_DAYS_LATER,
  computeDays,
  figuresSql,
  type PeriodSums,
  PIPELINE,
  type SqlFigures,
  type SqlOps,
  sumByEmployee,
} from '../src/modules/time/engine';
import { daysFromTotals, roundsLikeUtc } from '../src/modules/time/day-totals';
import type { TimeRules } from '../src/modules/time/time-rules';
import { createAccount, createEmployee } from './factories';
import { useTestApp } from './helper';

/**
 * The database's sums (day-totals.repository.ts) and the engine's own steps (computeDays) must give the same
 * figures for any stored punches: random days of work, Lunch and Break punches (Auto and Manual, partly
 * outside work, overlapping, inside a shift of the day before or after theirs, in periods that cut through them), open shifts and late syncs, with every rounding step in zones where the
 * database may round (whole-hour, half-hour and 45-minute offsets, across New York's fall-back).
 */
const t = useTestApp();

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];
const STEPS = [null, 5, 10, 15, 30];
const BASE = Date.parse('2026-10-31T00:00:00Z'); // New York falls back on Nov 1

const punchArb = fc.record({
  employee: fc.integer({ min: 0, max: 2 }),
  startSecond: fc.integer({ min: 0, max: 3 * 86_400 }),
  lengthSecond: fc.integer({ min: 0, max: 12 * 3600 }),
  open: fc.boolean(),
  type: fc.constantFrom<PunchType>('None', 'None', 'Lunch', 'Break'),
  deduction: fc.constantFrom<Deduction>('Auto', 'Manual'),
  lateSync: fc.boolean(),
  ms: fc.integer({ min: 0, max: 999 }),
});

/** A rate change: an employee's rate from a day of the punches' span on (employee_rates). */
const changeArb = fc.record({
  employee: fc.integer({ min: 0, max: 2 }),
  from: fc.constantFrom('2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'),
  cents: fc.integer({ min: 0, max: 100_000 }),
});

/** A punch of the first employee, closed, on time, Auto: what the example below varies. */
const night = {
  employee: 0,
  open: false,
  deduction: 'Auto' as Deduction,
  lateSync: false,
  ms: 0,
};

describe('day totals in the database', () => {
  it('equal the engine’s figures for random days, every step and zone it applies to', async () => {
    const owner = await createAccount(t);
    const refs: number[] = [];
    // The last rate is high enough that a day's pay overflows 32-bit arithmetic in the SQL form of earnings.
    const RATES = [1333, 1334, 999_999_999];
    for (const rate of RATES)
      refs.push((await createEmployee(t, owner, { hourly_rate: (rate / 100).toFixed(2) })).id);
    const repo = periodRepository(t.db);
    let runs = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...STEPS),
        fc.array(punchArb, { minLength: 1, maxLength: 14 }),
        fc.array(changeArb, { maxLength: 4 }),
        fc.boolean(),
        // The whole span of the punches, or a part of it: a break then may lie in a shift of a day outside it.
        fc.constantFrom(
          ['2026-10-30', '2026-11-04'],
          ['2026-10-31', '2026-10-31'],
          ['2026-11-01', '2026-11-02'],
          ['2026-11-02', '2026-11-04'],
        ),
        async (zone, step, punches, changes, attendanceOnly, [start, end]) => {
          const rules: TimeRules = {
            zone,
            step,
            displayRounded: false,
            attendanceOnly,
            dateFormat: 'MM/DD/YY',
            timeFormat: '24 Hours',
            weekStart: 'Monday',
            currency: 'USD',
          };
          fc.pre(roundsLikeUtc(rules, start, end));
          runs += 1;
          await t.db.deleteFrom('punches').where('account_id', '=', owner.accountId).execute();
          // Rate changes as the employees service writes them: one a day an employee, the oldest from RATES_SINCE.
          await t.db.deleteFrom('employee_rates').where('account_id', '=', owner.accountId).execute();
          const rated = new Map<string, (typeof changes)[number]>();
          for (const c of changes) rated.set(`${c.employee}|${c.from}`, c);
          const changed = new Set([...rated.values()].map((c) => c.employee));
          const rows = [
            ...[...changed].map((employee) => ({ employee, from: RATES_SINCE, cents: RATES[employee] })),
            ...rated.values(),
          ];
          if (rows.length)
            await t.db
              .insertInto('employee_rates')
              .values(
                rows.map((c) => ({
                  account_id: owner.accountId,
                  employee_ref: refs[c.employee],
                  effective_from: c.from,
                  rate_cents: c.cents,
                  created_at: c.from,
                })),
              )
              .execute();
          const sorted = [...rows].sort((a, b) => (a.from < b.from ? -1 : 1));
          const rates = refs.map((id, i) => {
            const own = sorted.filter((c) => c.employee === i);
            return {
              id,
              rateCents: RATES[i],
              ...(own.length ? { rates: own.map(({ from, cents }) => ({ from, cents })) } : {}),
            };
          });
          const open = new Set<number>(); // the database allows one open shift per employee
          await t.db
            .insertInto('punches')
            .values(
              punches.map((p, i) => {
                const timeIn = new Date(BASE + p.startSecond * 1000 + p.ms).toISOString();
                const isOpen = p.open && !open.has(p.employee);
                if (isOpen) open.add(p.employee);
                const timeOut = isOpen
                  ? null
                  : new Date(BASE + (p.startSecond + p.lengthSecond) * 1000 + p.ms).toISOString();
                return {
                  account_id: owner.accountId,
                  employee_ref: refs[p.employee],
                  client_id: `r${runs}-${i}`,
                  work_date: localDay(new Date(timeIn), zone),
                  time_in: timeIn,
                  time_out: timeOut,
                  received_in_at: timeIn,
                  source: 'manual' as const,
                  type: p.type,
                  deduction: p.deduction,
                  late_sync: p.lateSync ? 1 : 0,
                  created_at: timeIn,
                  updated_at: timeIn,
                };
              }),
            )
            .execute();
          // As periodFigures reads them: the period's punches and the BREAK_DAYS_LATER days after it.
          const around = await repo.punches(owner.accountId, start, addDays(end, BREAK_DAYS_LATER));
          const fromEngine = computeDays(around, rates, rules, PIPELINE, { start, end });
          const totals = await repo.dayTotals(owner.accountId, start, end, { stepMinutes: step });
          expect(daysFromTotals(totals, rates, rules)).toEqual(fromEngine);
          // Some employees only, read through their own index.
          const some = [refs[0], refs[2]];
          const someTotals = await repo.dayTotals(owner.accountId, start, end, {
            stepMinutes: step,
            employeeRefs: some,
          });
          expect(daysFromTotals(someTotals, rates, rules)).toEqual(
            fromEngine.filter((d) => some.includes(d.employeeRef)),
          );
          // The figure steps' SQL forms, summed per employee, equal the engine's days summed.
          const byRef = (a: PeriodSums, b: PeriodSums) => a.employeeRef - b.employeeRef;
          const figures = (day: SqlFigures, ops: SqlOps) => figuresSql(day, rules, ops);
          for (const employeeRefs of [undefined, some]) {
            const sums = await repo.employeeSums(owner.accountId, start, end, {
              stepMinutes: step,
              employeeRefs,
              figures,
              rateChanges: rows.length > 0,
            });
            const expected = sumByEmployee(fromEngine).filter(
              (s) => !employeeRefs?.includes(s.employeeRef) === !employeeRefs,
            );
            expect(sums.sort(byRef)).toEqual(expected.sort(byRef));
          }
        },
      ),
      {
        numRuns: 60,
        // Always among the cases: a night shift (Oct 31 22:00 → Nov 1 06:30 UTC) with its Auto lunch after
        // midnight, in a period of the shift's day alone, where the lunch's own day lies outside the period.
        examples: [
          [
            'UTC',
            null,
            [
              { ...night, startSecond: 22 * 3600, lengthSecond: 30_600, type: 'None' },
              { ...night, startSecond: 25 * 3600, lengthSecond: 1_800, type: 'Lunch' },
            ],
            [],
            false,
            ['2026-10-31', '2026-10-31'],
          ],
        ],
      },
    );
    expect(runs).toBeGreaterThan(30);
  });

  it('does not round in the database where the zone’s offset is not a whole number of steps', () => {
    const rules = { zone: 'Asia/Kathmandu', step: 10 }; // +05:45
    expect(roundsLikeUtc(rules, '2026-01-01', '2026-01-31')).toBe(false);
    expect(roundsLikeUtc({ ...rules, step: 15 }, '2026-01-01', '2026-01-31')).toBe(true);
    expect(roundsLikeUtc({ zone: 'Asia/Kolkata', step: 60 }, '2026-01-01', '2026-01-31')).toBe(false);
    expect(roundsLikeUtc({ zone: 'America/New_York', step: 30 }, '2026-03-01', '2026-03-31')).toBe(true);
  });
});
