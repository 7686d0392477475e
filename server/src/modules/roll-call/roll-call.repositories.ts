import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { settingsRepository } from '../settings/settings.repository';
import { rollCallRepository } from './roll-call.repository';

/** The repositories the roll call works with (assembled outside the repository files: no import circle). */
export const rollCallRepositories = (db: Kysely<DB>) => ({
  rollCall: rollCallRepository(db),
  settings: settingsRepository(db),
});
export type RollCallRepos = ReturnType<typeof rollCallRepositories>;
