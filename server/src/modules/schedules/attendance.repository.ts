import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { payRulesRepository } from '../pay-rules/pay-rules.repository';
import { schedulesRepository } from './schedules.repository';

/**
 * What late arrivals, early departures and absences are computed from (attendance.ts): the account's schedule
 * rows and its pay-rule versions (their grace minutes). Spread into the reports' and the dashboard's
 * repositories, so both read the same sources.
 */
export function attendanceSources(db: Kysely<DB>) {
  const schedules = schedulesRepository(db);
  const payRules = payRulesRepository(db);
  return {
    scheduleRows: (accountId: number) => schedules.rows(accountId),
    payRuleVersions: (accountId: number) => payRules.versions(accountId),
  };
}
export type AttendanceSources = ReturnType<typeof attendanceSources>;
