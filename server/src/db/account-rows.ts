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

/** Tables whose rows are deleted for good: rows nothing needs once they, or what they belong to, are gone. */
type HardDeleted = 'api_keys' | 'faqs' | 'custom_fields' | 'custom_field_values' | 'auth_tokens';

/** Deletes the account's rows of `table` whose `column` (the id, or what they belong to) is `value`. */
export async function deleteRows<T extends HardDeleted>(
  db: Kysely<DB>,
  table: T,
  accountId: number,
  column: keyof DB[T] & string,
  value: number,
) {
  // Typed through one of the tables, as updateRow: Kysely cannot check a where() against a table type parameter.
  await db
    .deleteFrom(table as 'faqs')
    .where('account_id', '=', accountId)
    .where(column as 'id', '=', value)
    .execute();
}
