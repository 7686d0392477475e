import {
  CompiledQuery,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type Selectable,
  type Updateable,
  sql,
} from 'kysely';
import { anyOf, oneOfIds } from '../../db/in-list';
import { unnestRows } from '../../db/unnest';
import { precompiled } from '../../db/precompiled';
import { writeInBatch } from '../../db/unit-of-work';
import type { DB, PunchesTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import type { BookPunch } from './punch-book';
import type { PunchLookups } from './rules/validate-punch';
import { KEEP_PLAN, keepPlan } from '../../db/database';

export type PunchRow = Selectable<PunchesTable>;
/** A live punch of a group commit: whose, and its instant (prepareClockGroup). */
export type ClockPunch = { accountId: number; employeeRef: number; at: string };
export type NewPunch = Omit<Insertable<PunchesTable>, 'account_id' | 'created_at' | 'updated_at'>;
export type ShiftClose = Pick<
  Updateable<PunchesTable>,
  | 'time_out'
  | 'clock_out_client_id'
  | 'device_time_out'
  | 'received_out_at'
  | 'station_out_id'
  | 'latitude_out'
  | 'longitude_out'
  | 'accuracy_out'
  | 'late_sync'
>;

// The clock path's statements, compiled once (db/precompiled): each live punch runs clockBook and one write.

/**
 * What a live clock-in or -out at `at` can meet (punchBook), in one query: the employee's open shift, and every
 * closed punch begun by `at` that ends after `at` or after the open shift's start (a clock-out's span starts
 * there), i.e. after the earlier of the two. Index searches only: the open shift's, and the employee's punches
 * by their end (punches_employee_time_out), so the cost does not grow with the employee's history. (One
 * predicate with OR made SQLite scan every punch of the account; a search by time_in read every earlier punch
 * of the employee.)
 */
const clockBook = precompiled((db, v: { accountId: number; employeeRef: number; at: string }) => {
  const current = () =>
    db
      .selectFrom('punches')
      .select(['id', 'employee_ref', 'time_in', 'time_out', 'type'])
      .where('account_id', '=', v.accountId)
      .where('deleted_at', 'is', null)
      .where('employee_ref', '=', v.employeeRef);
  return current()
    .where('time_out', 'is', null)
    .unionAll(
      current()
        .where('time_in', '<=', v.at)
        .where('time_out', '>', (eb) => {
          const openStart = () =>
            eb
              .selectFrom('punches as open')
              .select('open.time_in')
              .where('open.account_id', '=', v.accountId)
              .where('open.employee_ref', '=', v.employeeRef)
              .where('open.time_out', 'is', null)
              .where('open.deleted_at', 'is', null);
          // With no open shift the comparison is null: `at`.
          return eb.case().when(openStart(), '<', v.at).then(openStart()).else(v.at).end();
        }),
    );
});

/** PostgreSQL: the employee's row lock, held to the end of the transaction (lockEmployee below). */
const lockEmployee = precompiled((db, v: { accountId: number; employeeRef: number }) =>
  db
    .selectFrom('employees')
    .select('id')
    .where('account_id', '=', v.accountId)
    .where('id', '=', v.employeeRef)
    .forUpdate(),
);

/** A punch row, unless the account has its client id or the employee an open shift (a unique index). */
const insertIfFree = precompiled((db, row: Insertable<PunchesTable>) =>
  db
    .insertInto('punches')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);

export type CloseValues = ShiftClose & { updated_at: string; account_id: number; employee_ref: number };
const closeShiftQuery = (db: Kysely<DB>, v: CloseValues) => {
  const { account_id, employee_ref, ...set } = v;
  return db
    .updateTable('punches')
    .set(set)
    .where('account_id', '=', account_id)
    .where('employee_ref', '=', employee_ref)
    .where('time_out', 'is', null)
    .where('deleted_at', 'is', null);
};
/** Closes the employee's open shift. */
const closeShift = precompiled((db, v: CloseValues) => closeShiftQuery(db, v).returningAll());
/** The same, unless the account already has this clock-out client id (a replay writes nothing). */
const closeShiftOnce = precompiled((db, v: CloseValues) =>
  closeShiftQuery(db, v)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('punches as replayed')
            .select('replayed.id')
            .where('replayed.account_id', '=', v.account_id)
            .where('replayed.clock_out_client_id', '=', v.clock_out_client_id as string),
        ),
      ),
    )
    .returningAll(),
);

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
  created_by_user_id: 'integer',
  deleted_at: 'text',
  created_at: 'text',
  updated_at: 'text',
};

