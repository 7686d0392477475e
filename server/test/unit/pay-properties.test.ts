import { PAY_PRESET_NAMES } from '@punchclock/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/modules/time/calendar';
import { computeDays, type EnginePunch } from '../../src/modules/time/engine';
import { lineCents } from '../../src/modules/time/pay/money';
import { payPeriod } from '../../src/modules/time/pay/pipeline';
import { employee, lunch, timeRules, version, work } from './pay-fixtures';

/** A day of work: a shift of up to 16 h from 00:00–11:59 UTC, with a lunch of 0–59 min inside it or none. */
const dayArb = fc.record({
  offset: fc.integer({ min: 0, max: 27 }),
  startMinute: fc.integer({ min: 0, max: 719 }),
  length: fc.integer({ min: 1, max: 960 }),
  lunchAt: fc.integer({ min: 0, max: 900 }),
  lunchLength: fc.integer({ min: 0, max: 59 }),
});
const instant = (day: string, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000).toISOString();

type Day = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function punchesOf(days: Day[]): EnginePunch[] {
  const seen = new Set<number>();
  const out: EnginePunch[] = [];
  for (const d of days) {
    if (seen.has(d.offset)) continue; // one shift a day: shifts of one day never overlap
    seen.add(d.offset);
    const day = addDays('2026-02-02', d.offset);
    out.push(work(instant(day, d.startMinute), instant(day, d.startMinute + d.length)));
    const at = d.startMinute + Math.min(d.lunchAt, d.length);
    if (d.lunchLength) out.push(lunch(instant(day, at), instant(day, at + d.lunchLength)));
  }
  return out;
}

describe('pay pipeline properties (any days, any preset)', () => {
  it('splits exactly the paid minutes, never pays more than the engine, and the days add up to the lines', () => {
    fc.assert(
      fc.property(
        fc.array(dayArb, { maxLength: 28 }),
        fc.constantFrom(...PAY_PRESET_NAMES),
        fc.constantFrom('Monday' as const, 'Sunday' as const, 'Saturday' as const),
        (days, preset, weekStart) => {
          const punches = punchesOf(days);
          const rules = timeRules({ weekStart });
          const engine = computeDays(punches, [employee], rules);
          const result = payPeriod({
            employee,
            punches,
            rules,
            versions: [version(preset)],
            start: '2026-02-02',
            end: '2026-03-01',
          });
          expect(result.days.map((d) => d.day)).toEqual(engine.map((d) => d.day));
          result.days.forEach((d, i) => {
            const t = d.totals;
            expect(t.regular + t.overtime + t.double_time).toBe(t.paid);
            expect(t.paid).toBeLessThanOrEqual(engine[i].paidMinutes);
            if (preset === 'none' || preset === 'us_flsa' || preset === 'us_california')
              expect(t.paid).toBe(engine[i].paidMinutes); // only ArbZG deducts breaks
            if (preset === 'none') expect([t.overtime, t.double_time, t.premium_cents]).toEqual([0, 0, 0]);
            if (preset === 'us_california') {
              // §510(a): double time is what passes 12 h, except on a seventh day (what passes 8 h).
              const seventh = d.steps.some((w) => w.step === 'seventh_day');
              expect(t.double_time).toBe(Math.max(0, t.paid - (seventh ? 480 : 720)));
              expect([0, employee.rateCents]).toContain(t.premium_cents); // one hour at most
            }
          });
          const lines = result.lines.reduce((n, l) => n + l.cents, 0);
          expect(result.totals.gross_cents).toBe(lines);
          for (const l of result.lines) expect(l.cents).toBe(lineCents(l.minutes, l.rateCents, l.multiplier));
          if (preset === 'us_flsa') expect(result.totals.double_time).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
