import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { payPeriodsRepository } from '../pay-periods/pay-periods.repository';
import { clockRepositories } from '../timeclock/clock-repos';
import { forgottenRepository } from './forgotten.repository';

/** The clock's repositories (who punches, their open shift, the one save path) and the forgotten shifts' own. */
export const forgottenRepositories = (db: Kysely<DB>) => ({
  ...clockRepositories(db),
  forgotten: forgottenRepository(db),
  payPeriods: payPeriodsRepository(db),
});

export type ForgottenRepos = ReturnType<typeof forgottenRepositories>;
