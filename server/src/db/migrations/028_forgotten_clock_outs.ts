import type { Kysely } from 'kysely';
import { ref, table } from './001_initial';

/*
 * Forgotten clock-outs (docs/RULES.md#forgotten-clock-outs): one row a forgotten shift (punches.id, unique), made
 * when the shift is first mailed about or answered at a station.
 *
 * mailed_at: when the employee's one mail about it was claimed. The sweep claims it with a conditional UPDATE
 * (mailed_at is null), so of two server instances only one sends.
 * left_at / answered_at / answered_station_id: the employee's answer to "When did you leave?" (an ISO instant),
 * a proposed clock-out for a manager; status 'proposed', then 'accepted' or 'dismissed' (decided_by, decided_at).
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await table(db, 'forgotten_clock_outs')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('punch_id', 'integer', (c) => ref('punches.id')(c).notNull())
    .addColumn('employee_ref', 'integer', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addColumn('left_at', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('answered_station_id', 'integer')
    .addColumn('status', 'text')
    .addColumn('decided_by', 'integer', (c) => ref('users.id', 'set null')(c))
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('forgotten_clock_outs_punch')
    .unique()
    .on('forgotten_clock_outs')
    .column('punch_id')
    .execute();
  await db.schema
    .createIndex('forgotten_clock_outs_status')
    .on('forgotten_clock_outs')
    .columns(['account_id', 'status'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('forgotten_clock_outs').execute();
}
