import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * pay_rule_versions: an account's pay rules from a local day on (docs/RULES.md#pay-rules). Each row is a preset
 * (contract/src/pay-rules.ts PAY_PRESETS) and the overrides of its fields as JSON text; a day is paid under the
 * newest row on or before it, and days before the first row under `none` (every paid minute regular, as before
 * pay rules). One version an account a day: a PUT for a day that already has one replaces it (unique index).
 * `created_by` is the user who saved it; it is kept (null) when that user is deleted.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'pay_rule_versions')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('overrides', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', ref('users.id', 'set null'))
    .execute();
  // One version an account a day; an account's versions in day order (one index range).
  await db.schema
    .createIndex('pay_rule_versions_account_day')
    .unique()
    .on('pay_rule_versions')
    .columns(['account_id', 'effective_from'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('pay_rule_versions').execute();
}
