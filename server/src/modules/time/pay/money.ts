import {
  hoursFromMinutes,
  hoursText,
  moneyFromCents,
  type PayRuleSet,
  payRuleTexts,
} from '@punchclock/contract';
import type { DayCents, PayDayState } from './types';

export const PAY_KINDS = ['regular', 'overtime', 'double_time', 'premium'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** One pay line of a period: the minutes of one kind at one rate and multiplier, and what they earn. */
export interface PayLine {
  kind: PayKind;
  rateCents: number;
  multiplier: number;
  minutes: number;
  cents: number;
}

/**
 * What a pay line earns (docs/RULES.md#pay-lines): its hours as shown (2 decimals, the contract's
 * hoursFromMinutes) × the rate in cents × the multiplier, rounded half up once. The multiplier is taken in
 * thousandths (the contract allows 3 decimals) and the product in BigInt, so nothing is lost to floating point.
 */
export function lineCents(minutes: number, rateCents: number, multiplier: number): number {
  const hundredths = BigInt(Math.round(hoursFromMinutes(minutes) * 100));
  const product = hundredths * BigInt(rateCents) * BigInt(Math.round(multiplier * 1000));
  const scale = 100_000n;
  return Number((2n * product + scale) / (2n * scale));
}

/**
 * `total` split in proportion to `weights` into integers that add up to it exactly (largest remainder: each
 * share's floor, then one more to the largest remainders, the earlier share first on a tie).
 */
export function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const base = weights.map((w) => Math.floor((total * w) / sum));
  const left = total - base.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rest: total * w - base[i] * sum }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; k < left; k++) base[order[k].i] += 1;
  return base;
}

const minutesOf = (d: PayDayState, kind: PayKind): number =>
  kind === 'premium' ? d.premiumHours * 60 : d[kind];
const multiplierOf = (set: Readonly<PayRuleSet>, kind: PayKind): number =>
  kind === 'overtime' ? set.overtime_multiplier : kind === 'double_time' ? set.double_multiplier : 1;

/**
 * The pay lines of a period whose days all have one rate and one rule set, from the minutes of each kind summed
 * (the database's pay query, pay-sql.ts): the lines money() makes of those days, one a kind with minutes.
 */
export function linesOfSums(
  minutes: Readonly<Record<PayKind, number>>,
  rateCents: number,
  set: Readonly<PayRuleSet>,
): PayLine[] {
  return PAY_KINDS.filter((kind) => minutes[kind]).map((kind) => {
    const multiplier = multiplierOf(set, kind);
    const line = { kind, rateCents, multiplier, minutes: minutes[kind], cents: 0 };
    line.cents = lineCents(line.minutes, rateCents, multiplier);
    return line;
  });
}

/**
 * Money (docs/RULES.md#pay-lines): the period's minutes of each kind, rate and multiplier make one line each,
 * rounded once; each day's cents are its shares of the lines it has minutes in, so the days add up to the
 * lines exactly. Premiums are hours at the regular rate (×1).
 */
export function money(
  days: readonly PayDayState[],
  opts: { why?: boolean; currency?: string } = {},
): { days: PayDayState[]; lines: PayLine[] } {
  // Reports read only the figures: the why's words (money formatted per day) cost more than the money itself.
  const why = opts.why ?? true;
  // The why's money reads as every other figure of the account does (docs/RULES.md#currency).
  const shown = (c: number) => moneyFromCents(c, opts.currency);
  const groups = new Map<number, { line: PayLine; members: { day: number; minutes: number }[] }>();
  days.forEach((d, i) => {
    for (let k = 0; k < PAY_KINDS.length; k++) {
      const kind = PAY_KINDS[k];
      const minutes = minutesOf(d, kind);
      if (!minutes) continue;
      const multiplier = multiplierOf(d.set, kind);
      // One line a kind, rate and multiplier (thousandths, at most 10,000): one number, not a text per day.
      const key = (d.figures.rateCents * 10_001 + Math.round(multiplier * 1000)) * PAY_KINDS.length + k;
      let g = groups.get(key);
      if (!g) {
        g = { line: { kind, rateCents: d.figures.rateCents, multiplier, minutes: 0, cents: 0 }, members: [] };
        groups.set(key, g);
      }
      g.line.minutes += minutes;
      g.members.push({ day: i, minutes });
    }
  });
  const cents: DayCents[] = days.map(() => ({ regular: 0, overtime: 0, double_time: 0, premium: 0 }));
  // Words only when the why is read: a report's days need none (a list per day was garbage to collect).
  const parts: string[][] = why ? days.map(() => []) : [];
  for (const { line, members } of groups.values()) {
    line.cents = lineCents(line.minutes, line.rateCents, line.multiplier);
    const split = shares(
      line.cents,
      members.map((m) => m.minutes),
    );
    members.forEach((m, k) => {
      cents[m.day][line.kind] += split[k];
      if (why)
        parts[m.day].push(
          `${line.kind.replace('_', ' ')} ${hoursText(m.minutes)} h at ${shown(line.rateCents)} × ${line.multiplier}: ${shown(split[k])} of the period's ${hoursText(line.minutes)} h, ${shown(line.cents)}`,
        );
    });
  }
  const lines = [...groups.values()]
    .map((g) => g.line)
    .sort((a, b) => PAY_KINDS.indexOf(a.kind) - PAY_KINDS.indexOf(b.kind) || a.rateCents - b.rateCents);
  return {
    lines,
    days: days.map((d, i) =>
      why && parts[i].length
        ? {
            ...d,
            cents: cents[i],
            steps: [
              ...d.steps,
              { step: 'money', rule: payRuleTexts.money, minutes: d.paid, detail: `${parts[i].join('; ')}.` },
            ],
          }
        : { ...d, cents: cents[i] },
    ),
  };
}
