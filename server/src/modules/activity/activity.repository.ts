import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import { keysetAfter } from '../../db/keyset';
import { precompiled } from '../../db/precompiled';
import { noteRows } from '../../db/ledger';
import { writeWithGroup } from '../../db/unit-of-work';
import type { ActivityLogsTable, DB } from '../../db/schema';
import type { KeyPart } from '../../lib/cursor';
import { nowIso } from '../../lib/time';
import { KEEP_PLAN } from '../../db/database';
import { unnestRows } from '../../db/unnest';
import { ofAccount } from '../../db/account-join';

export interface ActivityEntry {
  accountId: number;
  userId: number | null;
  employeeId?: number | null;
  action: string;
  details?: unknown;
}

/**
 * Every change an account makes is written here (see docs/RULES.md#activity-log): who, what, and the details.
 * Services call it through the activity repository of their unit of work, so the entry commits with the
 * change it records.
 */
export async function recordActivity(db: Kysely<DB>, entry: ActivityEntry): Promise<void> {
  const at = nowIso();
  // In a group commit (a punch), with the group's other activity rows in one INSERT before its COMMIT.
  await writeWithGroup(
    db,
    'activity_logs',
    {
      account_id: entry.accountId,
      user_id: entry.userId,
      employee_id: entry.employeeId ?? null,
      action: entry.action,
      details:
        entry.details === undefined
          ? null
          : typeof entry.details === 'string'
            ? entry.details
            : JSON.stringify(entry.details),
      created_at: at,
      updated_at: at,
    },
    insertActivities,
  );
}

/** Every logged change writes one: compiled once (db/precompiled). */
const insertActivity = precompiled((db, row: Insertable<ActivityLogsTable>) =>
  db.insertInto('activity_logs').values(row).returningAll(),
);

/** The columns recordActivity writes, with their PostgreSQL types (their arrays need them). */
const ACTIVITY_COLUMNS = [
  ['account_id', 'integer'],
  ['user_id', 'integer'],
  ['employee_id', 'integer'],
  ['action', 'text'],
  ['details', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
] as const;

/**
 * One row compiled once; a group commit's rows (at most GROUP_COMMIT_MAX) in one multi-row INSERT: on PostgreSQL as
 * arrays (unnestRows), one statement text for any number of rows.
 */
export async function insertActivities(db: Kysely<DB>, rows: Insertable<ActivityLogsTable>[]): Promise<void> {
  // Each written row (RETURNING *) is sealed in the account's ledger (db/ledger.ts).
  let written: Record<string, unknown>[];
  if (rows.length === 1) written = await insertActivity(db, rows[0]);
  else if (!(db.getExecutor().adapter instanceof PostgresAdapter))
    written = await db.insertInto('activity_logs').values(rows).returningAll().execute();
  else {
    const params: unknown[] = [];
    const from = unnestRows(rows as unknown as Record<string, unknown>[], ACTIVITY_COLUMNS, params);
    const names = ACTIVITY_COLUMNS.map(([c]) => `"${c}"`).join(', ');
    written = (
      await db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(
          `insert into "activity_logs" (${names}) select ${names} from ${from} returning * ${KEEP_PLAN}`,
          params,
        ),
      )
    ).rows;
  }
  await noteRows(db, 'activity_logs', 'insert', written);
}

/** A row an entry's details name: `at` is a punch's clock-in, `code` an employee's Employee ID. */
export interface NamedRow {
  kind: 'station' | 'punch' | 'employee' | 'department';
  id: number;
  name: string;
  code: string | null;
  at: string | null;
}

/** Instants as stored (ISO UTC text): `from` included, `before` excluded. */
export interface InstantRange {
  from?: string;
  before?: string;
}
export interface LogFilter extends InstantRange {
  action?: string;
}

export function activityRepository(db: Kysely<DB>) {
  const filtered = (accountId: number, f: LogFilter) =>
    db
      .selectFrom('activity_logs')
      .where('activity_logs.account_id', '=', accountId)
      .$if(!!f.action, (q) => q.where('activity_logs.action', '=', f.action as string))
      .$if(!!f.from, (q) => q.where('activity_logs.created_at', '>=', f.from as string))
      .$if(!!f.before, (q) => q.where('activity_logs.created_at', '<', f.before as string));

  return {
    /** One entry, account first; inside a unit of work it commits with the change it records. */
    record: (accountId: number, entry: Omit<ActivityEntry, 'accountId'>) =>
      recordActivity(db, { ...entry, accountId }),

    count: async (accountId: number, f: LogFilter) =>
      Number(
        (
          await filtered(accountId, f)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /**
     * Rows with who did it and to whom, in one query (the joins stay inside the account), in (created_at, id)
     * order: after `position.after` when given (one index range scan), else from `position.offset` (the old
     * client's `page` parameter).
     */
    page: (
      accountId: number,
      f: LogFilter,
      position: { after?: readonly KeyPart[]; offset?: number },
      limit: number,
      order: 'asc' | 'desc' = 'desc',
    ) =>
      filtered(accountId, f)
        .$if(!!position.after, (q) =>
          q.where(
            keysetAfter(['activity_logs.created_at', 'activity_logs.id'], position.after!, order === 'desc'),
          ),
        )
        .leftJoin('users', ofAccount('users', 'activity_logs.user_id', accountId))
        .leftJoin('employees', ofAccount('employees', 'activity_logs.employee_id', accountId))
        .select([
          'activity_logs.id',
          'activity_logs.user_id',
          'activity_logs.employee_id',
          'activity_logs.action',
          'activity_logs.details',
          'activity_logs.created_at',
          'activity_logs.updated_at',
          'users.name as user_name',
          'employees.name as employee_name',
          'employees.employee_id as employee_code',
        ])
        .orderBy('activity_logs.created_at', order)
        .orderBy('activity_logs.id', order)
        .$if(!!position.offset, (q) => q.offset(position.offset!))
        .limit(limit)
        .execute(),

    /**
     * The rows a page of entries refers to, by id, in one set-based query (a UNION ALL of the kinds the page
     * names, each inside the account): station names, employee names and codes, department names, and each
     * punch's employee and clock-in instant. One row per id found: (kind, id, name, code, at).
     */
    async named(
      accountId: number,
      ids: { station: number[]; punch: number[]; employee: number[]; department: number[] },
    ): Promise<NamedRow[]> {
      const none = sql`null`;
      // The kind as a literal, not a parameter: PostgreSQL cannot type a bare parameter in a UNION.
      const byId = (k: NamedRow['kind'], list: number[], table: string, name: string, code: string | null) =>
        list.length === 0
          ? null
          : sql`select ${sql.lit(k)} as kind, id, ${sql.ref(name)} as name,
              ${code ? sql.ref(code) : none} as code, ${none} as at
            from ${sql.table(table)} where account_id = ${accountId} and id in (${sql.join(list)})`;
      const punches =
        ids.punch.length === 0
          ? null
          : sql`select ${sql.lit('punch')} as kind, p.id, e.name, e.employee_id as code, p.time_in as at
            from punches p join employees e on e.id = p.employee_ref and e.account_id = ${accountId}
            where p.account_id = ${accountId} and p.id in (${sql.join(ids.punch)})`;
      const parts = [
        byId('station', ids.station, 'stations', 'name', null),
        punches,
        byId('employee', ids.employee, 'employees', 'name', 'employee_id'),
        byId('department', ids.department, 'departments', 'dp_name', null),
      ].filter((q) => q !== null);
      if (parts.length === 0) return [];
      return (await sql<NamedRow>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
    },
  };
}
export type ActivityRepository = ReturnType<typeof activityRepository>;
