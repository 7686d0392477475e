import type { JoinBuilder } from 'kysely';

/**
 * The join condition of a row another table points to, kept to the caller's account: `<alias>.id = fk` and
 * `<alias>.account_id` the account's, so that a stale or forged foreign key never reaches another account's row.
 * `alias` is the joined table's name or alias, `fk` the column that points to it.
 */
export const ofAccount =
  (alias: string, fk: string, accountId: number) =>
  // The join builder's tables are the calling query's; the condition is the same whatever they are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <J extends JoinBuilder<any, any>>(j: J): J =>
    j.onRef(`${alias}.id`, '=', fk).on(`${alias}.account_id`, '=', accountId) as J;
