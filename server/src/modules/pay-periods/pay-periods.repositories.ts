import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { settingsRepository } from '../settings/settings.repository';
import { payPeriodsRepository } from './pay-periods.repository';

/** What the pay-periods service works with, over the database or one transaction (a write and its activity entry). */
export const payPeriodsRepositories = (db: Kysely<DB>) => ({
  payPeriods: payPeriodsRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
});
export type PayPeriodsRepositories = ReturnType<typeof payPeriodsRepositories>;
