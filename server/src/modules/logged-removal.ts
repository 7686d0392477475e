import type { Action } from '@punchclock/contract';
import { requireAccess } from '../auth/access';
import type { AuthContext } from '../auth/guards';
import type { ActivityRepository } from './activity/activity.repository';
import type { UnitOfWork } from './unit-of-work';

/** What deleting one kind of the account's records needs to know (docs/RULES.md, "Activity log"). */
export interface Removal<R, Row> {
  /** The permission the caller needs, e.g. `faqs:write`. */
  permission: Action;
  /** The record, or the area's 404. */
  find: (r: R, auth: AuthContext, id: number) => Promise<Row>;
  /** Deletes the record (and what only it owns). */
  remove: (r: R, accountId: number, id: number) => Promise<unknown>;
  /** The activity log's action and what the entry keeps of the deleted record. */
  logged: (old: Row, id: number) => { action: string; details: Record<string, unknown> };
  /** The answer's message. */
  message: string;
}

/**
 * A service's delete of one of the account's records, by id: the caller may, the record exists, and it is
 * deleted and the deletion written to the activity log in one unit of work, so neither stands without the other.
 */
export function loggedRemoval<R extends { activity: ActivityRepository }, Row>(
  inTransaction: UnitOfWork<R>,
  removal: Removal<R, Row>,
) {
  return async (auth: AuthContext, id: number): Promise<{ message: string }> => {
    requireAccess(auth, removal.permission);
    return inTransaction(async (r) => {
      const old = await removal.find(r, auth, id);
      await removal.remove(r, auth.accountId, id);
      await r.activity.record(auth.accountId, { userId: auth.userId, ...removal.logged(old, id) });
      return { message: removal.message };
    });
  };
}
