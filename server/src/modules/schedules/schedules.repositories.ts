import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { schedulesRepository } from './schedules.repository';

/** What the schedules service works with, over the database or one transaction (a PUT's delete and inserts). */
export const schedulesRepositories = (db: Kysely<DB>) => ({ schedules: schedulesRepository(db) });
export type SchedulesRepositories = ReturnType<typeof schedulesRepositories>;
