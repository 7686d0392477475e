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

/** Approved periods ending on or after `from`, as read for one account's lookups. */
type ReadSince = { from: string; rows: Promise<Bounds[]> };

/** The UTC days around these instants (a local day is never more than one day from the UTC one). */
function daysAround(instants: readonly string[]): [from: string, to: string] {
  const utcDays = instants.map((t) => new Date(t).toISOString().slice(0, 10)).sort();
  return [addDays(utcDays[0], -1), addDays(utcDays.at(-1)!, 1)];
}

/** The approved periods a group commit read once for its units' accounts (prepareGroup), by its transaction. */
const groupReads = new WeakMap<Kysely<DB>, Map<number, ReadSince>>();

/**
 * Approved periods, as the punch rules and the rate and pay-rule changes ask them. One indexed query a write, or a
 * sync batch (pay_periods_end), or a group of live punches (prepareGroup); the account's zone is read only when an
 * approved period lies within a day of the times asked.
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
      // each of its items, earliest first), or by the group the lookup's write is in: read again only for an
      // earlier day.
      let since: ReadSince | undefined = groupReads.get(db)?.get(accountId);
      const approvedSince = (from: string) => {
        if (!since || from < since.from)
          since = { from, rows: approved(accountId).where('end_date', '>=', from).execute() };
        return since.rows;
      };
      return {
        async lockedAt(instants) {
          const times = instants.filter((t): t is string => !!t).map((t) => new Date(t).toISOString());
          if (!times.length) return undefined;
          const [from, to] = daysAround(times);
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

    /**
     * Before a group commit's live punches run: the approved periods each account's punches could lie in, read in
     * one statement for the group (at the instants given: a clock-out's open shift start and its own time), which
     * every lookup of the group's transaction (`of`) then starts from. Run after the group has locked its
     * employees, as each punch's own read would be (docs/RULES.md#pay-periods: approval locks them too).
     */
    async prepareGroup(asks: { accountId: number; instants: string[] }[]): Promise<void> {
      const froms = new Map<number, string>();
      for (const { accountId, instants } of asks) {
        if (!instants.length) continue;
        const [from] = daysAround(instants);
        const known = froms.get(accountId);
        if (!known || from < known) froms.set(accountId, from);
      }
      if (!froms.size) return;
      const earliest = [...froms.values()].sort()[0];
      const rows = await db
        .selectFrom('pay_periods')
        .select(['account_id', 'start_date', 'end_date'])
        .where('account_id', 'in', [...froms.keys()])
        .where('status', '=', 'approved')
        .where('end_date', '>=', earliest)
        .execute();
      const reads = new Map<number, ReadSince>();
      for (const [accountId, from] of froms) {
        const own = rows
          .filter((p) => p.account_id === accountId && p.end_date >= from)
          .map(({ start_date, end_date }) => ({ start_date, end_date }));
        reads.set(accountId, { from, rows: Promise.resolve(own) });
      }
      groupReads.set(db, reads);
    },
  };
}
export type PeriodLocksRepository = ReturnType<typeof periodLocksRepository>;
