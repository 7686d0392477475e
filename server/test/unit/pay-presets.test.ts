import { EMPTY_PAY_TOTALS } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { computeDays, type EnginePunch } from '../../src/modules/time/engine';
import { payDay, payPeriod, payWindow } from '../../src/modules/time/pay/pipeline';
import { employee, lunch, timeRules, version, weekFrom, work } from './pay-fixtures';

/**
 * The presets end to end, from punches: every expected figure is computed by hand from the statute cited in the
 * test's name, at $20.00 an hour (1.5× = $30.00, 2× = $40.00), in UTC with weeks from Monday unless said.
 */
const at = (day: string, hhmm: string) => `${day}T${hhmm}:00Z`;
const shift = (day: string, from: string, to: string) => work(at(day, from), at(day, to));
const split = (t: { regular: number; overtime: number; double_time: number }) => [
  t.regular,
  t.overtime,
  t.double_time,
];
const run = (
  punches: EnginePunch[],
  preset: Parameters<typeof version>[0],
  start: string,
  end: string,
  r = {},
) => payPeriod({ employee, punches, rules: timeRules(r), versions: [version(preset)], start, end });

describe('pay presets, from the statutes', () => {
  it('29 U.S.C. §207(a)(1) (us_flsa): a week of six 8-hour days → 40 h regular, 8 h at 1.5×', () => {
    const week = weekFrom('2026-01-05').slice(0, 6); // Mon–Sat
    const result = run(
      week.map((d) => shift(d, '09:00', '17:00')),
      'us_flsa',
      '2026-01-05',
      '2026-01-11',
    );
    // 40.00 h × $20.00 = $800.00; 8.00 h × $30.00 = $240.00; gross $1,040.00.
    expect(result.totals).toEqual({
      worked: 2880,
      paid: 2880,
      regular: 2400,
      overtime: 480,
      double_time: 0,
      premium_cents: 0,
      gross_cents: 104_000,
    });
    expect(result.days[5].steps.map((s) => [s.step, s.rule, s.minutes])).toEqual([
      ['weekly_overtime', 'FLSA §207(a)(1): over 40 h in the workweek at 1.5×', 480],
      ['money', expect.any(String), 480],
    ]);
    expect(result.days.map((d) => d.totals.gross_cents)).toEqual([
      16_000, 16_000, 16_000, 16_000, 16_000, 24_000,
    ]);
  });

  it('California Labor Code §510(a), §512(a), §226.7(c) (us_california): a 13-hour day with one lunch', () => {
    // 07:00–20:30 with an unpaid lunch 12:00–12:30: 810 worked, 780 paid. §510(a): 480 regular, 240 at 1.5×
    // (over 8 h), 60 at 2× (over 12 h). §512(a): 780 min of work needs two meal periods (> 10 h); one taken →
    // §226.7(c): one hour at the regular rate. $160.00 + 4.00 h × $30 + 1.00 h × $40 + $20.00 premium = $340.00.
    const day = '2026-01-06';
    const result = run(
      [shift(day, '07:00', '20:30'), lunch(at(day, '12:00'), at(day, '12:30'))],
      'us_california',
      day,
      day,
    );
    expect(result.totals).toEqual({
      worked: 810,
      paid: 780,
      regular: 480,
      overtime: 240,
      double_time: 60,
      premium_cents: 2000,
      gross_cents: 34_000,
    });
    expect(result.days[0].steps.map((s) => [s.step, s.minutes])).toEqual([
      ['breaks', 30],
      ['daily_overtime', 240],
      ['daily_overtime', 60],
      ['meal_premium', 60],
      ['money', 780],
    ]);
    expect(result.days[0].steps[1].rule).toBe('California §510: over 8 h at 1.5×');
  });

  it('California Labor Code §510(a) (us_california): work on all seven days of the workweek, 9 h each', () => {
    // Each day 08:00–17:30 with a 30-min lunch: 540 paid, one meal taken (no premium). Daily: 480 + 60 at 1.5×.
    // Weekly (only regular minutes count): Mon–Fri make 2,400, so Saturday's and Sunday's 480 regular are 1.5×.
    // Seventh day (Sunday): first 8 h at 1.5×, the ninth hour at 2×.
    // Regular 2,400 (40 h); overtime 5 × 60 + 540 + 480 = 1,320 (22 h); double 60 (1 h). 40 × $20 + 22 × $30 +
    // 1 × $40 = $800 + $660 + $40 = $1,500.00.
    const week = weekFrom('2026-01-05');
    const punches = week.flatMap((d) => [shift(d, '08:00', '17:30'), lunch(at(d, '12:00'), at(d, '12:30'))]);
    const result = run(punches, 'us_california', week[0], week[6]);
    expect(split(result.totals)).toEqual([2400, 1320, 60]);
    expect([result.totals.premium_cents, result.totals.gross_cents]).toEqual([0, 150_000]);
    expect(result.days.map((d) => split(d.totals))).toEqual([
      ...Array(5).fill([480, 60, 0]),
      [0, 540, 0],
      [0, 480, 60],
    ]);
    expect(result.days[6].steps.map((s) => s.step)).toEqual([
      'breaks',
      'daily_overtime',
      'weekly_overtime',
      'seventh_day',
      'money',
    ]);
  });

  it('ArbZG §4 (de_arbzg): a 7-hour day with a 15-minute punched break has 15 more deducted', () => {
    // 08:00–15:15 with a break 12:00–12:15: 420 min of work (more than 6 h) needs 30 min of breaks; 15 taken,
    // 15 deducted: paid 435 − 15 − 15 = 405. No premium: 6.75 h × $20 = $135.00.
    const day = '2026-01-07';
    const result = run(
      [shift(day, '08:00', '15:15'), { ...lunch(at(day, '12:00'), at(day, '12:15')), type: 'Break' }],
      'de_arbzg',
      day,
      day,
    );
    expect(result.totals).toEqual({
      worked: 435,
      paid: 405,
      regular: 405,
      overtime: 0,
      double_time: 0,
      premium_cents: 0,
      gross_cents: 13_500,
    });
    expect(result.days[0].steps[1]).toEqual({
      step: 'auto_breaks',
      rule: 'ArbZG §4: breaks of 30 min over 6 h, 45 min over 9 h',
      minutes: 15,
      detail: '420 min of work needs 30 min of breaks; 15 min taken, 15 min deducted.',
    });
    expect(result.days[0].flags).toEqual([]);
  });

  it('ArbZG §3, §5(1) (de_arbzg): 11 h of work and 9 h of rest are flagged, with no premium', () => {
    // Mon 07:00–19:00 with 45 min of breaks: 675 min of work > 600 (§3). Tue 04:00: 9 h after 19:00 < 11 h (§5(1)).
    const punches = [
      shift('2026-01-05', '07:00', '19:00'),
      lunch(at('2026-01-05', '12:00'), at('2026-01-05', '12:45')),
      shift('2026-01-06', '04:00', '08:00'),
    ];
    const result = run(punches, 'de_arbzg', '2026-01-05', '2026-01-06');
    expect(result.days.map((d) => d.flags.map((f) => [f.flag, f.detail]))).toEqual([
      [['daily_max', '675 min of work, 75 min over the limit.']],
      [['short_rest', '540 min of rest since the last clock-out of 2026-01-05.']],
    ]);
    expect(result.totals.premium_cents).toBe(0);
    expect(result.totals.overtime).toBe(0);
  });

  it('a rule change in the middle of a month: days before it keep their rules; the week counts all its hours', () => {
    // Mon–Fri 2026-01-12..16, each 08:00–18:30 with a 30-min lunch: 600 paid, one meal (enough for ≤ 10 h).
    // none until Wed 14th: 600 regular each (1,800). us_california from Thu 15th: Thu 480 + 120 at 1.5×; the week's
    // regular is 2,280 then. Fri: 480 + 120 daily, and 2,280 + 480 passes 2,400 by 360 → regular 120, overtime 480.
    const week = weekFrom('2026-01-12').slice(0, 5);
    const punches = week.flatMap((d) => [shift(d, '08:00', '18:30'), lunch(at(d, '12:00'), at(d, '12:30'))]);
    const result = payPeriod({
      employee,
      punches,
      rules: timeRules(),
      versions: [version('none', '2025-01-01'), version('us_california', '2026-01-15')],
      start: '2026-01-01',
      end: '2026-01-31',
    });
    expect(result.days.map((d) => [d.day, d.preset, ...split(d.totals)])).toEqual([
      ['2026-01-12', 'none', 600, 0, 0],
      ['2026-01-13', 'none', 600, 0, 0],
      ['2026-01-14', 'none', 600, 0, 0],
      ['2026-01-15', 'us_california', 480, 120, 0],
      ['2026-01-16', 'us_california', 120, 480, 0],
    ]);
    // 40 h × $20 + 10 h × $30 = $1,100.00
    expect(result.totals.gross_cents).toBe(110_000);
    expect(result.days[2].steps.map((s) => s.step)).toEqual(['breaks', 'money']);
  });

  it('a night shift over midnight into a new workweek belongs to the day (and week) it started', () => {
    // us_flsa, weeks from Monday. Mon–Fri 2026-01-05..09 8 h each (40 h). Sun 11th 22:00 – Mon 12th 06:00 is
    // Sunday's: 8 h over 40 in the first week → 1.5×. Mon 12th 14:00–22:00 starts a new week: regular.
    const week = weekFrom('2026-01-05');
    const punches = [
      ...week.slice(0, 5).map((d) => shift(d, '09:00', '17:00')),
      work(at('2026-01-11', '22:00'), at('2026-01-12', '06:00')),
      shift('2026-01-12', '14:00', '22:00'),
    ];
    const result = run(punches, 'us_flsa', '2026-01-05', '2026-01-18');
    expect(result.days.slice(-2).map((d) => [d.day, ...split(d.totals)])).toEqual([
      ['2026-01-11', 0, 480, 0],
      ['2026-01-12', 480, 0, 0],
    ]);
    expect(split(result.totals)).toEqual([2880, 480, 0]);
  });

  it('a daylight-saving night counts its real minutes (Los Angeles, us_california)', () => {
    // Oct 31 22:00 PDT (05:00Z) to Nov 1 07:00 PST (15:00Z): 9 h on the wall clock, 10 h real. Lunch 02:00–02:30
    // PST (10:00Z–10:30Z). 570 paid → §510(a): 480 regular, 90 at 1.5×; one meal for 570 min of work: no premium.
    const fall = [
      work('2026-11-01T05:00:00Z', '2026-11-01T15:00:00Z'),
      lunch('2026-11-01T10:00:00Z', '2026-11-01T10:30:00Z'),
    ].map((p) => ({ ...p, work_date: '2026-10-31' }));
    const r = { zone: 'America/Los_Angeles' };
    const result = run(fall, 'us_california', '2026-10-31', '2026-10-31', r);
    expect([result.days[0].day, result.totals.worked, ...split(result.totals)]).toEqual([
      '2026-10-31',
      600,
      480,
      90,
      0,
    ]);
    // Mar 7 22:00 PST (06:00Z) to Mar 8 06:00 PDT (13:00Z): 8 h on the wall clock, 7 h real: no overtime; 420 min
    // of work with no meal → §226.7(c) premium $20.00. 7.00 h × $20 + $20 = $160.00.
    const spring = run(
      [work('2026-03-08T06:00:00Z', '2026-03-08T13:00:00Z')],
      'us_california',
      '2026-03-07',
      '2026-03-07',
      r,
    );
    expect([spring.days[0].day, ...split(spring.totals), spring.totals.gross_cents]).toEqual([
      '2026-03-07',
      420,
      0,
      0,
      16_000,
    ]);
  });

  it('Attendance Only: presence with no pay, no overtime and no steps, whatever the preset', () => {
    const day = '2026-01-06';
    const result = run([shift(day, '07:00', '20:30')], 'us_california', day, day, { attendanceOnly: true });
    expect(result.days).toHaveLength(1);
    expect(result.days[0].state.figures.firstIn).toBe(at(day, '07:00'));
    expect(result.totals).toEqual(EMPTY_PAY_TOTALS);
    expect(result.days[0].totals).toEqual(EMPTY_PAY_TOTALS);
    expect(result.days[0].steps).toEqual([]);
    expect(result.lines).toEqual([]);
  });

  it('none gives exactly the engine’s minutes: every paid minute regular, nothing moved', () => {
    // Rounding to 5 min, an Auto and a Manual lunch, an open shift, a night shift: the minutes of today's engine.
    const punches = [
      work('2026-01-05T08:57:40Z', '2026-01-05T17:02:10Z'),
      lunch('2026-01-05T12:00:00Z', '2026-01-05T12:30:00Z'),
      work('2026-01-06T22:00:00Z', '2026-01-07T06:30:00Z'),
      lunch('2026-01-07T01:00:00Z', '2026-01-07T01:45:00Z', 'Manual'),
      work('2026-01-08T09:00:00Z', null),
    ];
    const rules = timeRules({ step: 5 });
    const engine = computeDays(punches, [employee], rules);
    const result = payPeriod({
      employee,
      punches,
      rules,
      versions: [],
      start: '2026-01-05',
      end: '2026-01-11',
    });
    expect(result.days.map((d) => [d.day, d.totals.worked, d.totals.paid])).toEqual(
      engine.map((d) => [d.day, d.workedMinutes, d.paidMinutes]),
    );
    expect(result.days.map((d) => d.totals.regular)).toEqual(engine.map((d) => d.paidMinutes));
    expect(result.totals.overtime + result.totals.double_time + result.totals.premium_cents).toBe(0);
    expect(result.days.flatMap((d) => d.steps.map((s) => s.step))).not.toContain('daily_overtime');
  });

  it('answers one day’s why with its money a share of its workweek’s lines', () => {
    const week = weekFrom('2026-01-05').slice(0, 6);
    const punches = week.map((d) => shift(d, '09:00', '17:00'));
    const input = { employee, punches, rules: timeRules(), versions: [version('us_flsa')] };
    expect(payDay({ ...input, day: '2026-01-10' })?.totals).toEqual(
      expect.objectContaining({ regular: 0, overtime: 480, gross_cents: 24_000 }),
    );
    expect(payDay({ ...input, day: '2026-01-11' })).toBeNull();
    // The window reads from the day before the first workweek to the day after the period.
    expect(payWindow('2026-01-07', '2026-01-31', 'Monday')).toEqual({ from: '2026-01-04', to: '2026-02-01' });
  });
});
