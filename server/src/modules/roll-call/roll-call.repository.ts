import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';
import { ofAccount } from '../../db/account-join';

/** What the roll call reads; account first, limited to the caller's departments. */
export function rollCallRepository(db: Kysely<DB>) {
  return {
    /**
     * Everyone on site now: each current employee with an open work shift, with their department and the station
     * the shift was punched in at, in name order. One query, its cost growing with the account's employees, never
     * with its punch history: the account's employees (an employees index on account_id), each probing
     * punches_one_open_shift (employee_ref, partial on open, not deleted punches) once; departments and stations
     * by primary key. The CROSS JOIN keeps that order on SQLite, which otherwise, without statistics, walked every
     * punch of the account by punches_account_client (account_id) first; PostgreSQL treats it as the inner join it
     * is (EXPLAIN on both, issue 34).
     */
    onSite: (accountId: number, reach: DepartmentReach) =>
      db
        .selectFrom('employees as e')
        .crossJoin('punches as p')
        .leftJoin('departments as d', ofAccount('d', 'e.department_id', accountId))
        .leftJoin('stations as s', ofAccount('s', 'p.station_id', accountId))
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
        .whereRef('p.employee_ref', '=', 'e.id')
        .where('p.time_out', 'is', null)
        .where('p.deleted_at', 'is', null)
        .where('p.account_id', '=', accountId)
        .where('p.type', '=', 'None')
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .orderBy(nameOrder('e.name'))
        .orderBy('e.employee_id')
        .execute(),
  };
}
export type RollCallRepository = ReturnType<typeof rollCallRepository>;
