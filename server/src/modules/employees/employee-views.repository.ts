import { EMPLOYEE_FLAGS, type EmployeeView, foldText, type SearchBody } from '@punchclock/contract';
import { type ExpressionBuilder, type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { keysetAfter, nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';
import type { KeyPart } from '../../lib/cursor';
import { decimalFromCents } from '../../lib/money';

// Employees as the screens show them (EmployeeView): with their department's name, whether they are clocked in,
// whether they have a login and their custom values; one, a list, a page of the search panel, and counts.
// employeesRepository (employees.repository.ts) answers with these beside its look-ups and writes.

type Scope = DB & { e: DB['employees']; d: DB['departments'] };
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Past this many ids or codes an IN list is longer than reading the account's rows. */
export const IN_LIST_MAX = 500;

/**
 * Whether a column holds the search text in any letter case or accent ("jose" finds "José", contract/src/fold.ts).
 * fold() (migration 014, db/database.ts) costs more than lower() (a JavaScript call on SQLite, normalize() and
 * regexp_replace() on PostgreSQL), so it runs only on values beyond ASCII. The others match in ASCII's letter cases
 * alone: SQLite's like is blind to them by itself, and PostgreSQL's lower() under the "C" collation costs half its
 * Unicode lower() (a search for text reads every employee: bench/paging.ts).
 */
function holds(column: string, text: string, sqlite: boolean) {
  const pattern = likePattern(foldText(text));
  const c = sql.ref(column);
  const [ascii, beyondAscii] = sqlite
    ? [sql`${c}`, sql`${c} glob '*[^ -~]*'`]
    : [sql`lower(${c} collate "C")`, sql`octet_length(${c}) <> char_length(${c})`];
  return sql<boolean>`(${ascii} like ${pattern} escape '\\' or (${beyondAscii} and fold(${c}) like ${pattern} escape '\\'))`;
}

/** `like` patterns match the text literally: % and _ typed by a user are not wildcards. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An open shift of the employee; served by the partial unique index on open shifts (one per employee). */
const isOpen = (eb: ExpressionBuilder<DB & { e: DB['employees'] }, 'e'>) =>
  eb.exists(
    eb
      .selectFrom('punches as p')
      .select('p.id')
      .whereRef('p.employee_ref', '=', 'e.id')
      .where('p.time_out', 'is', null)
      .where('p.deleted_at', 'is', null),
  );

/** A page of employees and each one's place in the list order (the first part of a cursor's key). */
export interface ViewPage {
  rows: EmployeeView[];
  nameKeys: Map<number, string>;
}

/** A page of a list in (name, id) order: the rows after (or, going back, before) a key. */
export interface EmployeePage {
  after?: readonly KeyPart[];
  back?: boolean;
  limit: number;
}

const paged = <O>(q: SelectQueryBuilder<Scope, 'e' | 'd', O>, page: EmployeePage) =>
  q
    .$if(!!page.after, (b) => b.where(keysetAfter([nameOrder('e.name'), 'e.id'], page.after!, !!page.back)))
    .limit(page.limit);

/** The search panel's filters, on any query over `employees as e` joined to `departments as d`. */
function searchFilter<O>(
  db: Kysely<DB>,
  q: SelectQueryBuilder<Scope, 'e' | 'd', O>,
  accountId: number,
  s: SearchBody,
) {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const dept = typeof s.department_id === 'number' ? s.department_id : null;
  return q
    .$if(!s.show_deleted, (b) => b.where('e.deleted_at', 'is', null))
    .$if(!!s.query, (b) =>
      b.where((eb) =>
        eb.or(
          ['e.name', 'e.title', 'e.employee_id', 'e.email', 'd.dp_name'].map((c) =>
            holds(c, s.query!, sqlite),
          ),
        ),
      ),
    )
    .$if(!!dept && !!s.current_department, (b) => b.where('e.department_id', '=', dept!))
    .$if(!!dept && !s.current_department, (b) =>
      b.where((eb) =>
        eb.or([
          eb('e.department_id', '=', dept!),
          eb.exists(
            eb
              .selectFrom('departments as a')
              .select('a.id')
              .where('a.account_id', '=', accountId)
              .where('a.id', '=', dept!)
              .where('a.assign_to_all_employees', '=', 1),
          ),
        ]),
      ),
    )
    .$if(s.status === 'In', (b) => b.where((eb) => isOpen(eb)))
    .$if(s.status === 'Out', (b) => b.where((eb) => eb.not(isOpen(eb))));
}

/** Employees with their department name, whether they hold an open shift, and whether they have a login. */
function baseQuery(db: Kysely<DB>, accountId: number, reach: DepartmentReach) {
  return db
    .selectFrom('employees as e')
    .innerJoin('departments as d', 'd.id', 'e.department_id')
    .selectAll('e')
    .select('d.dp_name as department_name')
    .select(nameOrder('e.name').as('name_key'))
    .select((eb) => [
      isOpen(eb).as('clocked_in'),
      eb
        .exists(eb.selectFrom('users as u').select('u.id').whereRef('u.employee_ref', '=', 'e.id'))
        .as('has_login'),
    ])
    .where('e.account_id', '=', accountId)
    .$call((q) => withinReach(q, reach, 'e.department_id'));
}

function toView(r: Row, ownerUserId: number, custom: Map<number, Record<string, string>>): EmployeeView {
  const flags = Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, !!r[f]])) as Pick<
    EmployeeView,
    (typeof EMPLOYEE_FLAGS)[number]
  >;
  return {
    id: r.id,
    user_id: ownerUserId,
    employee_id: r.employee_id,
    name: r.name,
    title: r.title,
    email: r.email,
    department_id: r.department_id,
    department_name: r.department_name,
    hourly_rate: decimalFromCents(r.hourly_rate_cents),
    has_pin: !!r.pin,
    status: r.status,
    clocked_in: !!r.clocked_in,
    has_login: !!r.has_login,
    deleted_at: r.deleted_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    custom_fields: custom.get(r.id) ?? {},
    ...flags,
  };
}

