import type { Kysely } from 'kysely';
import { keysetAfter } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { KeyPart } from '../../lib/cursor';

/** The paged read of one employee's punches; account first. */
export function punchListRepository(db: Kysely<DB>) {
  return {
    /**
     * One page of the employee's current punches, newest first in (time_in, id) order, after `after` (before it,
     * read oldest first, when `back`): one range of punches_employee_time, the same cost on every page.
     */
    pageForEmployee: (
      accountId: number,
      employeeRef: number,
      page: { after?: readonly KeyPart[]; back?: boolean; limit: number },
    ) =>
      db
        .selectFrom('punches')
        .selectAll()
        .where('employee_ref', '=', employeeRef)
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$if(!!page.after, (q) => q.where(keysetAfter(['time_in', 'id'], page.after!, !page.back)))
        .orderBy('time_in', page.back ? 'asc' : 'desc')
        .orderBy('id', page.back ? 'asc' : 'desc')
        .limit(page.limit)
        .execute(),
  };
}
export type PunchListRepository = ReturnType<typeof punchListRepository>;
