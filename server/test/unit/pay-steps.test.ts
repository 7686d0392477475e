import { PAY_PRESETS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { autoBreaks } from '../../src/modules/time/pay/auto-breaks';
import { breaksWhy } from '../../src/modules/time/pay/breaks';
import { dailyOvertime } from '../../src/modules/time/pay/daily-overtime';
import { limits } from '../../src/modules/time/pay/limits';
import { mealPremium } from '../../src/modules/time/pay/meal-premium';
import { roundingWhy } from '../../src/modules/time/pay/rounding';
import { seventhDay } from '../../src/modules/time/pay/seventh-day';
import { weeklyOvertime } from '../../src/modules/time/pay/weekly-overtime';
import { ctx, payDay, weekFrom } from './pay-fixtures';

const split = (d: { regular: number; overtime: number; double_time: number }) => [
  d.regular,
  d.overtime,
  d.double_time,
];

describe('pay step: rounding (why only)', () => {
  it('says how many minutes rounding took, and changes no minute', () => {
    // 484 min as clocked, 480 rounded (engine's rounding): 4 min taken.
    const d = payDay('2026-01-05', 480, 'none', { rawWorked: 484 });
    const [out] = roundingWhy([d], ctx({ step: 5 }));
    expect(out.steps).toEqual([expect.objectContaining({ step: 'rounding', minutes: 4 })]);
    expect(out.steps[0].detail).toMatch(/^Took 4 min/);
    expect(split(out)).toEqual([480, 0, 0]);
    expect(roundingWhy([d], ctx())[0].steps).toEqual([]); // no rounding set: no line
  });
});

describe('pay step: breaks (why only)', () => {
  it('says the Auto minutes the engine took off', () => {
    const d = payDay('2026-01-05', 450, 'none', { figures: { workedMinutes: 480, deductedMinutes: 30 } });
    const [out] = breaksWhy([d], ctx());
    expect(out.steps).toEqual([expect.objectContaining({ step: 'breaks', minutes: 30 })]);
    expect(out.paid).toBe(450);
  });
});

describe('pay step: automatic breaks (ArbZG §4)', () => {
  it('§4: more than 6 h of work needs 30 min; 15 punched leave 15 deducted', () => {
    // 435 worked, a 15-min break inside: 420 min of work > 360 → 30 required, 15 missing → paid 420 − 15 = 405.
    const d = payDay('2026-01-05', 420, 'de_arbzg', {
      figures: { workedMinutes: 435, deductedMinutes: 15 },
      breaks: [15],
    });
    const [out] = autoBreaks([d], ctx());
    expect([out.paid, out.regular, out.autoDeducted]).toEqual([405, 405, 15]);
    expect(out.steps).toEqual([expect.objectContaining({ step: 'auto_breaks', minutes: 15 })]);
  });

  it('§4: more than 9 h needs 45 min; exactly 6 h needs none', () => {
    // 600 worked, 30 punched (Manual, paid): 570 of work > 540 → 45 required → 15 deducted from 600 paid.
    const long = payDay('2026-01-05', 600, 'de_arbzg', {
      figures: { workedMinutes: 600, manualBreakMinutes: 30 },
      breaks: [30],
    });
    expect(autoBreaks([long], ctx())[0].paid).toBe(585);
    // 360 of work is not "more than six hours": nothing required.
    const six = payDay('2026-01-06', 360, 'de_arbzg');
    expect(autoBreaks([six], ctx())[0]).toBe(six);
  });

  it('never deducts more than is paid, and does nothing without tiers', () => {
    const d = payDay('2026-01-05', 20, 'none', {
      set: { ...PAY_PRESETS.none, auto_breaks: [{ after_minutes: 0, break_minutes: 30 }] },
    });
    expect(autoBreaks([d], ctx())[0].paid).toBe(0);
    const none = payDay('2026-01-05', 600);
    expect(autoBreaks([none], ctx())[0]).toBe(none);
  });
});

describe('pay step: daily overtime (California Labor Code §510(a))', () => {
  it('§510(a): 13 h → 8 h regular, 4 h at 1.5×, 1 h at 2×', () => {
    const [out] = dailyOvertime([payDay('2026-01-06', 780, 'us_california')], ctx());
    expect(split(out)).toEqual([480, 240, 60]);
    expect(out.steps.map((s) => [s.step, s.minutes, s.rule])).toEqual([
      ['daily_overtime', 240, 'California §510: over 8 h at 1.5×'],
      ['daily_overtime', 60, 'California §510: over 12 h at 2×'],
    ]);
  });

  it('exactly 8 h is no overtime; double time alone works without an overtime threshold', () => {
    expect(split(dailyOvertime([payDay('2026-01-06', 480, 'us_california')], ctx())[0])).toEqual([480, 0, 0]);
    const d = payDay('2026-01-06', 700, 'none', {
      set: { ...PAY_PRESETS.none, daily_double_after: 600 },
    });
    expect(split(dailyOvertime([d], ctx())[0])).toEqual([600, 0, 100]);
  });

  it('FLSA has no daily overtime: a 10-hour day is all regular', () => {
    const d = payDay('2026-01-06', 600, 'us_flsa');
    expect(dailyOvertime([d], ctx())[0]).toBe(d);
  });
});

describe('pay step: weekly overtime (29 U.S.C. §207(a)(1))', () => {
  it('§207(a)(1): six 8-hour days → the sixth day is all overtime', () => {
    const days = weekFrom('2026-01-05')
      .slice(0, 6)
      .map((day) => payDay(day, 480, 'us_flsa'));
    const out = weeklyOvertime(days, ctx());
    expect(out.map(split)).toEqual([...Array(5).fill([480, 0, 0]), [0, 480, 0]]);
    expect(out[5].steps).toEqual([expect.objectContaining({ step: 'weekly_overtime', minutes: 480 })]);
  });

  it('counts the week from the account week start: Sunday starts a new week', () => {
    // Week starts Sunday: Mon–Sat 2026-01-05..10 is one week (6 × 480 = 2880 → 480 over), Sun 2026-01-11 a new one.
    const days = weekFrom('2026-01-05').map((day) => payDay(day, 480, 'us_flsa'));
    const out = weeklyOvertime(days, ctx({ weekStart: 'Sunday' }));
    expect(out.map((d) => d.overtime)).toEqual([0, 0, 0, 0, 0, 480, 0]);
  });

  it('California §510(a): counts only minutes not already daily overtime', () => {
    // Five 10-hour days: daily 480 + 120 each; weekly counts 5 × 480 = 2400 regular → nothing more.
    const days = weekFrom('2026-01-05')
      .slice(0, 5)
      .map((day) => ({ ...payDay(day, 600, 'us_california'), regular: 480, overtime: 120 }));
    expect(weeklyOvertime(days, ctx()).map(split)).toEqual(Array(5).fill([480, 120, 0]));
  });
});

describe('pay step: seventh day (California Labor Code §510(a))', () => {
  const week = weekFrom('2026-01-05');
  it('§510(a): seventh consecutive day, 9 h → 8 h at 1.5× and 1 h at 2×', () => {
    // Before: Sunday 540 paid, all overtime from the weekly rule.
    const days = week.map((day) => payDay(day, 540, 'us_california'));
    days[6] = { ...days[6], regular: 0, overtime: 540 };
    const out = seventhDay(days, ctx());
    expect(split(out[6])).toEqual([0, 480, 60]);
    expect(out[6].steps).toEqual([expect.objectContaining({ step: 'seventh_day', minutes: 60 })]);
    expect(out.slice(0, 6)).toEqual(days.slice(0, 6));
  });

  it('no stacking: minutes already double time stay so, and regular minutes move up', () => {
    // 13 h on the seventh day, daily split 480/240/60: seventh makes 480 overtime, 300 double (the highest).
    const days = week.map((day) => payDay(day, 480, 'us_california'));
    days[6] = { ...payDay(week[6], 780, 'us_california'), regular: 480, overtime: 240, double_time: 60 };
    const [, , , , , , sunday] = seventhDay(days, ctx());
    expect(split(sunday)).toEqual([0, 480, 300]);
    // Moved: 480 regular → overtime, 240 overtime → double.
    expect(sunday.steps[0].minutes).toBe(720);
  });

  it('six days of work is no seventh day, nor is a week of seven under a rule set without it', () => {
    const six = week.slice(1).map((day) => payDay(day, 480, 'us_california'));
    expect(seventhDay(six, ctx())).toEqual(six);
    const flsa = week.map((day) => payDay(day, 480, 'us_flsa'));
    expect(seventhDay(flsa, ctx())).toEqual(flsa);
  });
});

describe('pay step: meal premium (California Labor Code §512(a), §226.7(c))', () => {
  it('§512(a)/§226.7(c): 13 h with one lunch misses the second meal → one hour at the regular rate', () => {
    const d = payDay('2026-01-06', 780, 'us_california', {
      figures: { workedMinutes: 810, deductedMinutes: 30 },
      breaks: [30],
    });
    const [out] = mealPremium([d], ctx());
    expect(out.premiumHours).toBe(1);
    expect(out.steps).toEqual([expect.objectContaining({ step: 'meal_premium', minutes: 60 })]);
  });

  it('at most one a day: 11 h with no meal is still one hour', () => {
    expect(mealPremium([payDay('2026-01-06', 660, 'us_california')], ctx())[0].premiumHours).toBe(1);
  });

  it('exactly 5 h needs no meal; more than 5 h with a 30-min meal is fine; a 20-min break is no meal', () => {
    expect(mealPremium([payDay('2026-01-06', 300, 'us_california')], ctx())[0].premiumHours).toBe(0);
    const fed = payDay('2026-01-06', 480, 'us_california', { figures: { workedMinutes: 510 }, breaks: [30] });
    expect(mealPremium([fed], ctx())[0].premiumHours).toBe(0);
    const short = payDay('2026-01-06', 480, 'us_california', {
      figures: { workedMinutes: 500 },
      breaks: [20],
    });
    expect(mealPremium([short], ctx())[0].premiumHours).toBe(1);
  });
});

describe('pay step: working-time limits (ArbZG §3, §5(1))', () => {
  it('§3: a day of more than 10 h of work is flagged; §5(1): rest under 11 h is flagged', () => {
    const monday = payDay('2026-01-05', 660, 'de_arbzg', {
      figures: {
        workedMinutes: 705,
        firstIn: '2026-01-05T07:00:00.000Z',
        lastOut: '2026-01-05T22:00:00.000Z',
      },
      breaks: [45],
    });
    const tuesday = payDay('2026-01-06', 300, 'de_arbzg', {
      figures: { firstIn: '2026-01-06T07:00:00.000Z', lastOut: '2026-01-06T12:00:00.000Z' },
    });
    const [m, t] = limits([monday, tuesday], ctx());
    // Monday: 705 − 45 = 660 min of work, 60 over 600.
    expect(m.flags).toEqual([
      expect.objectContaining({ flag: 'daily_max', detail: '660 min of work, 60 min over the limit.' }),
    ]);
    // 22:00 to 07:00: 540 min of rest < 660.
    expect(t.flags).toEqual([
      expect.objectContaining({ flag: 'short_rest', detail: expect.stringMatching(/^540 min/) }),
    ]);
    expect([m.paid, t.paid]).toEqual([660, 300]);
  });

  it('exactly 10 h of work and exactly 11 h of rest are within the limits', () => {
    const a = payDay('2026-01-05', 600, 'de_arbzg', { figures: { lastOut: '2026-01-05T20:00:00.000Z' } });
    const b = payDay('2026-01-06', 480, 'de_arbzg', { figures: { firstIn: '2026-01-06T07:00:00.000Z' } });
    expect(limits([a, b], ctx()).flatMap((d) => d.flags)).toEqual([]);
  });
});