/** The views of employees; account first, `reach` on every list. Works on the database or in a transaction. */
export function employeeViewsRepository(db: Kysely<DB>) {
  /** Custom values of the given rows in one query (by account when the list is long, so no huge IN list). */
  async function customValues(accountId: number, ids: number[]) {
    const out = new Map<number, Record<string, string>>();
    if (ids.length === 0) return out;
    const values = await db
      .selectFrom('custom_field_values')
      .select(['employee_ref', 'field_id', 'value'])
      .where('account_id', '=', accountId)
      .$if(ids.length <= IN_LIST_MAX, (q) => q.where('employee_ref', 'in', ids))
      .execute();
    for (const v of values) {
      const rec = out.get(v.employee_ref) ?? {};
      rec[String(v.field_id)] = v.value;
      out.set(v.employee_ref, rec);
    }
    return out;
  }

  async function views(
    accountId: number,
    ownerUserId: number,
    q: SelectQueryBuilder<Scope, 'e' | 'd', Row>,
    direction: 'asc' | 'desc' = 'asc',
  ) {
    return (await viewPage(accountId, ownerUserId, q, direction)).rows;
  }

  /** Views in list order, with each one's place in it (its name's fold() as the database has it: a cursor's key). */
  async function viewPage(
    accountId: number,
    ownerUserId: number,
    q: SelectQueryBuilder<Scope, 'e' | 'd', Row>,
    direction: 'asc' | 'desc' = 'asc',
  ): Promise<ViewPage> {
    const rows = await q.orderBy(nameOrder('e.name'), direction).orderBy('e.id', direction).execute();
    const custom = await customValues(
      accountId,
      rows.map((r) => r.id),
    );
    return {
      rows: rows.map((r) => toView(r, ownerUserId, custom)),
      nameKeys: new Map(rows.map((r) => [r.id, r.name_key])),
    };
  }

  return {
    list: (
      accountId: number,
      ownerUserId: number,
      reach: DepartmentReach,
      opts: { includeDeleted?: boolean; departmentId?: number; batchId?: number } = {},
    ) =>
      views(
        accountId,
        ownerUserId,
        baseQuery(db, accountId, reach)
          .$if(!opts.includeDeleted, (q) => q.where('e.deleted_at', 'is', null))
          .$if(!!opts.departmentId, (q) => q.where('e.department_id', '=', opts.departmentId!))
          .$if(!!opts.batchId, (q) => q.where('e.import_batch_id', '=', opts.batchId!)),
      ),

    /** One employee; a department-scoped caller finds only its departments' (`reach`). */
    async one(
      accountId: number,
      ownerUserId: number,
      id: number,
      reach: DepartmentReach,
      includeDeleted = false,
    ) {
      const q = baseQuery(db, accountId, reach)
        .where('e.id', '=', id)
        .$if(!includeDeleted, (b) => b.where('e.deleted_at', 'is', null));
      return (await views(accountId, ownerUserId, q))[0];
    },

    /**
     * The search panel: text over name, department, title, ID and email; department; In/Out from real open
     * shifts; deleted. One page in (name, id) order after `page.after` (backwards when `page.back`).
     */
    search: (
      accountId: number,
      ownerUserId: number,
      s: SearchBody,
      page: EmployeePage,
      reach: DepartmentReach,
    ) =>
      viewPage(
        accountId,
        ownerUserId,
        paged(searchFilter(db, baseQuery(db, accountId, reach), accountId, s), page),
        page.back ? 'desc' : 'asc',
      ),

    /** How many employees the search finds (counted once, for the first page). */
    searchCount: async (accountId: number, s: SearchBody, reach: DepartmentReach) =>
      Number(
        (
          await searchFilter(
            db,
            db
              .selectFrom('employees as e')
              .innerJoin('departments as d', 'd.id', 'e.department_id')
              .where('e.account_id', '=', accountId)
              .$call((q) => withinReach(q, reach, 'e.department_id')),
            accountId,
            s,
          )
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** One page of the account's current employees in (name, id) order: one range of employees_account_name. */
    listPage: (accountId: number, ownerUserId: number, page: EmployeePage, reach: DepartmentReach) =>
      viewPage(
        accountId,
        ownerUserId,
        paged(baseQuery(db, accountId, reach).where('e.deleted_at', 'is', null), page),
        page.back ? 'desc' : 'asc',
      ),

    /** How many current employees the account has. */
    count: async (accountId: number, reach: DepartmentReach) =>
      Number(
        (
          await db
            .selectFrom('employees')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', accountId)
            .where('deleted_at', 'is', null)
            .$call((q) => withinReach(q, reach, 'department_id'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