/**
 * One multi-row `INSERT INTO punches … ON CONFLICT DO NOTHING RETURNING …`, written here rather than built value by
 * value: Kysely's builder costs more than the database for hundreds of rows. Columns are the rows' keys
 * (PunchesTable fields from the code, never from a request); every value is a bound parameter. On PostgreSQL the
 * rows go as arrays (unnestRows), one statement a set of columns, so a column a row lacks takes its DEFAULT; on
 * SQLite as a VALUES list, where a column a row lacks is NULL (SQLite has no DEFAULT in VALUES).
 */
async function insertPunchRows<R>(
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
async function insertIfFreeMany(trx: Kysely<DB>, rows: Insertable<PunchesTable>[]) {
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
async function closeShiftMany(trx: Kysely<DB>, rows: CloseValues[]): Promise<(PunchRow | undefined)[]> {
  const whole = (r: CloseValues) =>
    r.late_sync === undefined && CLOSE_COLUMNS.every(([c]) => r[c] !== undefined);
  if (!rows.every(whole)) {
    const out: (PunchRow | undefined)[] = [];
    for (const r of rows) out.push((await (r.clock_out_client_id ? closeShiftOnce : closeShift)(trx, r))[0]);
    return out;
  }
  const written = (await trx.executeQuery<PunchRow>(closeShiftsStatement(rows))).rows;
  const byEmployee = new Map(written.map((w) => [w.employee_ref, w]));
  return rows.map((r) => {
    const row = byEmployee.get(r.employee_ref);
    byEmployee.delete(r.employee_ref);
    return row;
  });
}

/**
 * The employees a transaction has locked (lockEmployee), by its handle: the units of a group commit build their
 * own bundles over one shared transaction, whose group locked them all before the first unit ran
 * (prepareClockGroup).
 */
const lockedBy = new WeakMap<Kysely<DB>, Set<number>>();
const lockedIn = (db: Kysely<DB>) => {
  // Outside a transaction a lock ends with its statement: nothing to remember.
  if (!db.isTransaction) return new Set<number>();
  let set = lockedBy.get(db);
  if (!set) lockedBy.set(db, (set = new Set()));
  return set;
};

/** A book a group read for one of its employees before its units ran (prepareClockGroup), taken once. */
type GroupBook = { accountId: number; since: string; rows: BookPunch[] };
const groupBooks = new WeakMap<Kysely<DB>, Map<number, GroupBook>>();

/** Every punch query; account first. Works on the database or inside a unit of work's transaction. */
export function punchesRepository(db: Kysely<DB>) {
  const current = (accountId: number) =>
    db.selectFrom('punches').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const locked = lockedIn(db);

  const repo = {
    /**
     * Serialises writers of one employee's punches for the rest of the transaction, so the overlap check and the
     * write cannot interleave with another writer's (PostgreSQL row lock). SQLite runs one write transaction at
     * a time on its single connection, so there it is a no-op.
     */
    async lockEmployee(accountId: number, employeeRef: number): Promise<void> {
      if (!isPostgres || locked.has(employeeRef)) return;
      locked.add(employeeRef);
      await lockEmployee(db, { accountId, employeeRef });
    },

    /** lockEmployee for a whole batch, in one query (in id order, so two batches cannot deadlock). */
    async lockEmployees(accountId: number | number[], employeeRefs: number[]): Promise<void> {
      const refs = [...new Set(employeeRefs)].filter((id) => !locked.has(id)).sort((a, b) => a - b);
      if (!isPostgres || refs.length === 0) return;
      const accounts = [...new Set([accountId].flat())];
      for (let i = 0; i < refs.length; i += 1000) {
        const chunk = refs.slice(i, i + 1000);
        await db
          .selectFrom('employees')
          .select('id')
          .where(anyOf('account_id', accounts, 'integer'))
          .where(anyOf('id', chunk, 'integer'))
          .orderBy('id')
          .forUpdate()
          .modifyEnd(keepPlan)
          .execute();
      }
      for (const id of refs) locked.add(id);
    },

    /**
     * The employees' current punches a batch from `since` on can meet (punchBook): every open shift, and every
     * punch ending after `since` or after the earliest open shift's start (a clock-out's span starts there).
     * Index searches per employee (punches_one_open_shift, punches_employee_time_out), so the cost does not grow
     * with their history: an OR of the open and the ended made SQLite read every punch of the employees.
     */
    async bookOf(accountId: number, employeeRefs: number[], since: string): Promise<BookPunch[]> {
      const refs = [...new Set(employeeRefs)];
      const rows: BookPunch[] = [];
      // `+account_id`: the account is checked on each row found, not searched by. With an IN list SQLite (no
      // statistics) would otherwise read the account's every punch in its covering index punches_account_day.
      const of = (chunk: number[]) =>
        db
          .selectFrom('punches')
          .select(['id', 'employee_ref', 'time_in', 'time_out', 'type'])
          .where(sql<number>`+${sql.ref('account_id')}`, '=', accountId)
          .where('deleted_at', 'is', null)
          .where(oneOfIds(isPostgres, 'employee_ref', chunk));
      // One statement a chunk: its open shifts, and what ended after the earlier of `since` and the chunk's
      // earliest open shift's start (with no open shift the comparison is null: `since`).
      const book = (chunk: number[]) =>
        of(chunk)
          .where('time_out', 'is', null)
          .unionAll(
            of(chunk).where('time_out', '>', (eb) => {
              const earliestOpen = () =>
                eb
                  .selectFrom('punches as open')
                  .select((o) => o.fn.min('open.time_in').as('time_in'))
                  .where(sql<number>`+${sql.ref('open.account_id')}`, '=', accountId)
                  .where('open.deleted_at', 'is', null)
                  .where(oneOfIds(isPostgres, 'open.employee_ref', chunk))
                  .where('open.time_out', 'is', null);
              return eb.case().when(earliestOpen(), '<', since).then(earliestOpen()).else(since).end();
            }),
          );
      for (let i = 0; i < refs.length; i += 500)
        rows.push(
          ...(await book(refs.slice(i, i + 500))
            .modifyEnd(keepPlan)
            .execute()),
        );
      return rows;
    },

    /**
     * PostgreSQL, before a group commit's live punches run (unit-of-work GroupPrepare): their employees locked in
     * one statement (in id order, which also keeps two groups or a sync batch from deadlocking), and one book read
     * for the employees punching once in the group, from the earliest punch's instant on. Each unit's clockBook
     * then takes its employee's rows instead of asking: a superset of what it would read (every rule compares in
     * memory), which nothing else wrote since (the lock). An employee punching twice in the group reads again,
     * after the first punch.
     */
    async prepareClockGroup(punches: ClockPunch[]): Promise<void> {
      // SQLite: nothing to lock (one writer), and its one-employee reads, precompiled calls inside this process,
      // cost less than building the group's read (measured: 0.01–0.02 ms a punch more with it).
      if (!isPostgres) return;
      await repo.lockEmployees(
        punches.map((p) => p.accountId),
        punches.map((p) => p.employeeRef),
      );
      const times = new Map<number, number>();
      for (const p of punches) times.set(p.employeeRef, (times.get(p.employeeRef) ?? 0) + 1);
      const once = punches.filter((p) => times.get(p.employeeRef) === 1);
      const books = new Map<number, GroupBook>();
      for (const accountId of new Set(once.map((p) => p.accountId))) {
        const ofAccount = once.filter((p) => p.accountId === accountId);
        const since = ofAccount.reduce((m, p) => (p.at < m ? p.at : m), ofAccount[0].at);
        for (const p of ofAccount) books.set(p.employeeRef, { accountId, since, rows: [] });
        const rows = await repo.bookOf(
          accountId,
          ofAccount.map((p) => p.employeeRef),
          since,
        );
        for (const r of rows) books.get(r.employee_ref)?.rows.push(r);
      }
      groupBooks.set(db, books);
    },

    /**
     * What a live clock-in or -out at `at` can meet (punchBook): the query above, or the rows its group read
     * for it before it ran (prepareClockGroup).
     */
    async clockBook(accountId: number, employeeRef: number, at: string): Promise<BookPunch[]> {
      const books = groupBooks.get(db);
      const read = books?.get(employeeRef);
      if (read) books!.delete(employeeRef);
      if (read && read.accountId === accountId && read.since <= at) return read.rows;
      return clockBook(db, { accountId, employeeRef, at });
    },

    /**
     * Inserts many punches with multi-row INSERTs; a replayed client id or a second open shift is skipped (only
     * the written rows are answered). Should a chunk fail, its rows are tried one by one, each in its own
     * savepoint on PostgreSQL, so one bad row does not abort the rest: a row that fails alone is not answered.
     */
    async insertMany(accountId: number, punches: NewPunch[]): Promise<{ id: number; client_id: string }[]> {
      const at = nowIso();
      const insert = (chunk: NewPunch[]) =>
        insertPunchRows<{ id: number; client_id: string }>(
          db,
          chunk.map((p) => ({ ...p, account_id: accountId, created_at: at, updated_at: at })),
          '"id", "client_id"',
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
    },

    openShift: (accountId: number, employeeRef: number) =>
      current(accountId)
        .select(['id', 'time_in'])
        .where('employee_ref', '=', employeeRef)
        .where('time_out', 'is', null)
        .executeTakeFirst(),

    /**
     * Whether another current punch of the employee, of the same kind (work, or a Lunch/Break), overlaps
     * [from, to), an open shift counting as endless. With `to` null, whether one contains the instant `from`
     * (a clock-in landing inside another punch). Breaks are taken during work, so they may overlap work.
     */
    async overlapping(
      accountId: number,
      employeeRef: number,
      span: { from: string; to: string | null; isBreak: boolean },
      exceptId?: number,
    ): Promise<boolean> {
      const { from, to } = span;
      const row = await current(accountId)
        .select('id')
        .where('employee_ref', '=', employeeRef)
        .where('type', span.isBreak ? '!=' : '=', 'None')
        .$if(to === null, (q) => q.where('time_in', '<=', from).where('time_out', '>', from))
        .$if(to !== null, (q) =>
          q
            .where('time_in', '<', to as string)
            .where((eb) => eb.or([eb('time_out', 'is', null), eb('time_out', '>', from)])),
        )
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
        .executeTakeFirst();
      return !!row;
    },

    /** What validatePunch asks, bound to one account. */
    lookups: (accountId: number): PunchLookups => ({
      openShift: (employeeRef) => repo.openShift(accountId, employeeRef),
      overlapping: (employeeRef, span, exceptId) => repo.overlapping(accountId, employeeRef, span, exceptId),
    }),

    find: (accountId: number, id: number) =>
      current(accountId).selectAll().where('id', '=', id).executeTakeFirst(),

    byClientId: (accountId: number, clientId: string) =>
      db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),

    byClockOutClientId: (accountId: number, clientId: string) =>
      db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('clock_out_client_id', '=', clientId)
        .executeTakeFirst(),

    /**
     * Client ids of a sync batch the server already has (as a clock-in or a clock-out), each with the employee
     * whose punch it is; 500 ids per query.
     */
    async knownClientIds(accountId: number, ids: string[]): Promise<Map<string, number>> {
      const known = new Map<string, number>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await db
          .selectFrom('punches')
          .select(['client_id', 'clock_out_client_id', 'employee_ref'])
          .where('account_id', '=', accountId)
          .where((eb) => eb.or([eb('client_id', 'in', chunk), eb('clock_out_client_id', 'in', chunk)]))
          .execute();
        for (const r of rows) {
          known.set(r.client_id, r.employee_ref);
          if (r.clock_out_client_id) known.set(r.clock_out_client_id, r.employee_ref);
        }
      }
      return known;
    },

    /**
     * Inserts a punch. A second open shift or a replayed client id writes nothing and answers undefined instead
     * of raising (the partial unique indexes decide), so one refused row cannot abort a PostgreSQL transaction.
     */
    async insertIfFree(accountId: number, p: NewPunch): Promise<PunchRow | undefined> {
      const at = nowIso();
      return writeInBatch(
        db,
        'punch.insert',
        { ...p, account_id: accountId, created_at: at, updated_at: at },
        { one: async (d, row) => (await insertIfFree(d, row))[0], many: insertIfFreeMany },
      );
    },

    /**
     * Closes the open shift in one conditional UPDATE: two clock-outs racing cannot both succeed. A clock-out
     * client id the account already has writes nothing and answers undefined (a replay), instead of raising on
     * the unique index and aborting a PostgreSQL transaction.
     */
    closeShift: async (
      accountId: number,
      employeeRef: number,
      out: ShiftClose,
    ): Promise<PunchRow | undefined> =>
      writeInBatch(
        db,
        'punch.close',
        { ...out, updated_at: nowIso(), account_id: accountId, employee_ref: employeeRef },
        {
          one: async (d, v) => (await (v.clock_out_client_id ? closeShiftOnce : closeShift)(d, v))[0],
          many: closeShiftMany,
        },
      ),

    update: (accountId: number, id: number, values: Updateable<PunchesTable>) =>
      db
        .updateTable('punches')
        .set({ ...values, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),

    /** Soft delete: the row stays for the audit trail and counts nowhere. */
    async softDelete(accountId: number, id: number) {
      const at = nowIso();
      await db
        .updateTable('punches')
        .set({ deleted_at: at, updated_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },
  };
  return repo;
}
