import type { Kysely } from 'kysely';
import { keysetAfter } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { KeyPart } from '../../lib/cursor';
import { nowIso } from '../../lib/time';

export interface ActivityEntry {
  accountId: number;
  userId: number | null;
  employeeId?: number | null;
  action: string;
  details?: unknown;
}

/**
 * Every change an account makes is written here (DESIGN §5): who, what, and the details. Services call it
 * through the activity repository of their unit of work, so the entry commits with the change it records.
 */
export async function recordActivity(db: Kysely<DB>, entry: ActivityEntry): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('activity_logs')
    .values({
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
    })
    .execute();
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
     * order: after `position.after` when given (one index range scan), else from `position.offset` (the spec's
     * old `page` parameter).
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
        .leftJoin('users', (j) =>
          j.onRef('users.id', '=', 'activity_logs.user_id').on('users.account_id', '=', accountId),
        )
        .leftJoin('employees', (j) =>
          j
            .onRef('employees.id', '=', 'activity_logs.employee_id')
            .on('employees.account_id', '=', accountId),
        )
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
     * The rows a page of entries refers to, by id, each kind in one query inside the account (at most four
     * queries a page, none for a kind the page does not name): station names, employee names and codes,
     * department names, and each punch's employee and clock-in instant.
     */
    async named(
      accountId: number,
      ids: { station: number[]; punch: number[]; employee: number[]; department: number[] },
    ) {
      const [stations, punches, employees, departments] = await Promise.all([
        ids.station.length
          ? db
              .selectFrom('stations')
              .where('account_id', '=', accountId)
              .where('id', 'in', ids.station)
              .select(['id', 'name'])
              .execute()
          : [],
        ids.punch.length
          ? db
              .selectFrom('punches')
              .innerJoin('employees', (j) =>
                j
                  .onRef('employees.id', '=', 'punches.employee_ref')
                  .on('employees.account_id', '=', accountId),
              )
              .where('punches.account_id', '=', accountId)
              .where('punches.id', 'in', ids.punch)
              .select(['punches.id', 'punches.time_in', 'employees.name'])
              .execute()
          : [],
        ids.employee.length
          ? db
              .selectFrom('employees')
              .where('account_id', '=', accountId)
              .where('id', 'in', ids.employee)
              .select(['id', 'name', 'employee_id'])
              .execute()
          : [],
        ids.department.length
          ? db
              .selectFrom('departments')
              .where('account_id', '=', accountId)
              .where('id', 'in', ids.department)
              .select(['id', 'dp_name'])
              .execute()
          : [],
      ]);
      return { stations, punches, employees, departments };
    },
  };
}
export type ActivityRepository = ReturnType<typeof activityRepository>;
