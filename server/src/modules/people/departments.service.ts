import { messages, type DepartmentBody, type DepartmentView } from '@punchclock/contract';
import type { AuthContext } from '../../auth/guards';
import type { Database } from '../../db/database';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';
import { employeesRepository } from './employees.repository';

const FLAGS = ['exclude_from_reports', 'use_company_settings', 'assign_to_all_employees'] as const;

export function departmentsService({ db }: { db: Database }) {
  /** Current departments with their number of current employees, in one query. */
  async function views(auth: AuthContext, id?: number): Promise<DepartmentView[]> {
    let q = db
      .selectFrom('departments as d')
      .selectAll('d')
      .select((eb) =>
        eb
          .selectFrom('employees as e')
          .select((x) => x.fn.countAll<number>().as('n'))
          .whereRef('e.department_id', '=', 'd.id')
          .where('e.deleted_at', 'is', null)
          .as('employee_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('employees as e')
          .innerJoin('punches as p', 'p.employee_ref', 'e.id')
          .select((x) => x.fn.countAll<number>().as('n'))
          .whereRef('e.department_id', '=', 'd.id')
          .where('e.deleted_at', 'is', null)
          .where('p.time_out', 'is', null)
          .where('p.deleted_at', 'is', null)
          .as('clocked_in_count'),
      )
      .where('d.account_id', '=', auth.accountId)
      .where('d.deleted_at', 'is', null);
    if (id) q = q.where('d.id', '=', id);
    const rows = await q.orderBy('d.dp_name').execute();
    return rows.map((d) => ({
      id: d.id,
      user_id: auth.ownerUserId,
      dp_name: d.dp_name,
      dp_type: d.dp_type,
      employee_count: Number(d.employee_count ?? 0),
      clocked_in_count: Number(d.clocked_in_count ?? 0),
      ...(Object.fromEntries(FLAGS.map((f) => [f, !!d[f]])) as Record<(typeof FLAGS)[number], boolean>),
      created_at: d.created_at,
      updated_at: d.updated_at,
    }));
  }

  async function mustFind(auth: AuthContext, id: number) {
    const [d] = await views(auth, id);
    if (!d) throw notFound(messages.people.departmentNotFound);
    return d;
  }

  const values = (b: DepartmentBody) => ({
    dp_name: b.dp_name,
    dp_type: b.dp_type,
    ...Object.fromEntries(FLAGS.map((f) => [f, Number(b[f])])),
  });
  const nameTaken = (e: unknown) => {
    if (isUniqueViolation(e))
      throw conflict(messages.people.departmentNameTaken, { dp_name: [messages.people.departmentNameTaken] });
    throw e;
  };

  /** Soft-deletes departments that have no current employees; refuses (409) otherwise, so nobody is orphaned. */
  async function removeMany(auth: AuthContext, ids: number[], moveTo?: number) {
    if (ids.length === 0) throw unprocessable(messages.people.noIds);
    const found = (await views(auth)).filter((d) => ids.includes(d.id));
    if (found.length !== ids.length)
      throw notFound(ids.length === 1 ? messages.people.departmentNotFound : messages.people.someNotFound);
    const members = found.reduce((n, d) => n + d.employee_count, 0);
    if (moveTo !== undefined && (ids.includes(moveTo) || !(await views(auth, moveTo)).length))
      throw unprocessable(messages.people.moveTargetInvalid, {
        move_to: [messages.people.moveTargetInvalid],
      });
    if (members > 0 && moveTo === undefined) throw conflict(messages.people.departmentHasMembers(members));
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      if (moveTo !== undefined) {
        await trx
          .updateTable('employees')
          .set({ department_id: moveTo, updated_at: at })
          .where('account_id', '=', auth.accountId)
          .where('department_id', 'in', ids)
          .where('deleted_at', 'is', null)
          .execute();
      }
      await trx
        .updateTable('departments')
        .set({ deleted_at: at, updated_at: at })
        .where('account_id', '=', auth.accountId)
        .where('id', 'in', ids)
        .execute();
    });
    for (const d of found)
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'department.deleted',
        details: { old: d, moved_to: moveTo ?? null },
      });
  }

  return {
    list: (auth: AuthContext) => views(auth),

    async get(auth: AuthContext, id: number) {
      const data = await mustFind(auth, id);
      return {
        data,
        members: await employeesRepository(db).list(auth.accountId, auth.ownerUserId, { departmentId: id }),
      };
    },

    async create(auth: AuthContext, body: DepartmentBody) {
      const at = nowIso();
      const row = await db
        .insertInto('departments')
        .values({ account_id: auth.accountId, ...values(body), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(nameTaken);
      const data = await mustFind(auth, row.id);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'department.created',
        details: { new: data },
      });
      return { message: messages.departments.created, data };
    },

    async update(auth: AuthContext, id: number, body: DepartmentBody) {
      const old = await mustFind(auth, id);
      await db
        .updateTable('departments')
        .set({ ...values(body), updated_at: nowIso() })
        .where('id', '=', id)
        .where('account_id', '=', auth.accountId)
        .execute()
        .catch(nameTaken);
      const data = await mustFind(auth, id);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'department.updated',
        details: { old, new: data },
      });
      return { message: messages.departments.updated, data };
    },

    async remove(auth: AuthContext, id: number, moveTo?: number) {
      await removeMany(auth, [id], moveTo);
      return { message: messages.departments.deleted };
    },

    async removeMany(auth: AuthContext, ids: number[]) {
      await removeMany(auth, ids);
      return { message: messages.departments.bulkDeleted, deleted: ids.length };
    },
  };
}
