import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, DepartmentsTable } from '../../db/schema';
import { softDeleteRows, updateRow } from '../../db/account-rows';
import { nameOrder } from '../../db/keyset';

export function departmentsRepository(db: Kysely<DB>) {
  return {
    /** Current departments with their numbers of current and clocked-in employees, in one query. */
    views: (accountId: number, id?: number) =>
      db
        .selectFrom('departments as d')
        .selectAll('d')
        .select((eb) =>
          eb
            .selectFrom('employees as e')
            .select((x) => x.fn.countAll<number>().as('n'))
            .whereRef('e.department_id', '=', 'd.id')
            .where('e.deleted_at', 'is', null)
            .as('employee_count'),
        )
        .select((eb) =>
          eb
            .selectFrom('employees as e')
            .innerJoin('punches as p', 'p.employee_ref', 'e.id')
            .select((x) => x.fn.countAll<number>().as('n'))
            .whereRef('e.department_id', '=', 'd.id')
            .where('e.deleted_at', 'is', null)
            .where('p.time_out', 'is', null)
            .where('p.deleted_at', 'is', null)
            .as('clocked_in_count'),
        )
        .where('d.account_id', '=', accountId)
        .where('d.deleted_at', 'is', null)
        .$if(id !== undefined, (q) => q.where('d.id', '=', id!))
        .orderBy(nameOrder('d.dp_name'))
        .execute(),

    /** Current departments (id and name), all of them or the given ids. */
    current: (accountId: number, ids?: number[]) =>
      db
        .selectFrom('departments')
        .select(['id', 'dp_name'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
        .execute(),

    insert: async (accountId: number, values: Omit<Insertable<DepartmentsTable>, 'account_id'>) =>
      (
        await db
          .insertInto('departments')
          .values({ ...values, account_id: accountId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: (accountId: number, id: number, values: Updateable<DepartmentsTable>) =>
      updateRow(db, 'departments', accountId, id, values),

    /** Soft delete: the rows stay, marked deleted (db/account-rows.ts). */
    softDelete: (accountId: number, ids: number[]) => softDeleteRows(db, 'departments', accountId, ids),
  };
}
export type DepartmentsRepository = ReturnType<typeof departmentsRepository>;
