import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A line of an approved period's Payroll Summary or Timesheet as computed when it was approved
 * (docs/RULES.md#stored-figures-of-an-approved-period): its cells, and whose line it is (the employee's ref and
 * department then). The line without an employee is the report's totals over the whole account.
 */
export interface StoredLine {
  report: string;
  position: number;
  employee_ref: number | null;
  department_id: number | null;
  cells: string;
}

/** Lines a statement at most (well under PostgreSQL's 65,535 parameters). */
const BATCH = 1000;

/**
 * The stored figures of approved periods (migration 027), every call scoped to the account. Written and deleted
 * inside the approval's or reopening's transaction; read by the reports for a range that is exactly an approved
 * period.
 */
export function periodFiguresRepository(db: Kysely<DB>) {
  return {
    /** Stores a period's lines (the caller has just approved it in this transaction). */
    async storeFigures(accountId: number, start: string, lines: readonly StoredLine[]) {
      for (let i = 0; i < lines.length; i += BATCH)
        await db
          .insertInto('pay_period_figures')
          .values(lines.slice(i, i + BATCH).map((l) => ({ account_id: accountId, start_date: start, ...l })))
          .execute();
    },

    /** Marks the approved period's figures stored, with the checksum of the Payroll Summary CSV made from them. */
    async markStored(accountId: number, start: string, checksum: string, at: string) {
      await db
        .updateTable('pay_periods')
        .set({ checksum, figures_at: at })
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .execute();
    },

    /** Deletes a period's figures (reopening): it is computed live again. */
    async deleteFigures(accountId: number, start: string) {
      await db
        .deleteFrom('pay_period_figures')
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .execute();
      await db
        .updateTable('pay_periods')
        .set({ figures_at: null })
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .execute();
    },

    /** The approved period that is exactly [start, end] with stored figures: when they were stored, or undefined. */
    async figuresOfPeriod(accountId: number, start: string, end: string) {
      const row = await db
        .selectFrom('pay_periods')
        .select('figures_at')
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .where('end_date', '=', end)
        .where('status', '=', 'approved')
        .where('figures_at', 'is not', null)
        .executeTakeFirst();
      return row?.figures_at ?? undefined;
    },

    /** A period's stored lines of one report in order, its totals (position -1) first. */
    storedLines: (accountId: number, start: string, report: string): Promise<StoredLine[]> =>
      db
        .selectFrom('pay_period_figures')
        .select(['report', 'position', 'employee_ref', 'department_id', 'cells'])
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .where('report', '=', report)
        .orderBy('position')
        .execute(),
  };
}
export type PeriodFiguresRepository = ReturnType<typeof periodFiguresRepository>;
