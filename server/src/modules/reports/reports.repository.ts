import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { withinReach } from '../../db/reach';
import { nameOrder } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { periodFiguresRepository } from '../pay-periods/period-figures.repository';
import { attendanceSources } from '../schedules/attendance.repository';
import { periodRepository } from '../time/period.repository';
import { adjustmentsSource } from './adjustment-rows';
import { PERSON_COLUMNS } from '../employees/person-columns';
import { payPeriodCalendarSource } from './payroll-export';

/** What reports read; account first, and limited to the caller's departments in this one place. */
export interface ReportScope {
  /** 'all', or the departments a department-scoped manager may see. */
  departments: DepartmentReach;
}

export interface ReportEmployeeFilter {
  employeeId?: number;
  departmentId?: number;
  includeDeleted: boolean;
  /** Leave out departments marked Exclude from Reports (time reports do; lists do not). */
  excludeFromReports: boolean;
}

export function reportsRepository(db: Kysely<DB>) {
  return {
    /** A period's punches and the engine's per-day sums (modules/time/period.repository.ts). */
    ...periodRepository(db),
    /** Schedules and the pay rules' grace minutes (the Late and Absent report). */
    ...attendanceSources(db),
    /** An approved period's stored figures (docs/RULES.md#stored-figures-of-an-approved-period). */
    ...periodFiguresRepository(db),
    /** Adjustments paid on the report's days (docs/RULES.md#adjustments). */
    ...adjustmentsSource(db),
    /** The pay period calendar (Payroll Export's periods). */
    ...payPeriodCalendarSource(db),

    employees: (accountId: number, scope: ReportScope, f: ReportEmployeeFilter) =>
      db
        .selectFrom('employees as e')
        .innerJoin('departments as d', 'd.id', 'e.department_id')
        .select([...PERSON_COLUMNS, 'e.deleted_at', 'd.dp_name'])
        .where('e.account_id', '=', accountId)
        .$call((q) => withinReach(q, scope.departments, 'e.department_id'))
        .$if(!f.includeDeleted, (q) => q.where('e.deleted_at', 'is', null))
        .$if(f.excludeFromReports, (q) => q.where('d.exclude_from_reports', '=', 0))
        .$if(f.employeeId !== undefined, (q) => q.where('e.id', '=', f.employeeId as number))
        .$if(f.departmentId !== undefined, (q) => q.where('e.department_id', '=', f.departmentId as number))
        .orderBy(nameOrder('e.name'))
        .orderBy('e.id')
        .execute(),

    /** Departments with their employees counted by state, in one query. */
    departments: (accountId: number, scope: ReportScope) =>
      db
        .selectFrom('departments as d')
        .leftJoin('employees as e', (j) =>
          j.onRef('e.department_id', '=', 'd.id').on('e.account_id', '=', accountId),
        )
        .select((eb) => [
          'd.id',
          'd.dp_name',
          'd.dp_type',
          'd.exclude_from_reports',
          'd.created_at',
          eb.fn.count<number>('e.id').as('total_employees'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('e.deleted_at', 'is', null), eb('e.status', '=', 'active')]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('total_active_employees'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('e.deleted_at', 'is', null), eb('e.status', '=', 'inactive')]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('total_inactive_employees'),
          eb.fn
            .sum<number>(eb.case().when('e.deleted_at', 'is not', null).then(1).else(0).end())
            .as('total_deleted_employees'),
        ])
        .where('d.account_id', '=', accountId)
        .where('d.deleted_at', 'is', null)
        .$call((q) => withinReach(q, scope.departments, 'd.id'))
        .groupBy(['d.id', 'd.dp_name', 'd.dp_type', 'd.exclude_from_reports', 'd.created_at'])
        .orderBy(nameOrder('d.dp_name'))
        .execute(),

    /** The account's managers (users of type 'user'). */
    administrators: (accountId: number) =>
      db
        .selectFrom('users as u')
        .innerJoin('accounts as a', 'a.id', 'u.account_id')
        .select(['u.id', 'u.name', 'u.email', 'u.department_access', 'a.owner_user_id'])
        .where('u.account_id', '=', accountId)
        .where('u.user_type', '=', 'user')
        .orderBy('u.name')
        .orderBy('u.id')
        .execute(),

    /** The account's stations (paired devices), revoked ones too. */
    stations: (accountId: number) =>
      db
        .selectFrom('stations')
        .select(['id', 'name', 'last_seen_at', 'last_sync_at', 'revoked_at'])
        .where('account_id', '=', accountId)
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** Per employee: the open work shift's clock-in (at most one is open) and the last clock-out of work. */
    clockState: async (accountId: number) => {
      const open = await db
        .selectFrom('punches')
        .select(['employee_ref', 'time_in'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .where('type', '=', 'None')
        .where('time_out', 'is', null)
        .execute();
      const closed = await db
        .selectFrom('punches')
        .select((eb) => ['employee_ref', eb.fn.max<string>('time_out').as('last_out')])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .where('type', '=', 'None')
        .where('time_out', 'is not', null)
        .groupBy('employee_ref')
        .execute();
      return { open, closed };
    },

    /** A department of the account within the scope (another department is as unknown as a missing one). */
    departmentExists: async (accountId: number, id: number, scope: ReportScope) =>
      !!(await db
        .selectFrom('departments')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .$call((q) => withinReach(q, scope.departments, 'id'))
        .executeTakeFirst()),

    employeeExists: async (accountId: number, id: number, scope: ReportScope) =>
      !!(await db
        .selectFrom('employees')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .$call((q) => withinReach(q, scope.departments, 'department_id'))
        .executeTakeFirst()),
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
