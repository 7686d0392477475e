import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { localDay } from '../../lib/time';
import { addDays } from '../time/calendar';
import type { Bounds } from './period-calendar';

/** The approved period a write would touch, looked up for one account (docs/RULES.md#pay-periods). */
export interface PeriodLocks {
  /** The approved period holding the local day of any of these instants, if one does. */
  lockedAt(instants: readonly (string | null | undefined)[]): Promise<Bounds | undefined>;
  /** The first approved period ending on or after `day` (a change effective from `day` would reach it). */
  approvedFrom(day: string): Promise<Bounds | undefined>;
}

/**
 * Approved periods, as the punch rules and the rate and pay-rule changes ask them. One indexed query a write, or a
 * sync batch (pay_periods_end); the account's zone is read only when an approved period lies within a day of the
 * times asked (a local day is never more than one day from the UTC one).
 */
export function periodLocksRepository(db: Kysely<DB>) {
  const approved = (accountId: number) =>
    db
      .selectFrom('pay_periods')
      .select(['start_date', 'end_date'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'approved');

  return {
    of(accountId: number): PeriodLocks {
      let zone: Promise<string> | undefined;
      const zoneOf = () =>
        (zone ??= db
          .selectFrom('accounts')
          .select('time_zone')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
          .then((r) => r.time_zone));
      // The approved periods ending on or after a day, read once for the lookup's life (a sync batch asks for
      // each of its items, earliest first): read again only for an earlier day.
      let since: { from: string; rows: Promise<Bounds[]> } | undefined;
      const approvedSince = (from: string) => {
        if (!since || from < since.from)
          since = { from, rows: approved(accountId).where('end_date', '>=', from).execute() };
        return since.rows;
      };
      return {
        async lockedAt(instants) {
          const times = instants.filter((t): t is string => !!t).map((t) => new Date(t).toISOString());
          if (!times.length) return undefined;
          const utcDays = times.map((t) => t.slice(0, 10)).sort();
          const [from, to] = [addDays(utcDays[0], -1), addDays(utcDays.at(-1)!, 1)];
          const rows = (await approvedSince(from)).filter((p) => p.start_date <= to && p.end_date >= from);
          if (!rows.length) return undefined;
          const z = await zoneOf();
          const days = times.map((t) => localDay(new Date(t), z));
          return rows.find((p) => days.some((d) => p.start_date <= d && d <= p.end_date));
        },
        approvedFrom: (day) =>
          approved(accountId).where('end_date', '>=', day).orderBy('start_date').limit(1).executeTakeFirst(),
      };
    },
  };
}
export type PeriodLocksRepository = ReturnType<typeof periodLocksRepository>;
