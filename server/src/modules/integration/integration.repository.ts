import type { Kysely } from 'kysely';
import { keysetAfter } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { nameOrder } from '../../db/keyset';
import type { KeyPart } from '../../lib/cursor';
import { ofAccount } from '../../db/account-join';
import { PERSON_COLUMNS } from '../employees/person-columns';

/** What the read-only integration API reads; account first, current rows only. */
export function integrationRepository(db: Kysely<DB>) {
  return {
    /** Current employees in id order, after `afterId`, with their department's name. */
    employees: (accountId: number, afterId: number | undefined, limit: number) =>
      db
        .selectFrom('employees as e')
        .innerJoin('departments as d', ofAccount('d', 'e.department_id', accountId))
        .select([...PERSON_COLUMNS, 'd.dp_name as department_name', 'e.created_at', 'e.updated_at'])
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .$if(afterId !== undefined, (q) => q.where('e.id', '>', afterId!))
        .orderBy('e.id')
        .limit(limit)
        .execute(),

    departments: (accountId: number) =>
      db
        .selectFrom('departments')
        .select(['id', 'dp_name', 'dp_type', 'exclude_from_reports', 'created_at', 'updated_at'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .orderBy(nameOrder('dp_name'))
        .orderBy('id')
        .execute(),

    /**
     * Current punches whose local day is in [from, to], in (work_date, id) order after `after`, optionally of one
     * employee (by the account's employee ID).
     */
    punches: (
      accountId: number,
      f: { from: string; to: string; employeeCode?: string },
      after: readonly KeyPart[] | undefined,
      limit: number,
    ) =>
      db
        .selectFrom('punches as p')
        .innerJoin('employees as e', ofAccount('e', 'p.employee_ref', accountId))
        .select([
          'p.id',
          'p.employee_ref',
          'e.employee_id',
          'p.work_date',
          'p.time_in',
          'p.time_out',
          'p.type',
          'p.deduction',
          'p.notes',
          'p.source',
        ])
        .where('p.account_id', '=', accountId)
        .where('p.deleted_at', 'is', null)
        .where('p.work_date', '>=', f.from)
        .where('p.work_date', '<=', f.to)
        .$if(!!f.employeeCode, (q) => q.where('e.employee_id', '=', f.employeeCode!))
        .$if(!!after, (q) => q.where(keysetAfter(['p.work_date', 'p.id'], after!, false)))
        .orderBy('p.work_date')
        .orderBy('p.id')
        .limit(limit)
        .execute(),
  };
}
export type IntegrationRepository = ReturnType<typeof integrationRepository>;
