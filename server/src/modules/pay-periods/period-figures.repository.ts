import type { Insertable, Kysely } from 'kysely';
import type { DB, PayPeriodFiguresTable, PayPeriodPunchesTable } from '../../db/schema';

export type StoredDay = Omit<Insertable<PayPeriodFiguresTable>, 'id' | 'account_id' | 'start_date'>;
export type StoredPunch = Omit<Insertable<PayPeriodPunchesTable>, 'id' | 'account_id' | 'start_date'>;

/** An approved period's stored figures: its days and Timesheet lines (docs/RULES.md#stored-figures-of-an-approved-period). */
export interface StoredFigures {
  days: StoredDay[];
  punches: StoredPunch[];
}

/** Rows a statement at most (PostgreSQL's 65,535 parameters over 17 columns). */
const BATCH = 1000;

/**
 * The stored figures of approved periods (migration 027), every call scoped to the account. Written and deleted
 * inside the approval's or reopening's transaction; read by the reports for a range that is exactly an approved
 * period.
 */
export function periodFiguresRepository(db: Kysely<DB>) {
  return {
    /** Stores a period's figures (the caller has just approved it in this transaction). */
    async storeFigures(accountId: number, start: string, f: StoredFigures) {
      const scoped = { account_id: accountId, start_date: start };
      for (let i = 0; i < f.days.length; i += BATCH)
        await db
          .insertInto('pay_period_figures')
          .values(f.days.slice(i, i + BATCH).map((d) => ({ ...scoped, ...d })))
          .execute();
      for (let i = 0; i < f.punches.length; i += BATCH)
        await db
          .insertInto('pay_period_punches')
          .values(f.punches.slice(i, i + BATCH).map((p) => ({ ...scoped, ...p })))
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
      for (const table of ['pay_period_figures', 'pay_period_punches'] as const)
        await db
          .deleteFrom(table)
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

    /** A period's stored days in report order (the employees' name order then, then by day). */
    storedDays: (accountId: number, start: string) =>
      db
        .selectFrom('pay_period_figures')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .orderBy('position')
        .orderBy('date')
        .execute(),

    /** A period's stored Timesheet lines in order. */
    storedPunches: (accountId: number, start: string) =>
      db
        .selectFrom('pay_period_punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .orderBy('position')
        .execute(),
  };
}
export type PeriodFiguresRepository = ReturnType<typeof periodFiguresRepository>;
