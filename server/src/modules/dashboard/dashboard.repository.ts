import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';
import { attendanceSources } from '../schedules/attendance.repository';
import { payPeriodsRepository } from '../pay-periods/pay-periods.repository';
import { periodRepository } from '../time/period.repository';

/** What the dashboard reads; account first, limited to the caller's departments. */
export function dashboardRepository(db: Kysely<DB>) {
  return {
    /** Schedules and pay-rule grace minutes: today's late arrivals (modules/schedules/attendance.ts). */
    ...attendanceSources(db),

    /** Current (not deleted) employees of the account. */
    async employeeCount(accountId: number, reach: DepartmentReach): Promise<number> {
      const row = await db
        .selectFrom('employees')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'department_id'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * After how many minutes an open shift is a forgotten clock-out: the pay period settings' newest version
     * (docs/RULES.md#pay-periods), or FORGOTTEN_AFTER_MINUTES before any is saved.
     */
    forgottenAfterMinutes: payPeriodsRepository(db).forgottenAfterMinutes,

    /** Open work shifts (no time out) of current employees, oldest first. */
    openShifts: (accountId: number, reach: DepartmentReach) =>
      db
        .selectFrom('punches as p')
        .innerJoin('employees as e', 'e.id', 'p.employee_ref')
        .leftJoin('departments as d', 'd.id', 'e.department_id')
        .select(['p.id', 'p.employee_ref', 'p.time_in', 'e.employee_id', 'e.name', 'd.dp_name'])
        .where('p.account_id', '=', accountId)
        .where('p.deleted_at', 'is', null)
        .where('p.time_out', 'is', null)
        .where('p.type', '=', 'None')
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .orderBy('p.time_in')
        .orderBy('p.id')
        .execute(),

    /**
     * Employees whose time counts in reports (deleted ones too: the week keeps people who left during it),
     * with their department.
     */
    reportedEmployees: (accountId: number, reach: DepartmentReach) =>
      db
        .selectFrom('employees as e')
        .innerJoin('departments as d', 'd.id', 'e.department_id')
        .select(['e.id', 'e.hourly_rate_cents', 'e.deleted_at', 'e.department_id', 'd.dp_name'])
        .where('e.account_id', '=', accountId)
        .where('d.account_id', '=', accountId)
        .where('d.exclude_from_reports', '=', 0)
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .execute(),

    /** A period's punches and the engine's per-day sums (modules/time/period.repository.ts). */
    ...periodRepository(db),
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
