import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { keepPlan } from '../../db/database';
import { oneOfIds } from '../../db/in-list';
import type { DB } from '../../db/schema';
import type { EmployeeLocks } from '../employees/employee-locks.repository';
import { clockBook } from './clock-statements';
import type { BookPunch } from './punch-book';
import type { ClockPunch } from './punch-rows';

// What a punch can meet (punchBook reads it): the employees' current punches around an instant, read for one
// employee (a live punch), for many (a sync batch), or once for a whole group commit before its units run.

/** A book a group read for one of its employees before its units ran (prepareClockGroup), taken once. */
type GroupBook = { accountId: number; since: string; rows: BookPunch[] };
const groupBooks = new WeakMap<Kysely<DB>, Map<number, GroupBook>>();

/** The books of punches; account first. `locks`: the employee locks of the same database or transaction. */
export function clockBooksRepository(db: Kysely<DB>, locks: EmployeeLocks) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const repo = {
    /**
     * The employees' current punches a batch from `since` on can meet (punchBook): every open shift, and every
     * punch ending after `since` or after the earliest open shift's start (a clock-out's span starts there).
     * Index searches per employee (punches_one_open_shift, punches_employee_time_out), so the cost does not grow
     * with their history: an OR of the open and the ended made SQLite read every punch of the employees.
     */
    async bookOf(accountId: number, employeeRefs: number[], since: string): Promise<BookPunch[]> {
      const refs = [...new Set(employeeRefs)];
      const rows: BookPunch[] = [];
      // `+account_id`: the account is checked on each row found, not searched by. With an IN list SQLite (no
      // statistics) would otherwise read the account's every punch in its covering index punches_account_day.
      const of = (chunk: number[]) =>
        db
          .selectFrom('punches')
          .select(['id', 'employee_ref', 'time_in', 'time_out', 'type'])
          .where(sql<number>`+${sql.ref('account_id')}`, '=', accountId)
          .where('deleted_at', 'is', null)
          .where(oneOfIds(isPostgres, 'employee_ref', chunk));
      // One statement a chunk: its open shifts, and what ended after the earlier of `since` and the chunk's
      // earliest open shift's start (with no open shift the comparison is null: `since`).
      const book = (chunk: number[]) =>
        of(chunk)
          .where('time_out', 'is', null)
          .unionAll(
            of(chunk).where('time_out', '>', (eb) => {
              const earliestOpen = () =>
                eb
                  .selectFrom('punches as open')
                  .select((o) => o.fn.min('open.time_in').as('time_in'))
                  .where(sql<number>`+${sql.ref('open.account_id')}`, '=', accountId)
                  .where('open.deleted_at', 'is', null)
                  .where(oneOfIds(isPostgres, 'open.employee_ref', chunk))
                  .where('open.time_out', 'is', null);
              return eb.case().when(earliestOpen(), '<', since).then(earliestOpen()).else(since).end();
            }),
          );
      for (let i = 0; i < refs.length; i += 500)
        rows.push(
          ...(await book(refs.slice(i, i + 500))
            .modifyEnd(keepPlan)
            .execute()),
        );
      return rows;
    },

    /**
     * PostgreSQL, before a group commit's live punches run (unit-of-work GroupPrepare): their employees locked in
     * one statement (in id order, which also keeps two groups or a sync batch from deadlocking), and one book read
     * for the employees punching once in the group, from the earliest punch's instant on. Each unit's clockBook
     * then takes its employee's rows instead of asking: a superset of what it would read (every rule compares in
     * memory), which nothing else wrote since (the lock). An employee punching twice in the group reads again,
     * after the first punch. Answers the rows read (none on SQLite).
     */
    async prepareClockGroup(punches: ClockPunch[]): Promise<BookPunch[]> {
      // SQLite: nothing to lock (one writer), and its one-employee reads, precompiled calls inside this process,
      // cost less than building the group's read (measured: 0.01–0.02 ms a punch more with it).
      if (!isPostgres) return [];
      await locks.lockEmployees(
        punches.map((p) => p.accountId),
        punches.map((p) => p.employeeRef),
      );
      const times = new Map<number, number>();
      for (const p of punches) times.set(p.employeeRef, (times.get(p.employeeRef) ?? 0) + 1);
      const once = punches.filter((p) => times.get(p.employeeRef) === 1);
      const books = new Map<number, GroupBook>();
      const read: BookPunch[] = [];
      for (const accountId of new Set(once.map((p) => p.accountId))) {
        const ofAccount = once.filter((p) => p.accountId === accountId);
        const since = ofAccount.reduce((m, p) => (p.at < m ? p.at : m), ofAccount[0].at);
        for (const p of ofAccount) books.set(p.employeeRef, { accountId, since, rows: [] });
        const rows = await repo.bookOf(
          accountId,
          ofAccount.map((p) => p.employeeRef),
          since,
        );
        for (const r of rows) books.get(r.employee_ref)?.rows.push(r);
        read.push(...rows);
      }
      groupBooks.set(db, books);
      return read;
    },

    /**
     * What a live clock-in or -out at `at` can meet (punchBook): the clockBook statement (clock-statements.ts), or the rows its group read
     * for it before it ran (prepareClockGroup).
     */
    async clockBook(accountId: number, employeeRef: number, at: string): Promise<BookPunch[]> {
      const books = groupBooks.get(db);
      const read = books?.get(employeeRef);
      if (read) books!.delete(employeeRef);
      if (read && read.accountId === accountId && read.since <= at) return read.rows;
      return clockBook(db, { accountId, employeeRef, at });
    },
  };
  return repo;
}
