/**
 * What routes and services see of the database: a module's repositories over it, and the unit of work that runs
 * work in one transaction with those repositories bound to it. The transaction machinery (group commit, batched
 * writes) is db/unit-of-work.ts; routes and services import this module instead, so none of them reaches db/ or
 * Kysely (eslint.config.js keeps them out).
 */
export { repositories, type UnitOfWork } from '../db/unit-of-work';
