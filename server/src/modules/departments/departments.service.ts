import {
  DEFAULT_DEPARTMENT_TYPE,
  messages,
  type DepartmentBody,
  type DepartmentView,
} from '@punchclock/contract';
import { reachOf, reaches, requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../unit-of-work';
import { conflict, conflictOnUnique, notFound, unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { DepartmentsRepository } from './departments.repository';
import type { DepartmentsRepos } from './departments.repositories';

const FLAGS = ['exclude_from_reports', 'use_company_settings', 'assign_to_all_employees'] as const;
type Row = Awaited<ReturnType<DepartmentsRepository['views']>>[number];

const toView = (d: Row, ownerUserId: number): DepartmentView => ({
  id: d.id,
  user_id: ownerUserId,
  dp_name: d.dp_name,
  dp_type: d.dp_type,
  employee_count: Number(d.employee_count ?? 0),
  clocked_in_count: Number(d.clocked_in_count ?? 0),
  ...(Object.fromEntries(FLAGS.map((f) => [f, !!d[f]])) as Record<(typeof FLAGS)[number], boolean>),
  created_at: d.created_at,
  updated_at: d.updated_at,
});

const columns = (b: DepartmentBody) => ({
  dp_name: b.dp_name,
  dp_type: b.dp_type,
  ...(Object.fromEntries(FLAGS.map((f) => [f, Number(b[f])])) as Record<(typeof FLAGS)[number], number>),
});

/** A department an import names that the account does not have yet: the company settings, the default type. */
export const namedDepartment = (dp_name: string) => ({
  dp_name,
  dp_type: DEFAULT_DEPARTMENT_TYPE,
  use_company_settings: 1,
});

const nameTaken = conflictOnUnique('dp_name', messages.people.departmentNameTaken, 'department.name_taken');

export function departmentsService({
  repos,
  inTransaction,
}: {
  repos: DepartmentsRepos;
  inTransaction: UnitOfWork<DepartmentsRepos>;
}) {
  const views = async (r: DepartmentsRepos, auth: AuthContext, id?: number) =>
    (await r.departments.views(auth.accountId, id))
      .filter((d) => reaches(auth, d.id))
      .map((d) => toView(d, auth.ownerUserId));

  async function mustFind(r: DepartmentsRepos, auth: AuthContext, id: number) {
    const [d] = await views(r, auth, id);
    if (!d) throw notFound(messages.people.departmentNotFound);
    return d;
  }

  /** Soft-deletes departments that have no current employees; refuses (409) otherwise, so nobody is orphaned. */
  async function removeMany(auth: AuthContext, ids: number[], moveTo?: number) {
    if (ids.length === 0) throw unprocessable(messages.people.noIds);
    await inTransaction(async (r) => {
      const found = (await views(r, auth)).filter((d) => ids.includes(d.id));
      if (found.length !== ids.length)
        throw notFound(ids.length === 1 ? messages.people.departmentNotFound : messages.people.someNotFound);
      const members = found.reduce((n, d) => n + d.employee_count, 0);
      if (moveTo !== undefined && (ids.includes(moveTo) || !(await views(r, auth, moveTo)).length))
        throw unprocessable(messages.people.moveTargetInvalid, {
          move_to: [messages.people.moveTargetInvalid],
        });
      if (members > 0 && moveTo === undefined)
        throw conflict(messages.people.departmentHasMembers(members), undefined, 'department.has_members');
      if (moveTo !== undefined) await r.employees.moveDepartment(auth.accountId, ids, moveTo);
      await r.departments.softDelete(auth.accountId, ids);
      for (const d of found)
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'department.deleted',
          details: { old: d, moved_to: moveTo ?? null },
        });
    });
  }

  return {
    async list(auth: AuthContext, userId?: unknown) {
      requireAccess(auth, 'departments:read');
      assertOwnUserId(auth, userId);
      return views(repos, auth);
    },

    async get(auth: AuthContext, id: number) {
      requireAccess(auth, 'departments:read');
      const data = await mustFind(repos, auth, id);
      const members = await repos.employees.list(auth.accountId, auth.ownerUserId, reachOf(auth), {
        departmentId: id,
      });
      return { data, members };
    },

    async create(auth: AuthContext, body: DepartmentBody) {
      requireAccess(auth, 'departments:write');
      const at = nowIso();
      return inTransaction(async (r) => {
        const id = await r.departments.insert(auth.accountId, {
          ...columns(body),
          created_at: at,
          updated_at: at,
        });
        const data = await mustFind(r, auth, id);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'department.created',
          details: { new: data },
        });
        return { message: messages.departments.created, data };
      }).catch(nameTaken);
    },

    async update(auth: AuthContext, id: number, body: DepartmentBody) {
      requireAccess(auth, 'departments:write');
      return inTransaction(async (r) => {
        const old = await mustFind(r, auth, id);
        await r.departments.update(auth.accountId, id, columns(body));
        const data = await mustFind(r, auth, id);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'department.updated',
          details: { old, new: data },
        });
        return { message: messages.departments.updated, data };
      }).catch(nameTaken);
    },

    async remove(auth: AuthContext, id: number, opts: { moveTo?: number; userId?: unknown } = {}) {
      requireAccess(auth, 'departments:write');
      assertOwnUserId(auth, opts.userId);
      await removeMany(auth, [id], opts.moveTo);
      return { message: messages.departments.deleted };
    },

    async removeMany(auth: AuthContext, ids: number[]) {
      requireAccess(auth, 'departments:write');
      await removeMany(auth, ids);
      return { message: messages.departments.bulkDeleted, deleted: ids.length };
    },
  };
}
