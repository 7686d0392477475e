import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';
import { ofAccount } from '../../db/account-join';

/**
 * What "Your data" reads: the account's rows, account id first, a page at a time by id (keyset), never the
 * whole account at once. A department-scoped caller reads only its departments' rows.
 */
export function dataExportRepository(db: Kysely<DB>) {
  return {
    /** The signed-in user and their account. */
    profile: (accountId: number, userId: number) =>
      db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .where('users.account_id', '=', accountId)
        .where('users.id', '=', userId)
        .select([
          'users.id',
          'users.name',
          'users.username',
          'users.email',
          'users.phone_number',
          'users.date_of_birth',
          'users.user_type',
          'users.created_at',
          'accounts.company_name',
          'accounts.plan',
          'accounts.time_zone',
        ])
        .executeTakeFirst(),

    settings: (accountId: number) =>
      db
        .selectFrom('settings')
        .where('account_id', '=', accountId)
        .select([
          'company_name',
          'attendance_mode',
          'enable_gps_tracking',
          'require_location',
          'enable_covid_screening',
          'time_rounding',
          'display_round_in_out_times',
          'date_format',
          'time_format',
          'week_start',
          'updated_at',
        ])
        .executeTakeFirst(),

    /** The account's custom fields, in the order they were made (a handful: one column each). */
    customFields: (accountId: number) =>
      db
        .selectFrom('custom_fields')
        .where('account_id', '=', accountId)
        .select(['id', 'field_name', 'field_type'])
        .orderBy('id')
        .execute(),

    departments: (accountId: number, reach: DepartmentReach, afterId: number, limit: number) =>
      db
        .selectFrom('departments')
        .where('account_id', '=', accountId)
        .$call((q) => withinReach(q, reach, 'id'))
        .where('id', '>', afterId)
        .select([
          'id',
          'dp_name',
          'dp_type',
          'exclude_from_reports',
          'use_company_settings',
          'assign_to_all_employees',
          'created_at',
          'updated_at',
          'deleted_at',
        ])
        .orderBy('id')
        .limit(limit)
        .execute(),

    employees: (accountId: number, reach: DepartmentReach, afterId: number, limit: number) =>
      db
        .selectFrom('employees')
        .leftJoin('departments', ofAccount('departments', 'employees.department_id', accountId))
        .where('employees.account_id', '=', accountId)
        .$call((q) => withinReach(q, reach, 'employees.department_id'))
        .where('employees.id', '>', afterId)
        .select([
          'employees.id',
          'employees.employee_id',
          'employees.name',
          'employees.title',
          'employees.email',
          'departments.dp_name',
          'employees.hourly_rate_cents',
          'employees.status',
          'employees.permission_app',
          'employees.permission_site',
          'employees.created_at',
          'employees.deleted_at',
        ])
        .orderBy('employees.id')
        .limit(limit)
        .execute(),

    /** Hourly rate changes (employee_rates) with their employee, by id (joins stay in the account). */
    rates: (accountId: number, reach: DepartmentReach, afterId: number, limit: number) =>
      db
        .selectFrom('employee_rates')
        .innerJoin('employees', ofAccount('employees', 'employee_rates.employee_ref', accountId))
        .where('employee_rates.account_id', '=', accountId)
        .$call((q) => withinReach(q, reach, 'employees.department_id'))
        .where('employee_rates.id', '>', afterId)
        .select([
          'employee_rates.id',
          'employees.employee_id as employee_code',
          'employees.name as employee_name',
          'employee_rates.effective_from',
          'employee_rates.rate_cents',
          'employee_rates.created_at',
        ])
        .orderBy('employee_rates.id')
        .limit(limit)
        .execute(),

    /** The custom field values of a page of employees, in one query. */
    fieldValues: (accountId: number, employeeRefs: number[]) =>
      employeeRefs.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('custom_field_values')
            .where('account_id', '=', accountId)
            .where('employee_ref', 'in', employeeRefs)
            .select(['employee_ref', 'field_id', 'value'])
            .execute(),

    /** Punches not deleted, with the employee and the stations in one query (joins stay in the account). */
    punches: (accountId: number, reach: DepartmentReach, afterId: number, limit: number) =>
      db
        .selectFrom('punches')
        .innerJoin('employees', ofAccount('employees', 'punches.employee_ref', accountId))
        .leftJoin('stations as s_in', ofAccount('s_in', 'punches.station_id', accountId))
        .leftJoin('stations as s_out', ofAccount('s_out', 'punches.station_out_id', accountId))
        .where('punches.account_id', '=', accountId)
        .where('punches.deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'employees.department_id'))
        .where('punches.id', '>', afterId)
        .select([
          'punches.id',
          'employees.employee_id as employee_code',
          'employees.name as employee_name',
          'punches.work_date',
          'punches.time_in',
          'punches.time_out',
          'punches.source',
          'punches.type',
          'punches.deduction',
          's_in.name as station_in',
          's_out.name as station_out',
          'punches.notes',
          'punches.latitude',
          'punches.longitude',
        ])
        .orderBy('punches.id')
        .limit(limit)
        .execute(),
  };
}
export type DataExportRepository = ReturnType<typeof dataExportRepository>;
