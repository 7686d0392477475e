import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CustomFieldsTable, DB } from '../../db/schema';
import { deleteRows } from '../../db/account-rows';
import { activityRepository } from '../activity/activity.repository';

export type CustomField = Selectable<CustomFieldsTable>;
export interface CustomValue {
  employee_ref: number;
  field_id: number;
  value: string;
}

/** Past this many ids or values an IN list is longer than reading the account's rows. */
const IN_LIST_MAX = 500;
const INSERT_CHUNK = 400;

export function customFieldsRepository(db: Kysely<DB>) {
  return {
    /** Fields with the number of current employees holding a value, in one query. */
    views: (accountId: number, id?: number) =>
      db
        .selectFrom('custom_fields as f')
        .selectAll('f')
        .select((eb) =>
          eb
            .selectFrom('custom_field_values as v')
            .innerJoin('employees as e', 'e.id', 'v.employee_ref')
            .select((x) => x.fn.countAll<number>().as('n'))
            .whereRef('v.field_id', '=', 'f.id')
            .where('e.deleted_at', 'is', null)
            .as('value_count'),
        )
        .where('f.account_id', '=', accountId)
        .$if(id !== undefined, (q) => q.where('f.id', '=', id!))
        .orderBy('f.field_name')
        .execute(),

    find: (accountId: number, id: number) =>
      db
        .selectFrom('custom_fields')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The account's fields, all of them or the given ids, by name. */
    list: (accountId: number, ids?: number[]) =>
      db
        .selectFrom('custom_fields')
        .selectAll()
        .where('account_id', '=', accountId)
        .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
        .orderBy('field_name')
        .execute(),

    insert: async (accountId: number, values: Omit<Insertable<CustomFieldsTable>, 'account_id'>) =>
      (
        await db
          .insertInto('custom_fields')
          .values({ ...values, account_id: accountId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: async (accountId: number, id: number, values: Updateable<CustomFieldsTable>) => {
      await db
        .updateTable('custom_fields')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    /** The field and every value of it. */
    remove: async (accountId: number, id: number) => {
      await deleteRows(db, 'custom_field_values', accountId, 'field_id', id);
      await deleteRows(db, 'custom_fields', accountId, 'id', id);
    },

    /** Values held by current employees: of one field, or of several fields limited to the given values. */
    currentValues: (accountId: number, fieldIds: number[], values?: string[]) =>
      fieldIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('custom_field_values as v')
            .innerJoin('employees as e', 'e.id', 'v.employee_ref')
            .select(['v.field_id', 'v.value', 'v.employee_ref'])
            .where('v.account_id', '=', accountId)
            .where('e.deleted_at', 'is', null)
            .where('v.field_id', 'in', fieldIds)
            .$if(values !== undefined && values.length > 0 && values.length <= IN_LIST_MAX, (q) =>
              q.where('v.value', 'in', values!),
            )
            .execute(),

    /** Every value of a field, deleted employees' too. */
    allValues: (accountId: number, fieldId: number) =>
      db
        .selectFrom('custom_field_values')
        .select(['id', 'value'])
        .where('account_id', '=', accountId)
        .where('field_id', '=', fieldId)
        .execute(),

    setValue: async (accountId: number, id: number, value: string) => {
      await db
        .updateTable('custom_field_values')
        .set({ value })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    },

    /** Removes the given employees' values of the given fields (before their new values are written). */
    clearValues: async (accountId: number, employeeRef: number, fieldIds: number[]) => {
      if (fieldIds.length === 0) return;
      await db
        .deleteFrom('custom_field_values')
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .where('field_id', 'in', fieldIds)
        .execute();
    },

    insertValues: async (accountId: number, values: CustomValue[]) => {
      for (let i = 0; i < values.length; i += INSERT_CHUNK)
        await db
          .insertInto('custom_field_values')
          .values(values.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, account_id: accountId })))
          .execute();
    },
  };
}

export const customFieldsRepositories = (db: Kysely<DB>) => ({
  fields: customFieldsRepository(db),
  activity: activityRepository(db),
});
export type CustomFieldsRepos = ReturnType<typeof customFieldsRepositories>;
