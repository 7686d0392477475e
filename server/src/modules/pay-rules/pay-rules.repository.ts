import type { Kysely } from 'kysely';
import type { DepartmentReach } from '../../auth/access';
import { nameOrder } from '../../db/keyset';
import { withinReach } from '../../db/reach';
import type { DB } from '../../db/schema';
import { periodRepository } from '../time/period.repository';
import { ofAccount } from '../../db/account-join';

/** A version as PUT saves it: the preset and its overrides as JSON text. */
export interface PayRuleVersionRow {
  effective_from: string;
  preset: string;
  overrides: string;
  created_at: string;
  created_by: number | null;
}

/**
 * An account's pay-rule versions (pay_rule_versions, migration 017), the employees a preview or a day's why
 * pays, and the engine's period source for their punches and rate changes.
 */
export function payRulesRepository(db: Kysely<DB>) {
  return {
    /** The punches of a period and the rate changes, as the reports read them (modules/time/period.repository.ts). */
    ...periodRepository(db),

    /** The station clock corrections of these punches (docs/RULES.md#station-clock), for a day's why. */
    clockCorrections: (accountId: number, ids: number[]) =>
      ids.length
        ? db
            .selectFrom('punches')
            .select(['id', 'clock_correction_in', 'clock_correction_out'])
            .where('account_id', '=', accountId)
            .where('id', 'in', ids)
            .execute()
        : Promise.resolve([]),

    /** Every version of the account, oldest effective day first, with the name of the user who saved it. */
    versions: (accountId: number) =>
      db
        .selectFrom('pay_rule_versions as v')
        .leftJoin('users as u', ofAccount('u', 'v.created_by', accountId))
        .select(['v.effective_from', 'v.preset', 'v.overrides', 'v.created_at', 'u.name as created_by'])
        .where('v.account_id', '=', accountId)
        .orderBy('v.effective_from')
        .execute(),

    /** The preset of the version saved for that day, if there is one (PUT then replaces it). */
    presetOn: async (accountId: number, day: string) =>
      (
        await db
          .selectFrom('pay_rule_versions')
          .select('preset')
          .where('account_id', '=', accountId)
          .where('effective_from', '=', day)
          .executeTakeFirst()
      )?.preset,

    /**
     * Adds the version, or replaces the one of its day (one version an account a day: the unique index
     * pay_rule_versions_account_day), in one statement, so two saves of one day at once leave one row.
     */
    save: (accountId: number, row: PayRuleVersionRow) =>
      db
        .insertInto('pay_rule_versions')
        .values({ account_id: accountId, ...row })
        .onConflict((oc) =>
          oc.columns(['account_id', 'effective_from']).doUpdateSet({
            preset: row.preset,
            overrides: row.overrides,
            created_at: row.created_at,
            created_by: row.created_by,
          }),
        )
        .execute(),

    /** The account's current employees within the caller's reach, in name order (a preview's rows). */
    employees: (accountId: number, reach: DepartmentReach) =>
      db
        .selectFrom('employees as e')
        .select(['e.id', 'e.employee_id', 'e.name', 'e.hourly_rate_cents'])
        .where('e.account_id', '=', accountId)
        .where('e.deleted_at', 'is', null)
        .$call((q) => withinReach(q, reach, 'e.department_id'))
        .orderBy(nameOrder('e.name'))
        .orderBy('e.id')
        .execute(),

    /**
     * One employee by record id, a deleted one too: the days they worked are still paid in the reports, so
     * their why stays readable.
     */
    employee: (accountId: number, id: number) =>
      db
        .selectFrom('employees')
        .select(['id', 'hourly_rate_cents', 'department_id'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
export type PayRulesRepository = ReturnType<typeof payRulesRepository>;
