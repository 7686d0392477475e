import type { Kysely, Updateable } from 'kysely';
import { nowIso } from '../lib/time';
import type { DB } from './schema';

// The writes every account-owned table of people and punches makes alike, written once: by account and id, with
// updated_at set by the server.

/** Tables whose rows are deleted softly: the row stays (payroll, reports, the audit trail) and counts nowhere. */
type SoftDeleted = 'employees' | 'departments' | 'punches';

/** Marks the account's rows `ids` deleted (deleted_at and updated_at, one instant). */
export async function softDeleteRows(db: Kysely<DB>, table: SoftDeleted, accountId: number, ids: number[]) {
  const at = nowIso();
  await db
    .updateTable(table)
    .set({ deleted_at: at, updated_at: at })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** Sets `values` on the account's row `id` (deleted or not), with updated_at now. */
export async function updateRow<T extends 'employees' | 'departments'>(
  db: Kysely<DB>,
  table: T,
  accountId: number,
  id: number,
  values: Updateable<DB[T]>,
) {
  // Typed through one of the tables: Kysely cannot check a set() against a table chosen by a type parameter.
  await db
    .updateTable(table as 'employees')
    .set({ ...(values as Updateable<DB['employees']>), updated_at: nowIso() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}
