import type { Kysely } from 'kysely';
import { sealExisting } from '../ledger';
import type { DB } from '../schema';

/*
 * The tamper-evident ledger (issue 34, docs/RULES.md#tamper-evident-ledger): audit_ledger holds each account's hash
 * chain, one entry a write of a punch or an activity entry (db/ledger.ts); audit_heads its last seq and hash, the row
 * a writer locks to append. Rows written before this migration are sealed now, one `insert` entry each.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('audit_ledger')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_ledger_pk', ['account_id', 'seq'])
    .execute();
  await db.schema
    .createTable('audit_heads')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  const accounts = await db.selectFrom('accounts').select('id').orderBy('id').execute();
  for (const a of accounts) await sealExisting(db as Kysely<DB>, a.id as number);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_heads').execute();
  await db.schema.dropTable('audit_ledger').execute();
}
