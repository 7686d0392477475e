import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';

/** What the roll call reads; account first, limited to the caller's departments. */
export function rollCallRepository(db: Kysely<DB>) {
  return {
    /**
     * Everyone on site now: each current employee with an open work shift, with their department and the station
     * the shift was punched in at, in name order. One query: the account's employees (employees_account_department,
     * the reach's departments a range of it), each probing punches_one_open_shift (employee_ref, partial on open,
     * not deleted punches) once; departments and stations by primary key.
     */
    onSite: (accountId: number, reach: DepartmentReach) =>
      db
        .selectFrom('employees as e')
        .innerJoin('punches as p', (j) =>
          j.onRef('p.employee_ref', '=', 'e.id').on('p.time_out', 'is', null).on('p.deleted_at', 'is', null),
        )
        .leftJoin('departments as d', (j) =>
          j.onRef('d.id', '=', 'e.department_id').on('d.account_id', '=', accountId),
        )
        .leftJoin('stations as s', (j) =>
          j.onRef('s.id', '=', 'p.station_id').on('s.account_id', '=', accountId),
        )
        .select([
          'e.id as employee_ref',
          'e.employee_id',
          'e.name',
          'd.dp_name',
          'p.time_in',
          'p.source',
          's.id as station_id',
          's.name as station_name',
        ])
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .where('p.account_id', '=', accountId)
        .where('p.type', '=', 'None')
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .orderBy(nameOrder('e.name'))
        .orderBy('e.employee_id')
        .execute(),
  };
}
export type RollCallRepository = ReturnType<typeof rollCallRepository>;
