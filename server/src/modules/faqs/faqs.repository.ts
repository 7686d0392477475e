import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, FaqsTable } from '../../db/schema';
import { deleteRows } from '../../db/account-rows';
import { activityRepository } from '../activity/activity.repository';

type FaqColumns = Omit<Insertable<FaqsTable>, 'account_id'>;
/** A FAQ as stored. */
export type FaqRow = Selectable<FaqsTable>;

/** The account's FAQs (Support Center); account first. */
export function faqsRepository(db: Kysely<DB>) {
  return {
    /** Every FAQ of the account by topic, then oldest first (the order they were written in). */
    list: (accountId: number) =>
      db
        .selectFrom('faqs')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('topic')
        .orderBy('id')
        .execute(),

    find: (accountId: number, id: number) =>
      db
        .selectFrom('faqs')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    count: async (accountId: number) =>
      Number(
        (
          await db
            .selectFrom('faqs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insert: async (accountId: number, values: FaqColumns) =>
      (
        await db
          .insertInto('faqs')
          .values({ ...values, account_id: accountId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: async (accountId: number, id: number, values: Updateable<FaqsTable>) => {
      await db
        .updateTable('faqs')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    remove: async (accountId: number, id: number) => {
      await deleteRows(db, 'faqs', accountId, 'id', id);
    },
  };
}

export const faqsRepositories = (db: Kysely<DB>) => ({
  faqs: faqsRepository(db),
  activity: activityRepository(db),
});
export type FaqsRepos = ReturnType<typeof faqsRepositories>;
