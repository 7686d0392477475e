import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { employeesRepository } from '../employees/employees.repository';
import { departmentsRepository } from './departments.repository';

/** The repositories the departments module works with (assembled outside the repository files: no import circle). */
export const departmentsRepositories = (db: Kysely<DB>) => ({
  departments: departmentsRepository(db),
  employees: employeesRepository(db),
  activity: activityRepository(db),
});
export type DepartmentsRepos = ReturnType<typeof departmentsRepositories>;
