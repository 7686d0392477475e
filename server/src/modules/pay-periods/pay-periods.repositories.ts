import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { employeeLocksRepository } from '../employees/employee-locks.repository';
import { settingsRepository } from '../settings/settings.repository';
import { confirmationsRepository } from './confirmations.repository';
import { reportsRepository } from '../reports/reports.repository';
import { payPeriodsRepository } from './pay-periods.repository';
import { periodFiguresRepository } from './period-figures.repository';

/** What the pay-periods service works with, over the database or one transaction (a write and its activity entry). */
export const payPeriodsRepositories = (db: Kysely<DB>) => ({
  payPeriods: payPeriodsRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
  /** The stored figures of approved periods, and the reports' reads they are computed with (migration 027). */
  figures: periodFiguresRepository(db),
  reports: reportsRepository(db),
  confirmations: confirmationsRepository(db),
  employeeLocks: employeeLocksRepository(db),
});
export type PayPeriodsRepositories = ReturnType<typeof payPeriodsRepositories>;
