import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import { KEEP_PLAN } from '../../db/database';
import { noteRows } from '../../db/ledger';
import type { DB, PunchesTable } from '../../db/schema';
import { unnestRows } from '../../db/unnest';
import { LEDGER_FIELDS } from '../../lib/ledger-hash';
import { nowIso } from '../../lib/time';
import { closeShift, closeShiftOnce } from './clock-statements';
import type { CloseValues, NewPunch, PunchRow } from './punch-rows';

// Punches written many at once, as one statement: a group commit's clock-ins and -outs (writeInBatch), a sync
// batch's accepted punches (insertManyPunches). Written as SQL text, not built by Kysely (see insertPunchValues).

/** PostgreSQL's type of each punches column (an unnest of arrays names them). */
const PUNCH_COLUMN_TYPES: Record<string, 'integer' | 'text' | 'real'> = {
  account_id: 'integer',
  employee_ref: 'integer',
  client_id: 'text',
  clock_out_client_id: 'text',
  work_date: 'text',
  time_in: 'text',
  time_out: 'text',
  device_time_in: 'text',
  device_time_out: 'text',
  received_in_at: 'text',
  received_out_at: 'text',
  late_sync: 'integer',
  source: 'text',
  station_id: 'integer',
  station_out_id: 'integer',
  deduction: 'text',
  type: 'text',
  notes: 'text',
  latitude: 'real',
  longitude: 'real',
  accuracy: 'real',
  latitude_out: 'real',
  longitude_out: 'real',
  accuracy_out: 'real',
  screening: 'text',
  conflict: 'text',
  clock_correction_in: 'integer',
  clock_correction_out: 'integer',
  created_by_user_id: 'integer',
  deleted_at: 'text',
  created_at: 'text',
  updated_at: 'text',
};

/** What a sync batch's insert reads back: the columns the ledger seals and the account (db/ledger.ts). */
const SEALED = ['account_id', ...LEDGER_FIELDS.punches].map((c) => `"${c}"`).join(', ');

/**
 * insertPunchValues, with the written rows noted for the ledger (db/ledger.ts): `returning` holds at least SEALED.
 * (A sync batch of 10,000 reads back those 14 columns, not all 32.)
 */
async function insertPunchRows<R extends Record<string, unknown>>(
  db: Kysely<DB>,
  rows: Record<string, unknown>[],
  returning: string,
): Promise<R[]> {
  const written = await insertPunchValues<R>(db, rows, returning);
  await noteRows(db, 'punches', 'insert', written);
  return written;
}

/**
 * One multi-row `INSERT INTO punches … ON CONFLICT DO NOTHING RETURNING …`, written here rather than built value by
 * value: Kysely's builder costs more than the database for hundreds of rows. Columns are the rows' keys
 * (PunchesTable fields from the code, never from a request); every value is a bound parameter. On PostgreSQL the
 * rows go as arrays (unnestRows), one statement a set of columns, so a column a row lacks takes its DEFAULT; on
 * SQLite as a VALUES list, where a column a row lacks is NULL (SQLite has no DEFAULT in VALUES).
 */
async function insertPunchValues<R>(
  db: Kysely<DB>,
  rows: Record<string, unknown>[],
  returning: string,
): Promise<R[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return insertPunchArrays<R>(db, rows, returning);
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    for (const c of columns) params.push(r[c] ?? null);
    return `(${columns.map(() => '?').join(', ')})`;
  });
  const text =
    `insert into "punches" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')} ` +
    `on conflict do nothing returning ${returning}`;
  return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
}

/** insertPunchRows on PostgreSQL: the rows by their set of columns (usually one), each set one unnest INSERT. */
async function insertPunchArrays<R>(
  db: Kysely<DB>,
  rows: Record<string, unknown>[],
  returning: string,
): Promise<R[]> {
  const bySet = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const set = Object.keys(r)
      .filter((c) => r[c] !== undefined)
      .sort()
      .join(',');
    const same = bySet.get(set);
    if (same) same.push(r);
    else bySet.set(set, [r]);
  }
  const written: R[] = [];
  for (const [set, same] of bySet) {
    const columns = set.split(',').map((c) => {
      const type = PUNCH_COLUMN_TYPES[c];
      if (!type) throw new Error(`punches has no column ${c}`);
      return [c, type] as const;
    });
    const params: unknown[] = [];
    const from = unnestRows(same, columns, params);
    const names = columns.map(([c]) => `"${c}"`).join(', ');
    const text =
      `insert into "punches" (${names}) select ${names} from ${from} ` +
      `on conflict do nothing returning ${returning} ${KEEP_PLAN}`;
    written.push(...(await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows);
  }
  return written;
}

/**
 * PostgreSQL, a group's clock-ins (writeInBatch): one multi-row INSERT, each row answered by its employee and
 * client id (a refused row, a replay or a second open shift, answers undefined as in insertIfFree).
 */
