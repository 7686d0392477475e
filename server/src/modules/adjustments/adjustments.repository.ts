import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import type { DB } from '../../db/schema';

type NewAdjustment = Omit<DB['adjustments'], 'id'>;

/** Adjustments of approved pay periods' days (docs/RULES.md#adjustments), one account at a time. */
export function adjustmentsRepository(db: Kysely<DB>) {
  const withPeople = (accountId: number) =>
    db
      .selectFrom('adjustments as a')
      .innerJoin('employees as e', 'e.id', 'a.employee_ref')
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .select([
        'a.id',
        'a.employee_ref',
        'e.employee_id',
        'e.name as employee_name',
        'e.department_id',
        'a.date',
        'a.paid_on',
        'a.minutes',
        'a.pay',
        'a.rate_cents',
        'a.multiplier_milli',
        'a.cents',
        'a.note',
        'u.name as created_by',
        'a.created_at',
      ])
      .where('a.account_id', '=', accountId);

  return {
    insert: async (row: NewAdjustment) =>
      (await db.insertInto('adjustments').values(row).returning('id').executeTakeFirstOrThrow()).id,

    find: (accountId: number, id: number) => withPeople(accountId).where('a.id', '=', id).executeTakeFirst(),

    remove: (accountId: number, id: number) =>
      db.deleteFrom('adjustments').where('account_id', '=', accountId).where('id', '=', id).execute(),

    /** Those correcting or paid on a day of [start, end] of the employees the caller reaches, newest first. */
    between: (accountId: number, start: string, end: string, reach: DepartmentReach) =>
      withPeople(accountId)
        .where((w) =>
          w.or([
            w.and([w('a.date', '>=', start), w('a.date', '<=', end)]),
            w.and([w('a.paid_on', '>=', start), w('a.paid_on', '<=', end)]),
          ]),
        )
        .$if(reach !== 'all', (q) => q.where('e.department_id', 'in', reach === 'all' ? [] : [...reach, -1]))
        .orderBy('a.paid_on', 'desc')
        .orderBy('a.id', 'desc')
        .execute(),

    /** What reports pay: the adjustments paid on a day of [start, end], optionally of some employees only. */
    paidBetween: (accountId: number, start: string, end: string, employeeRefs?: readonly number[]) =>
      db
        .selectFrom('adjustments')
        .select(['employee_ref', 'date', 'paid_on', 'minutes', 'cents', 'id'])
        .where('account_id', '=', accountId)
        .where('paid_on', '>=', start)
        .where('paid_on', '<=', end)
        .$if(!!employeeRefs, (q) => q.where('employee_ref', 'in', [...employeeRefs!, -1]))
        .orderBy('paid_on')
        .orderBy('id')
        .execute(),

    /** The approved pay period holding `day`, if one does. */
    approvedPeriodOn: (accountId: number, day: string) =>
      db
        .selectFrom('pay_periods')
        .select(['start_date', 'end_date'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'approved')
        .where('start_date', '<=', day)
        .where('end_date', '>=', day)
        .executeTakeFirst(),
  };
}
export type AdjustmentsRepository = ReturnType<typeof adjustmentsRepository>;
