import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A weekday of a schedule as stored (migration 019): local minutes, both null on a day off. */
export interface ScheduleRow {
  department_id: number | null;
  employee_id: number | null;
  weekday: number;
  start_minute: number | null;
  end_minute: number | null;
}

/**
 * The account's schedules (table schedules, migration 019): seven rows per department schedule and per employee
 * override. Every call is scoped to the account id.
 */
export function schedulesRepository(db: Kysely<DB>) {
  return {
    /** Every schedule row of the account (departments' and overrides'), in owner and weekday order. */
    rows: (accountId: number): Promise<ScheduleRow[]> =>
      db
        .selectFrom('schedules')
        .select(['department_id', 'employee_id', 'weekday', 'start_minute', 'end_minute'])
        .where('account_id', '=', accountId)
        .orderBy('department_id')
        .orderBy('employee_id')
        .orderBy('weekday')
        .execute(),

    /** The current employees that have an override, with their department (what reach is checked on). */
    overrideEmployees: (accountId: number) =>
      db
        .selectFrom('employees as e')
        .select(['e.id', 'e.department_id'])
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('schedules as s')
              .select('s.id')
              .where('s.account_id', '=', accountId)
              .whereRef('s.employee_id', '=', 'e.id'),
          ),
        )
        .execute(),

    /** A current department of the account, or undefined. */
    department: (accountId: number, id: number) =>
      db
        .selectFrom('departments')
        .select(['id', 'dp_name'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** A current employee of the account, or undefined. */
    employee: (accountId: number, id: number) =>
      db
        .selectFrom('employees')
        .select(['id', 'name', 'department_id'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * Replaces the schedule of one owner (a department or an employee) by `days` (seven rows), or removes it
     * (null). Run inside a transaction: the delete and the inserts are one change.
     */
    replace: async (
      accountId: number,
      owner: { department_id: number } | { employee_id: number },
      days: { weekday: number; start_minute: number | null; end_minute: number | null }[] | null,
    ) => {
      const [column, id] =
        'department_id' in owner
          ? (['department_id', owner.department_id] as const)
          : (['employee_id', owner.employee_id] as const);
      await db.deleteFrom('schedules').where('account_id', '=', accountId).where(column, '=', id).execute();
      if (!days) return;
      await db
        .insertInto('schedules')
        .values(
          days.map((d) => ({
            account_id: accountId,
            department_id: null,
            employee_id: null,
            [column]: id,
            ...d,
          })),
        )
        .execute();
    },
  };
}
export type SchedulesRepository = ReturnType<typeof schedulesRepository>;
