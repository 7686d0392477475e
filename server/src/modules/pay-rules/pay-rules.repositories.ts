import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { payPeriodsRepository } from '../pay-periods/pay-periods.repository';
import { periodLocksRepository } from '../pay-periods/period-locks.repository';
import { settingsRepository } from '../settings/settings.repository';
import { payRulesRepository } from './pay-rules.repository';

/** What the pay-rules service works with, over the database or one transaction (a save and its activity entry). */
export const payRulesRepositories = (db: Kysely<DB>) => ({
  payRules: payRulesRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
  periodLocks: periodLocksRepository(db),
  payPeriods: payPeriodsRepository(db),
});
export type PayRulesRepositories = ReturnType<typeof payRulesRepositories>;
