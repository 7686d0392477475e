import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { auditRepository } from './audit.repository';

/** The audit module's repositories (docs/ARCHITECTURE.md: a bundle in a file of its own). */
export const auditRepositories = (db: Kysely<DB>) => ({ audit: auditRepository(db) });
