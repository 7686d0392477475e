import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * sync_refusals: the client ids of synced punches the server refused, with its answer. A batch sent again (its
 * answer was lost on the way) gets the same answer for them without checking them again: a wrong PIN counted
 * twice towards the lock, and the refusal listed twice for the manager, otherwise.
 * punch_conflict_fixes: a manager marked a refused synced punch (an activity_logs row punch.conflict or
 * punch.rejected) as dealt with, so it leaves "Punches that need attention". The log itself is never changed;
 * one row a refusal.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ref = (target: string) => (c: ColumnDefinitionBuilder) =>
  c.references(target).onDelete('cascade').notNull();

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await (
    pg
      ? db.schema.createTable('sync_refusals').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema
          .createTable('sync_refusals')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('account_id', 'integer', ref('accounts.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_refusals_client')
    .unique()
    .on('sync_refusals')
    .columns(['account_id', 'client_id'])
    .execute();
  await (
    pg
      ? db.schema.createTable('punch_conflict_fixes').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema
          .createTable('punch_conflict_fixes')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('account_id', 'integer', ref('accounts.id'))
    .addColumn('log_id', 'integer', ref('activity_logs.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punch_conflict_fixes_log')
    .unique()
    .on('punch_conflict_fixes')
    .columns(['account_id', 'log_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('punch_conflict_fixes').execute();
  await db.schema.dropTable('sync_refusals').execute();
}
