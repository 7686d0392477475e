import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Forgotten clock-outs' SQL (migration 028, docs/RULES.md#forgotten-clock-outs): one row a forgotten shift, its
 * one mail and the employee's answer. Every call but the sweep's look-up is scoped to the account.
 */
export function forgottenRepository(db: Kysely<DB>) {
  /** The row of a shift, made once (the unique punch_id index: concurrent makers find the same row). */
  const ensureRow = (accountId: number, punchId: number, employeeRef: number) =>
    db
      .insertInto('forgotten_clock_outs')
      .values({ account_id: accountId, punch_id: punchId, employee_ref: employeeRef })
      .onConflict((oc) => oc.column('punch_id').doNothing())
      .execute();

  return {
    /**
     * Every account's open work shifts begun before `before` whose employee (current, with an e-mail) was not
     * mailed about them yet, oldest first (by time_in, then id), after the `after` one; at most `limit`.
     */
    dueForMail: (before: string, limit: number, after?: { time_in: string; punch_id: number }) =>
      db
        .selectFrom('punches as p')
        .innerJoin('employees as e', (j) =>
          j.onRef('e.id', '=', 'p.employee_ref').onRef('e.account_id', '=', 'p.account_id'),
        )
        .leftJoin('forgotten_clock_outs as f', 'f.punch_id', 'p.id')
        .select(['p.account_id', 'p.id as punch_id', 'p.employee_ref', 'p.time_in', 'e.email', 'e.name'])
        .where('p.time_out', 'is', null)
        .where('p.deleted_at', 'is', null)
        .where('p.type', '=', 'None')
        .where('p.time_in', '<', before)
        .$if(!!after, (q) =>
          q.where((eb) =>
            eb.or([
              eb('p.time_in', '>', after!.time_in),
              eb.and([eb('p.time_in', '=', after!.time_in), eb('p.id', '>', after!.punch_id)]),
            ]),
          ),
        )
        .where('e.deleted_at', 'is', null)
        .where('e.email', 'is not', null)
        .where('e.email', '!=', '')
        .where('f.mailed_at', 'is', null)
        .orderBy('p.time_in')
        .orderBy('p.id')
        .limit(limit)
        .execute(),

    /**
     * Claims the shift's one mail: true for exactly one caller, however many server instances sweep at once (a
     * conditional UPDATE of a row every claimer makes or finds).
     */
    async claimMail(accountId: number, punchId: number, employeeRef: number, at: string): Promise<boolean> {
      await ensureRow(accountId, punchId, employeeRef);
      const r = await db
        .updateTable('forgotten_clock_outs')
        .set({ mailed_at: at })
        .where('account_id', '=', accountId)
        .where('punch_id', '=', punchId)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A claimed mail that could not be sent: claimable again at the next sweep. */
    unclaimMail: (accountId: number, punchId: number, at: string) =>
      db
        .updateTable('forgotten_clock_outs')
        .set({ mailed_at: null })
        .where('account_id', '=', accountId)
        .where('punch_id', '=', punchId)
        .where('mailed_at', '=', at)
        .execute(),

    byPunch: (accountId: number, punchId: number) =>
      db
        .selectFrom('forgotten_clock_outs')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('punch_id', '=', punchId)
        .executeTakeFirst(),

    find: (accountId: number, id: number) =>
      db
        .selectFrom('forgotten_clock_outs')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The employee's answer (once: the shift is set aside with it): the proposed clock-out, or null (skipped). */
    async recordAnswer(
      accountId: number,
      punchId: number,
      employeeRef: number,
      answer: { left_at: string | null; answered_at: string; answered_station_id: number | null },
    ): Promise<boolean> {
      await ensureRow(accountId, punchId, employeeRef);
      const r = await db
        .updateTable('forgotten_clock_outs')
        .set({ ...answer, status: 'proposed' })
        .where('account_id', '=', accountId)
        .where('punch_id', '=', punchId)
        .where('status', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The answers waiting for a manager, with their employee and shift, oldest answer first. */
    pending: (accountId: number) =>
      db
        .selectFrom('forgotten_clock_outs as f')
        .innerJoin('punches as p', 'p.id', 'f.punch_id')
        .innerJoin('employees as e', 'e.id', 'f.employee_ref')
        .select([
          'f.id',
          'f.punch_id',
          'f.employee_ref',
          'e.employee_id',
          'e.name as employee_name',
          'p.time_in',
          'f.left_at',
          'f.answered_at',
          'f.answered_station_id as station_id',
        ])
        .where('f.account_id', '=', accountId)
        .where('f.status', '=', 'proposed')
        // Set aside at the answer and not changed by hand since.
        .whereRef('p.time_out', '=', 'p.time_in')
        .where('p.deleted_at', 'is', null)
        .orderBy('f.answered_at')
        .orderBy('f.id')
        .limit(500)
        .execute(),

    /** A manager's decision on a proposed answer; false when another decided first. */
    async decide(
      accountId: number,
      id: number,
      status: 'accepted' | 'dismissed',
      by: number | null,
      at: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('forgotten_clock_outs')
        .set({ status, decided_by: by, decided_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type ForgottenRepository = ReturnType<typeof forgottenRepository>;