export async function insertIfFreeMany(trx: Kysely<DB>, rows: Insertable<PunchesTable>[]) {
  const written = await insertPunchRows<PunchRow>(trx, rows, '*');
  const byKey = new Map(written.map((w) => [`${w.employee_ref}\u0000${w.client_id}`, w]));
  return rows.map((r) => {
    const key = `${r.employee_ref}\u0000${r.client_id}`;
    const row = byKey.get(key);
    byKey.delete(key);
    return row;
  });
}

/** The columns a clock-out sets, with their PostgreSQL types (PUNCH_COLUMN_TYPES; their arrays need them). */
const CLOSE_COLUMNS = (
  [
    'time_out',
    'clock_out_client_id',
    'device_time_out',
    'received_out_at',
    'station_out_id',
    'latitude_out',
    'longitude_out',
    'accuracy_out',
    'updated_at',
  ] as const
).map((c) => [c, PUNCH_COLUMN_TYPES[c]] as const);

/** closeShiftMany's statement (every close names every CLOSE_COLUMNS column), one text for any number of closes. */
export function closeShiftsStatement(rows: CloseValues[]): CompiledQuery {
  const params: unknown[] = [];
  const from = unnestRows(
    rows as unknown as Record<string, unknown>[],
    [['account_id', 'integer'], ['employee_ref', 'integer'], ...CLOSE_COLUMNS],
    params,
  );
  // The employees again as an array: without it PostgreSQL joined the closes to every open shift of the database
  // (punches_one_open_shift read whole, 1.8 ms for 13 closes among 157 open shifts; 0.4 ms searched by employee).
  params.push(rows.map((r) => r.employee_ref));
  const employees = `$${params.length}::integer[]`;
  const text =
    `update "punches" as "p" set ${CLOSE_COLUMNS.map(([c]) => `"${c}" = "v"."${c}"`).join(', ')} ` +
    `from ${from} ` +
    `where "p"."employee_ref" = any(${employees}) ` +
    'and "p"."account_id" = "v"."account_id" and "p"."employee_ref" = "v"."employee_ref" ' +
    'and "p"."time_out" is null and "p"."deleted_at" is null and not exists (select 1 from "punches" as "replayed" ' +
    'where "replayed"."account_id" = "v"."account_id" and "replayed"."clock_out_client_id" = "v"."clock_out_client_id") ' +
    `returning "p".* ${KEEP_PLAN}`;
  return CompiledQuery.raw(text, params);
}

/**
 * PostgreSQL, a group's clock-outs (writeInBatch): one UPDATE … FROM (VALUES …) closing each employee's open shift
 * as closeShift does (with its replay check), each answered by its employee (a group has one unit an employee).
 * A close that does not name every column above (a column it leaves out keeps its value) is written alone.
 */
export async function closeShiftMany(
  trx: Kysely<DB>,
  rows: CloseValues[],
): Promise<(PunchRow | undefined)[]> {
  const whole = (r: CloseValues) =>
    r.late_sync === undefined &&
    r.clock_correction_out === undefined &&
    CLOSE_COLUMNS.every(([c]) => r[c] !== undefined);
  if (!rows.every(whole)) {
    const out: (PunchRow | undefined)[] = [];
    for (const r of rows) {
      const written = await (r.clock_out_client_id ? closeShiftOnce : closeShift)(trx, r);
      await noteRows(trx, 'punches', 'update', written);
      out.push(written[0]);
    }
    return out;
  }
  const written = (await trx.executeQuery<PunchRow>(closeShiftsStatement(rows))).rows;
  await noteRows(trx, 'punches', 'update', written);
  const byEmployee = new Map(written.map((w) => [w.employee_ref, w]));
  return rows.map((r) => {
    const row = byEmployee.get(r.employee_ref);
    byEmployee.delete(r.employee_ref);
    return row;
  });
}

/**
 * Inserts many punches with multi-row INSERTs; a replayed client id or a second open shift is skipped (only
 * the written rows are answered). Should a chunk fail, its rows are tried one by one, each in its own
 * savepoint on PostgreSQL, so one bad row does not abort the rest: a row that fails alone is not answered.
 */
export async function insertManyPunches(
  db: Kysely<DB>,
  accountId: number,
  punches: NewPunch[],
): Promise<{ id: number; client_id: string }[]> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const at = nowIso();
  const insert = (chunk: NewPunch[]) =>
    insertPunchRows<{ id: number; client_id: string }>(
      db,
      chunk.map((p) => ({ ...p, account_id: accountId, created_at: at, updated_at: at })),
      SEALED,
    );
  const guarded = async (chunk: NewPunch[]) => {
    if (!isPostgres) return insert(chunk);
    await sql`savepoint insert_many`.execute(db);
    try {
      const rows = await insert(chunk);
      await sql`release savepoint insert_many`.execute(db);
      return rows;
    } catch (e) {
      await sql`rollback to savepoint insert_many`.execute(db);
      await sql`release savepoint insert_many`.execute(db);
      throw e;
    }
  };
  const written: { id: number; client_id: string }[] = [];
  for (let i = 0; i < punches.length; i += 500) {
    const chunk = punches.slice(i, i + 500);
    try {
      written.push(...(await guarded(chunk)));
    } catch {
      for (const p of chunk) written.push(...(await guarded([p]).catch(() => [])));
    }
  }
  return written;
}
