import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { punchRepositories } from '../punches/punch-store';
import { settingsRepository } from '../settings/settings.repository';
import { breaksRepository } from './breaks.repository';
import { clockRepository } from './clock.repository';

/** The repositories the clock path works with, over the database or one transaction (modules/unit-of-work.ts). */
export const clockRepositories = (db: Kysely<DB>) => ({
  ...punchRepositories(db),
  clock: clockRepository(db),
  breaks: breaksRepository(db),
  settings: settingsRepository(db),
});

export type ClockRepos = ReturnType<typeof clockRepositories>;
