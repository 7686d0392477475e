import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { softDeleteRows, updateRow } from '../../db/account-rows';
import { nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB, EmployeesTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { employeeViewsRepository, IN_LIST_MAX } from './employee-views.repository';

export type { EmployeePage, ViewPage } from './employee-views.repository';

const INSERT_CHUNK = 200;

/**
 * Every employee query; account first. The views the screens list and search (employee-views.repository.ts), then
 * the look-ups and writes of the service, the import, badges and cards.
 */
export function employeesRepository(db: Kysely<DB>) {
  return {
    ...employeeViewsRepository(db),

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

    /** PIN hashes and hints of new rows (both are bound to the row id), one statement per chunk. */
    async setPins(accountId: number, pins: { id: number; pin: string; pin_hint: number }[]) {
      for (let i = 0; i < pins.length; i += INSERT_CHUNK) {
        const chunk = pins.slice(i, i + INSERT_CHUNK);
        // The hint's cast: PostgreSQL reads a bare parameter in a CASE as text.
        const cases = (value: (p: (typeof chunk)[number]) => unknown) =>
          sql.join(
            chunk.map((p) => sql`when ${p.id} then ${value(p)}`),
            sql` `,
          );
        await db
          .updateTable('employees')
          .set({
            pin: sql<string>`case ${sql.ref('id')} ${cases((p) => p.pin)} end`,
            pin_hint: sql<number>`case ${sql.ref('id')} ${cases((p) => sql`cast(${p.pin_hint} as integer)`)} end`,
          })
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

    /** A new badge print; badge_replaced_at dates it for offline punches (docs/RULES.md#revocations-while-offline). */
    async bumpBadge(accountId: number, id: number) {
      const at = nowIso();
      await db
        .updateTable('employees')
        .set((eb) => ({ badge_version: eb('badge_version', '+', 1), badge_replaced_at: at, updated_at: at }))
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
