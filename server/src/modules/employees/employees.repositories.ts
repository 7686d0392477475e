import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { authRepository } from '../auth/auth.repository';
import { customFieldsRepository } from '../custom-fields/custom-fields.repository';
import { departmentsRepository } from '../departments/departments.repository';
import { periodLocksRepository } from '../pay-periods/period-locks.repository';
import { settingsRepository } from '../settings/settings.repository';
import { employeesRepository } from './employees.repository';
import { ratesRepository } from './rates.repository';

/**
 * The repositories the employees module works with, over the database or one transaction. Assembled here, not in
 * a repository file, so no repository imports another (departments and employees would import each other).
 */
export const employeesRepositories = (db: Kysely<DB>) => ({
  employees: employeesRepository(db),
  rates: ratesRepository(db),
  departments: departmentsRepository(db),
  fields: customFieldsRepository(db),
  settings: settingsRepository(db),
  logins: authRepository(db),
  activity: activityRepository(db),
  periodLocks: periodLocksRepository(db),
});
export type EmployeesRepos = ReturnType<typeof employeesRepositories>;
