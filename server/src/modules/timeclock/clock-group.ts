import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from '../../db/schema';
import type { GroupPrepare, UnitOptions } from '../../db/unit-of-work';
import { periodLocksRepository } from '../pay-periods/period-locks.repository';
import { type ClockPunch, punchesRepository } from '../punches/punches.repository';
import { breaksRepository } from './breaks.repository';

/** A live clock-in or -out, as its group commit sees it before the punch runs. */
export type LivePunch = ClockPunch & { kind: 'in' | 'out' };

/**
 * How a live punch joins a group commit (docs/ARCHITECTURE.md "Group commit"): keyed by its employee; its write
 * handed to the group (batched: insertIfFree and closeShift use writeInBatch); and what every punch of the group
 * would read, read once for all before they run (prepareLiveGroup), so each finds it done.
 */
export const clockUnit = (punch: LivePunch): UnitOptions => ({
  key: punch.employeeRef,
  prepare: { run: prepareLiveGroup, arg: punch } satisfies GroupPrepare<LivePunch>,
  batched: true,
});

/**
 * Before the group's punches run, once for all: on PostgreSQL the employees locked and their books read
 * (prepareClockGroup; SQLite has one writer and its one-employee book reads, calls inside the process, cost less
 * than the group's); then, for the clock-outs, the approved periods their shifts could lie in (a clock-in is now,
 * never in an ended period) and their open breaks (a clock-out ends its break). Each a statement for the group
 * instead of one a clock-out (bench/clock.ts BENCH_TRACE counts them).
 */
async function prepareLiveGroup(trx: Kysely<DB>, punches: LivePunch[]): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const book = postgres ? await punchesRepository(trx).prepareClockGroup(punches) : [];
  const outs = punches.filter((p) => p.kind === 'out');
  if (!outs.length) return;
  const openSince = new Map<number, string>();
  for (const row of book) if (row.time_out === null) openSince.set(row.employee_ref, row.time_in);
  await periodLocksRepository(trx).prepareGroup(
    outs.map((p) => ({
      accountId: p.accountId,
      // Without the book (SQLite), shifts that began up to a day before: an older one's own lookup asks again.
      instants: [openSince.get(p.employeeRef) ?? (postgres ? null : dayBefore(p.at)), p.at].filter(
        (t): t is string => !!t,
      ),
    })),
  );
  await breaksRepository(trx).prepareGroup(outs);
}

const dayBefore = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString();
