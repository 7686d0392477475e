import { EMPLOYEE_FLAGS, type EmployeeView, foldText, type SearchBody } from '@punchclock/contract';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { softDeleteRows, updateRow } from '../../db/account-rows';
import { keysetAfter, nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB, EmployeesTable } from '../../db/schema';
import type { KeyPart } from '../../lib/cursor';
import { decimalFromCents } from '../../lib/money';
import { nowIso } from '../../lib/time';

type Scope = DB & { e: DB['employees']; d: DB['departments'] };
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** Past this many ids or codes an IN list is longer than reading the account's rows. */
const IN_LIST_MAX = 500;
const INSERT_CHUNK = 200;

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

export function employeesRepository(db: Kysely<DB>) {
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

    /** Whether the employee is one of the account's current ones within `reach` (or, `withDeleted`, a deleted one too). */
    async isCurrent(
      accountId: number,
      id: number,
      reach: DepartmentReach,
      withDeleted = false,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('employees')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .$if(!withDeleted, (q) => q.where('deleted_at', 'is', null))
        .$call((q) => withinReach(q, reach, 'department_id'))
        .executeTakeFirst();
      return !!row;
    },

    /** The department of one of the account's current employees (or, `withDeleted`, of a deleted one too). */
    departmentOf: async (accountId: number, id: number, withDeleted = false): Promise<number | undefined> =>
      (
        await db
          .selectFrom('employees')
          .select('department_id')
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .$if(!withDeleted, (q) => q.where('deleted_at', 'is', null))
          .executeTakeFirst()
      )?.department_id,

    /**
     * Current employees holding any of the given codes (letter case aside; at least one) or e-mails; all of the
     * account's when the lists are long.
     */
    identities(accountId: number, codes: string[], emails: string[]) {
      const short = codes.length + emails.length <= IN_LIST_MAX;
      return db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'email'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$if(short, (q) =>
          q.where((eb) =>
            eb.or([
              // Letter case aside (employees.service codeKey): codes come lower-cased.
              eb(
                eb.fn('lower', ['employee_id']),
                'in',
                codes.map((c) => c.toLowerCase()),
              ),
              ...(emails.length ? [eb('email', 'in', emails)] : []),
            ]),
          ),
        )
        .execute();
    },

    /** Current employees among `ids` (within `reach`). */
    current: (accountId: number, ids: number[], reach: DepartmentReach) =>
      db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'department_id'))
        .execute(),

    /** New employees in chunks; answers their ids by employee code. */
    async insertMany(accountId: number, rows: Omit<Insertable<EmployeesTable>, 'account_id'>[]) {
      const ids = new Map<string, number>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const inserted = await db
          .insertInto('employees')
          .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, account_id: accountId })))
          .returning(['id', 'employee_id'])
          .execute();
        for (const e of inserted) ids.set(e.employee_id, e.id);
      }
      return ids;
    },

    update: (accountId: number, id: number, values: Updateable<EmployeesTable>) =>
      updateRow(db, 'employees', accountId, id, values),

    /** PIN hashes of new rows (a hash is bound to its row id), one statement per chunk. */
    async setPins(accountId: number, pins: { id: number; pin: string }[]) {
      for (let i = 0; i < pins.length; i += INSERT_CHUNK) {
        const chunk = pins.slice(i, i + INSERT_CHUNK);
        const cases = sql.join(
          chunk.map((p) => sql`when ${p.id} then ${p.pin}`),
          sql` `,
        );
        await db
          .updateTable('employees')
          .set({ pin: sql<string>`case ${sql.ref('id')} ${cases} end` })
          .where('account_id', '=', accountId)
          .where(
            'id',
            'in',
            chunk.map((p) => p.id),
          )
          .execute();
      }
    },

    /** Soft delete: the rows stay for payroll and reports; the code and e-mail become free. */
    softDelete: (accountId: number, ids: number[]) => softDeleteRows(db, 'employees', accountId, ids),

    async moveDepartment(accountId: number, fromIds: number[], toId: number) {
      await db
        .updateTable('employees')
        .set({ department_id: toId, updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('department_id', 'in', fromIds)
        .where('deleted_at', 'is', null)
        .execute();
    },

    badgeOf: (accountId: number, id: number, reach: DepartmentReach) =>
      db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'name', 'badge_version'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'department_id'))
        .executeTakeFirst(),

    /**
     * The cards to print at once: current employees of the account in reach, the given ids or one department (or
     * all), with their department's name, in name order; at most `limit`.
     */
    cardsOf: (
      accountId: number,
      pick: { ids?: number[]; departmentId?: number },
      reach: DepartmentReach,
      limit: number,
    ) =>
      db
        .selectFrom('employees as e')
        .leftJoin('departments as d', 'd.id', 'e.department_id')
        .select(['e.id', 'e.employee_id', 'e.name', 'e.badge_version', 'd.dp_name'])
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .$if(!!pick.ids, (q) => q.where('e.id', 'in', pick.ids!.length ? pick.ids! : [-1]))
        .$if(pick.departmentId !== undefined, (q) => q.where('e.department_id', '=', pick.departmentId!))
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .orderBy(nameOrder('e.name'))
        .orderBy('e.id')
        .limit(limit)
        .execute(),

    async bumpBadge(accountId: number, id: number) {
      await db
        .updateTable('employees')
        .set((eb) => ({ badge_version: eb('badge_version', '+', 1), updated_at: nowIso() }))
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    async insertImportBatch(accountId: number, fileName: string, rowCount: number) {
      const row = await db
        .insertInto('import_batches')
        .values({ account_id: accountId, file_name: fileName, row_count: rowCount, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The employees of the account's latest import that are still current. */
    async latestImported(accountId: number) {
      const batch = await db
        .selectFrom('import_batches')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!batch) return [];
      return db
        .selectFrom('employees')
        .select(['id', 'name', 'employee_id', 'email', 'hourly_rate_cents'])
        .where('account_id', '=', accountId)
        .where('import_batch_id', '=', batch.id)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    },
  };
}
export type EmployeesRepository = ReturnType<typeof employeesRepository>;
