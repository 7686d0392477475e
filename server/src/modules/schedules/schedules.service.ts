import {
  type DepartmentScheduleBody,
  type EmployeeScheduleBody,
  messages,
  type ScheduleSaved,
  type SchedulesAnswer,
} from '@punchclock/contract';
import { type Caller, reachable, reaches, requireAccess } from '../../auth/access';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import type { UnitOfWork } from '../unit-of-work';
import { daysOfWeek, rowsOfDays, schedulePlan } from './attendance';
import type { SchedulesRepositories } from './schedules.repositories';

/** Two PUTs of one schedule at once: the second meets the first's rows in the unique index (migration 019). */
const changedMeanwhile = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(messages.general.changedMeanwhile);
  throw error;
};

/**
 * Schedules (docs/RULES.md#schedules): department schedules and employee overrides.
 *
 * Who: the owner and full administrators for every department; a department-scoped administrator for the
 * departments within their reach (another department, or another account's, answers 404 as a missing one:
 * docs/RULES.md#department-scope). An employee gets 403: the scope asked is `employees:*:all`, which an
 * employee's own scope never is.
 */
export function schedulesService({
  repos,
  inTransaction,
}: {
  repos: SchedulesRepositories;
  inTransaction: UnitOfWork<SchedulesRepositories>;
}) {
  const requireManager = (caller: Caller, action: 'employees:read' | 'employees:write') => {
    if (requireAccess(caller, action) !== 'all') throw forbidden();
  };

  return {
    /** GET /api/schedules: the department schedules and the overrides of employees within reach. */
    async list(caller: Caller): Promise<SchedulesAnswer> {
      requireManager(caller, 'employees:read');
      const [rows, overridden] = await Promise.all([
        repos.schedules.rows(caller.accountId),
        repos.schedules.overrideEmployees(caller.accountId),
      ]);
      const plan = schedulePlan(rows);
      return {
        departments: [...plan.departments]
          .filter(([id]) => reaches(caller, id))
          .map(([department_id, week]) => ({ department_id, days: daysOfWeek(week) })),
        employees: overridden
          .filter((e) => reaches(caller, e.department_id))
          .map((e) => ({
            employee_ref: e.id,
            department_id: e.department_id,
            days: daysOfWeek(plan.employees.get(e.id)!),
          })),
      };
    },

    /** PUT /api/schedules: replaces a department's seven days. */
    async saveDepartment(caller: Caller, body: DepartmentScheduleBody): Promise<ScheduleSaved> {
      requireManager(caller, 'employees:write');
      return inTransaction(async (r) => {
        const d = await r.schedules.department(caller.accountId, body.department_id);
        if (!d || !reaches(caller, d.id)) throw notFound(messages.schedules.departmentNotFound);
        await r.schedules.replace(caller.accountId, { department_id: d.id }, rowsOfDays(body.days));
        return { message: messages.schedules.saved(d.dp_name), days: body.days };
      }).catch(changedMeanwhile);
    },

    /** PUT /api/employees/:id/schedule: sets an employee's own week, or clears it (null) to follow the department. */
    async saveEmployee(caller: Caller, id: number, body: EmployeeScheduleBody): Promise<ScheduleSaved> {
      requireManager(caller, 'employees:write');
      return inTransaction(async (r) => {
        const e = reachable(caller, await r.schedules.employee(caller.accountId, id));
        await r.schedules.replace(
          caller.accountId,
          { employee_id: e.id },
          body.days && rowsOfDays(body.days),
        );
        return {
          message: body.days
            ? messages.schedules.employeeSaved(e.name)
            : messages.schedules.employeeCleared(e.name),
          days: body.days,
        };
      }).catch(changedMeanwhile);
    },
  };
}
