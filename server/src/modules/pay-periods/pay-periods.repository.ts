import type { Insertable, Kysely } from 'kysely';
import { FORGOTTEN_AFTER_MINUTES } from '@punchclock/contract';
import type { DB } from '../../db/schema';
import { addDays } from '../time/calendar';
import { ofAccount } from '../../db/account-join';

/** What approval writes (the period's bounds as listed, who, when, the checksum). */
export interface Approval {
  start_date: string;
  end_date: string;
  approved_by: number;
  approved_at: string;
  /** Set once the period's figures are stored, in the same transaction (period-figures.repository.ts). */
  checksum: string | null;
}

/**
 * Pay periods' SQL (migration 026), every call scoped to the account: the settings versions, the stored
 * (approved or reopened) periods, review marks, and the open shifts that hold an approval back.
 */
export function payPeriodsRepository(db: Kysely<DB>) {
  const stored = (accountId: number) =>
    db
      .selectFrom('pay_periods as p')
      .leftJoin('users as a', ofAccount('a', 'p.approved_by', accountId))
      .select([
        'p.start_date',
        'p.end_date',
        'p.status',
        'a.name as approved_by',
        'p.approved_at',
        'p.checksum',
        'p.reopened_at',
        'p.reopen_reason',
      ])
      .where('p.account_id', '=', accountId);

  /** The settings versions, from the start on (null applies_from first: PostgreSQL sorts nulls last). */
  async function schedules(accountId: number) {
    const rows = await db
      .selectFrom('pay_period_schedules')
      .select(['applies_from', 'frequency', 'anchor_date', 'forgotten_after_minutes'])
      .where('account_id', '=', accountId)
      .execute();
    return rows.sort((a, b) => ((a.applies_from ?? '') < (b.applies_from ?? '') ? -1 : 1));
  }

  return {
    schedules,

    /** A new version from `appliesFrom` (null: from the start): versions from that day on are replaced. */
    async replaceSchedules(
      accountId: number,
      row: Omit<Insertable<DB['pay_period_schedules']>, 'id' | 'account_id'> & {
        applies_from: string | null;
      },
    ) {
      await db
        .deleteFrom('pay_period_schedules')
        .where('account_id', '=', accountId)
        .$if(row.applies_from !== null, (q) => q.where('applies_from', '>=', row.applies_from as string))
        .execute();
      await db
        .insertInto('pay_period_schedules')
        .values({ account_id: accountId, ...row })
        .execute();
    },

    /** The last day of the latest approved period, if any. */
    async lastApprovedEnd(accountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('pay_periods')
        .select('end_date')
        .where('account_id', '=', accountId)
        .where('status', '=', 'approved')
        .orderBy('end_date', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.end_date;
    },

    /** Stored periods within a month of [from, to] (a generated period is cut where one begins or ends). */
    storedAround: (accountId: number, from: string, to: string) =>
      stored(accountId)
        .where('p.end_date', '>=', addDays(from, -31))
        .where('p.start_date', '<=', addDays(to, 31))
        .orderBy('p.start_date')
        .execute(),

    /**
     * Approves the period: a new row, or a reopened one approved again. Answers whether this call approved it:
     * of concurrent approvals one writes (the unique start day, or the status still open), the others find it.
     */
    async approve(accountId: number, a: Approval): Promise<boolean> {
      const inserted = await db
        .insertInto('pay_periods')
        .values({ account_id: accountId, status: 'approved', ...a })
        .onConflict((oc) => oc.columns(['account_id', 'start_date']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
      const updated = await db
        .updateTable('pay_periods')
        .set({ status: 'approved', ...a })
        .where('account_id', '=', accountId)
        .where('start_date', '=', a.start_date)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Reopens an approved period; answers whether this call did. */
    async reopen(accountId: number, start: string, by: number, at: string, reason: string) {
      const updated = await db
        .updateTable('pay_periods')
        .set({ status: 'open', reopened_by: by, reopened_at: at, reopen_reason: reason })
        .where('account_id', '=', accountId)
        .where('start_date', '=', start)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** The review marks of these periods, with department and reviewer names. */
    reviews: (accountId: number, starts: string[]) =>
      starts.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('pay_period_reviews as r')
            .innerJoin('departments as d', ofAccount('d', 'r.department_id', accountId))
            .leftJoin('users as u', ofAccount('u', 'r.reviewed_by', accountId))
            .select([
              'r.start_date',
              'r.department_id',
              'd.dp_name as department',
              'u.name as reviewed_by',
              'r.reviewed_at',
            ])
            .where('r.account_id', '=', accountId)
            .where('r.start_date', 'in', starts)
            .orderBy('d.dp_name')
            .execute(),

    /** Marks departments reviewed for a period; a department marked already keeps its first mark. */
    async markReviewed(accountId: number, start: string, departments: number[], by: number, at: string) {
      if (!departments.length) return;
      await db
        .insertInto('pay_period_reviews')
        .values(
          departments.map((d) => ({
            account_id: accountId,
            start_date: start,
            department_id: d,
            reviewed_by: by,
            reviewed_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['account_id', 'start_date', 'department_id']).doNothing())
        .execute();
    },

    /** The account's current departments among these ids (a scoped administrator's may have been deleted). */
    departmentsOf: async (accountId: number, ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom('departments')
              .select('id')
              .where('account_id', '=', accountId)
              .where('id', 'in', ids)
              .where('deleted_at', 'is', null)
              .execute()
          ).map((r) => r.id),

    /** Work shifts still open whose day lies in the period, with their employee's name. */
    openShifts: (accountId: number, start: string, end: string) =>
      db
        .selectFrom('punches as p')
        .innerJoin('employees as e', 'e.id', 'p.employee_ref')
        .select(['p.id', 'p.employee_ref', 'e.name', 'p.time_in'])
        .where('p.account_id', '=', accountId)
        .where('p.deleted_at', 'is', null)
        .where('p.time_out', 'is', null)
        .where('p.work_date', '>=', start)
        .where('p.work_date', '<=', end)
        .orderBy('p.time_in')
        .execute(),

    /**
     * After how many minutes an open shift is a forgotten clock-out: the settings' newest version (the last in
     * applies_from order), or FORGOTTEN_AFTER_MINUTES before any is saved (docs/RULES.md#pay-periods).
     */
    async forgottenAfterMinutes(accountId: number): Promise<number> {
      const versions = await schedules(accountId);
      return versions.at(-1)?.forgotten_after_minutes ?? FORGOTTEN_AFTER_MINUTES;
    },

    /**
     * Forgotten shifts of the period set aside at the employee's answer (closed at their clock-in) whose answer still
     * waits for a manager (docs/RULES.md#forgotten-clock-outs): approving would lock them at 0 minutes.
     */
    setAsideShifts: (accountId: number, start: string, end: string) =>
      db
        .selectFrom('forgotten_clock_outs as f')
        .innerJoin('punches as p', 'p.id', 'f.punch_id')
        .innerJoin('employees as e', 'e.id', 'p.employee_ref')
        .select(['p.id', 'p.employee_ref', 'e.name', 'p.time_in'])
        .where('f.account_id', '=', accountId)
        .where('f.status', '=', 'proposed')
        .whereRef('p.time_out', '=', 'p.time_in')
        .where('p.deleted_at', 'is', null)
        .where('p.work_date', '>=', start)
        .where('p.work_date', '<=', end)
        .orderBy('p.time_in')
        .execute(),
  };
}
export type PayPeriodsRepository = ReturnType<typeof payPeriodsRepository>;
