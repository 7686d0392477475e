import { type RawBuilder, sql } from 'kysely';

/**
 * Money is integer cents everywhere (docs/RULES.md#money-in-cents): rates are stored in cents, earnings are
 * computed in cents, and only the edges turn them into the "12.50" text people type and read.
 */
export type Cents = number;

/** "12.5", "12.50" or 12.5 → 1250. Callers validate the text first (contract: ≥ 0, at most 2 decimals). */
export function centsFromDecimal(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const [whole, frac = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

/** 1250 → "12.50": how the API answers a rate (2 decimals). */
export const decimalFromCents = (cents: Cents): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * What `minutes` of work earn at `rateCents` an hour, in whole cents, rounded half up once at the end (never
 * per step, so a day's pay does not drift by its number of punches).
 */
export const earningsCents = (minutes: number, rateCents: Cents): Cents =>
  Math.round((minutes * rateCents) / 60);

/**
 * The same rounding in SQL, for the database's period sums (time engine's earningsStep): for whole minutes and
 * cents ≥ 0, round(m × r / 60) half up is floor((2·m·r + 60) / 120), which is integer division on both databases
 * (in 64 bits: a month of a high rate overflows PostgreSQL's 32-bit integer).
 */
export const earningsCentsSql = (minutes: RawBuilder<number>, rateCents: RawBuilder<number>) =>
  sql<number>`((2 * cast(${minutes} as bigint) * ${rateCents} + 60) / 120)`;

export const sumCents = (values: readonly Cents[]): Cents => values.reduce((a, b) => a + b, 0);
