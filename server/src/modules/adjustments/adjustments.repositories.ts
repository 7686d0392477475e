import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityRepository } from '../activity/activity.repository';
import { earningsRepository } from '../earnings/earnings.repository';
import { settingsRepository } from '../settings/settings.repository';
import { adjustmentsRepository } from './adjustments.repository';

/** What the adjustments service works with, over the database or one transaction (a write and its activity entry). */
export const adjustmentsRepositories = (db: Kysely<DB>) => ({
  adjustments: adjustmentsRepository(db),
  /** One employee and the engine's period source (rates and pay-rule versions of the corrected day). */
  people: earningsRepository(db),
  settings: settingsRepository(db),
  activity: activityRepository(db),
});
export type AdjustmentsRepositories = ReturnType<typeof adjustmentsRepositories>;
