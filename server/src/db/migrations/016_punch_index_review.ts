import { type Kysely, sql } from 'kysely';

/*
 * The indexes of `punches`, each with the queries it serves (the clock's and the client ids' checked with EXPLAIN
 * on PostgreSQL 15 and SQLite, the others as their migrations say; docs/PERFORMANCE.md, "The punch path's cost",
 * has the figures):
 *
 * - punches_pkey (id): a punch by id: punchesRepository find, update, softDelete; the punch list's edits.
 * - punches_account_client (account_id, client_id), unique: a clock-in's or a synced punch's client id is taken
 *   once (insertIfFree's and insertMany's ON CONFLICT DO NOTHING), byClientId, knownClientIds (one arm of its OR).
 * - punches_account_out_client (account_id, clock_out_client_id), unique: a clock-out's client id is taken once
 *   (closeShiftOnce's NOT EXISTS, insertMany's ON CONFLICT), byClockOutClientId, knownClientIds (the other arm).
 *   Made partial here (below).
 * - punches_one_open_shift (employee_ref) WHERE time_out IS NULL AND deleted_at IS NULL, unique: at most one
 *   open shift per employee, enforced by the database under concurrency; the open shift of clockBook, bookOf,
 *   openShift and the clock-out's UPDATE (closeShift).
 * - punches_employee_time (employee_ref, time_in, id): one employee's punches in keyset order (punch list,
 *   own punches), overlapping(), the period's punches of one employee (period.repository punches).
 * - punches_account_day (account_id, work_date, employee_ref, deleted_at, type, time_in, time_out, late_sync,
 *   deduction): a period's day sums from the index alone (period.repository dayTotals and employeeSums, the
 *   reports, the dashboard), in the order they group by.
 * - punches_breaks (account_id, work_date) WHERE type <> 'None' AND deleted_at IS NULL: a period's Lunch and
 *   Break punches (the break side of dayTotals), so an account without breaks pays nothing for them.
 * - punches_employee_day (employee_ref, work_date, type): the work shifts each break is matched against
 *   (dayTotals' join on the employee and the break's day and the days before).
 * - punches_employee_time_out (employee_ref, time_out) WHERE time_out IS NOT NULL AND deleted_at IS NULL: the
 *   closed punches a live punch can meet, by their end (clockBook, bookOf), so a punch's cost does not grow
 *   with the employee's history.
 *
 * None serves nothing, so none is dropped. A clock-out still cannot be a HOT update on PostgreSQL: it writes
 * time_out and clock_out_client_id, which four of these indexes name (a column in a partial index's predicate
 * counts), and each of the four carries a guarantee or a query of the clock itself. What HOT would need and
 * what it would gain is measured in docs/PERFORMANCE.md.
 *
 * The one change: punches_account_out_client leaves out the rows without a clock-out client id. Every clock-in
 * (and every open shift, and every punch entered by hand) wrote a NULL entry there that no query reads and no
 * uniqueness needs (NULLs never conflict); each query on the column compares it with a value, which implies
 * IS NOT NULL on both databases, so the partial index serves them all as the full one did.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('punches_account_out_client').execute();
  await db.schema
    .createIndex('punches_account_out_client')
    .unique()
    .on('punches')
    .columns(['account_id', 'clock_out_client_id'])
    .where(sql.ref('clock_out_client_id'), 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('punches_account_out_client').execute();
  await db.schema
    .createIndex('punches_account_out_client')
    .unique()
    .on('punches')
    .columns(['account_id', 'clock_out_client_id'])
    .execute();
}
