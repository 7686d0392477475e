import { EMPLOYEE_FLAGS, type EmployeeView, type SearchBody } from '@punchclock/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export const centsToRate = (cents: number) => (cents / 100).toFixed(2);

/** `like` patterns match the text literally: % and _ typed by a user are not wildcards. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Employees with their department name, whether they hold an open shift, and whether they have a login. */
function baseQuery(db: Database, accountId: number) {
  return db
    .selectFrom('employees as e')
    .innerJoin('departments as d', 'd.id', 'e.department_id')
    .selectAll('e')
    .select('d.dp_name as department_name')
    .select((eb) => [
      // Served by the partial unique index on open shifts (one per employee).
      eb
        .exists(
          eb
            .selectFrom('punches as p')
            .select('p.id')
            .whereRef('p.employee_ref', '=', 'e.id')
            .where('p.time_out', 'is', null)
            .where('p.deleted_at', 'is', null),
        )
        .as('clocked_in'),
      eb
        .exists(eb.selectFrom('users as u').select('u.id').whereRef('u.employee_ref', '=', 'e.id'))
        .as('has_login'),
    ])
    .where('e.account_id', '=', accountId);
}

const isOpen = (eb: ExpressionBuilder<DB & { e: DB['employees'] }, 'e'>) =>
  eb.exists(
    eb
      .selectFrom('punches as p')
      .select('p.id')
      .whereRef('p.employee_ref', '=', 'e.id')
      .where('p.time_out', 'is', null)
      .where('p.deleted_at', 'is', null),
  );

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
    hourly_rate: centsToRate(r.hourly_rate_cents),
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

export function employeesRepository(db: Database) {
  /** Custom values of the given rows in one query (by account when the list is long, so no huge IN list). */
  async function customValues(accountId: number, ids: number[]) {
    const out = new Map<number, Record<string, string>>();
    if (ids.length === 0) return out;
    let q = db
      .selectFrom('custom_field_values')
      .select(['employee_ref', 'field_id', 'value'])
      .where('account_id', '=', accountId);
    if (ids.length <= 500) q = q.where('employee_ref', 'in', ids);
    for (const v of await q.execute()) {
      const rec = out.get(v.employee_ref) ?? {};
      rec[String(v.field_id)] = v.value;
      out.set(v.employee_ref, rec);
    }
    return out;
  }

  async function views(
    accountId: number,
    ownerUserId: number,
    q: SelectQueryBuilder<DB & { e: DB['employees']; d: DB['departments'] }, 'e' | 'd', Row>,
  ) {
    const rows = await q.orderBy('e.name').orderBy('e.id').execute();
    const custom = await customValues(
      accountId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toView(r, ownerUserId, custom));
  }

  return {
    list: (
      accountId: number,
      ownerUserId: number,
      opts: { includeDeleted?: boolean; departmentId?: number; batchId?: number } = {},
    ) => {
      let q = baseQuery(db, accountId);
      if (!opts.includeDeleted) q = q.where('e.deleted_at', 'is', null);
      if (opts.departmentId) q = q.where('e.department_id', '=', opts.departmentId);
      if (opts.batchId) q = q.where('e.import_batch_id', '=', opts.batchId);
      return views(accountId, ownerUserId, q);
    },

    async one(accountId: number, ownerUserId: number, id: number, includeDeleted = false) {
      let q = baseQuery(db, accountId).where('e.id', '=', id);
      if (!includeDeleted) q = q.where('e.deleted_at', 'is', null);
      return (await views(accountId, ownerUserId, q))[0];
    },

    /** The search panel: text over name, department, title, ID and email; department; In/Out from real open shifts; deleted. */
    search(accountId: number, ownerUserId: number, s: SearchBody) {
      let q = baseQuery(db, accountId);
      if (!s.show_deleted) q = q.where('e.deleted_at', 'is', null);
      if (s.query) {
        const p = likePattern(s.query);
        q = q.where((eb) =>
          eb.or(
            ['e.name', 'e.title', 'e.employee_id', 'e.email', 'd.dp_name'].map(
              (c) => sql<boolean>`lower(${sql.ref(c)}) like ${p} escape '\\'`,
            ),
          ),
        );
      }
      const dept = typeof s.department_id === 'number' ? s.department_id : null;
      if (dept) {
        q = s.current_department
          ? q.where('e.department_id', '=', dept)
          : q.where((eb) =>
              eb.or([
                eb('e.department_id', '=', dept),
                eb.exists(
                  eb
                    .selectFrom('departments as a')
                    .select('a.id')
                    .where('a.id', '=', dept)
                    .where('a.account_id', '=', accountId)
                    .where('a.assign_to_all_employees', '=', 1),
                ),
              ]),
            );
      }
      if (s.status === 'In') q = q.where((eb) => isOpen(eb));
      if (s.status === 'Out') q = q.where((eb) => eb.not(isOpen(eb)));
      return views(accountId, ownerUserId, q.limit(5000));
    },
  };
}
