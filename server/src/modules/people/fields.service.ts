import { messages, type CustomFieldBody, type CustomFieldView } from '@punchclock/contract';
import type { Selectable, Transaction } from 'kysely';
import type { AuthContext } from '../../auth/guards';
import type { Database } from '../../db/database';
import type { CustomFieldsTable, DB } from '../../db/schema';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';

export type CustomField = Selectable<CustomFieldsTable>;
type Executor = Database | Transaction<DB>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) =>
  ISO_DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A custom value in its stored form, or the reason it does not fit the field's type. Numbers are kept as typed, trimmed. */
export function normaliseFieldValue(
  field: Pick<CustomField, 'field_name' | 'field_type'>,
  raw: unknown,
): { value: string | null } | { error: string } {
  if (raw === null || raw === undefined) return { value: null };
  const text = String(raw).trim();
  if (text === '') return { value: null };
  if (text.length > 500) return { error: `${field.field_name} must be at most 500 characters.` };
  if (field.field_type === 'number')
    return /^-?\d+(\.\d+)?$/.test(text)
      ? { value: text }
      : { error: messages.people.fieldNotNumber(field.field_name) };
  if (field.field_type === 'date')
    return isRealDay(text) ? { value: text } : { error: messages.people.fieldNotDate(field.field_name) };
  return { value: text };
}

/** Another current employee already holding `value` for a field without Allow Duplicates. */
export async function valueTaken(
  db: Executor,
  accountId: number,
  fieldId: number,
  value: string,
  exceptEmployee?: number,
) {
  let q = db
    .selectFrom('custom_field_values as v')
    .innerJoin('employees as e', 'e.id', 'v.employee_ref')
    .select('v.id')
    .where('v.account_id', '=', accountId)
    .where('v.field_id', '=', fieldId)
    .where('v.value', '=', value)
    .where('e.deleted_at', 'is', null);
  if (exceptEmployee) q = q.where('v.employee_ref', '!=', exceptEmployee);
  return !!(await q.executeTakeFirst());
}

/**
 * Checks a set of custom values (keyed by field id) for one employee; answers the rows to write
 * or throws 422 with an error per field.
 */
export async function checkCustomValues(
  db: Executor,
  accountId: number,
  input: Record<string, unknown>,
  employeeRef?: number,
) {
  const ids = Object.keys(input).map(Number);
  if (ids.length === 0) return [];
  const fields = await db
    .selectFrom('custom_fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: Record<string, string[]> = {};
  const out: { field_id: number; value: string | null }[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const field = byId.get(Number(key));
    if (!field) {
      errors[`custom_fields.${key}`] = [messages.people.fieldNotFound];
      continue;
    }
    const v = normaliseFieldValue(field, raw);
    if ('error' in v) {
      errors[`custom_fields.${key}`] = [v.error];
      continue;
    }
    if (
      v.value !== null &&
      !field.allow_duplicates &&
      (await valueTaken(db, accountId, field.id, v.value, employeeRef))
    ) {
      errors[`custom_fields.${key}`] = [messages.people.fieldValueTaken(field.field_name)];
      continue;
    }
    out.push({ field_id: field.id, value: v.value });
  }
  if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0][0], errors);
  return out;
}

/** Writes checked values: a null value removes the employee's value for that field. */
export async function writeCustomValues(
  trx: Executor,
  accountId: number,
  employeeRef: number,
  values: { field_id: number; value: string | null }[],
) {
  if (values.length === 0) return;
  await trx
    .deleteFrom('custom_field_values')
    .where('account_id', '=', accountId)
    .where('employee_ref', '=', employeeRef)
    .where(
      'field_id',
      'in',
      values.map((v) => v.field_id),
    )
    .execute();
  const rows = values
    .filter((v) => v.value !== null)
    .map((v) => ({
      account_id: accountId,
      employee_ref: employeeRef,
      field_id: v.field_id,
      value: v.value!,
    }));
  if (rows.length) await trx.insertInto('custom_field_values').values(rows).execute();
}

export function fieldsService({ db }: { db: Database }) {
  async function view(accountId: number, ownerUserId: number, where?: number): Promise<CustomFieldView[]> {
    let q = db
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
      .where('f.account_id', '=', accountId);
    if (where) q = q.where('f.id', '=', where);
    const rows = await q.orderBy('f.field_name').execute();
    return rows.map((f) => ({
      id: f.id,
      user_id: ownerUserId,
      field_name: f.field_name,
      field_type: f.field_type,
      field_options: !!f.allow_duplicates,
      allow_duplicates: !!f.allow_duplicates,
      value_count: Number(f.value_count ?? 0),
      created_at: f.created_at,
      updated_at: f.updated_at,
    }));
  }

  async function find(auth: AuthContext, id: number) {
    const f = await db
      .selectFrom('custom_fields')
      .selectAll()
      .where('account_id', '=', auth.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!f) throw notFound(messages.people.fieldNotFound);
    return f;
  }

  /** Existing values must still fit a changed type, and be unique before duplicates are turned off. */
  async function assertValuesFit(auth: AuthContext, field: CustomField, body: CustomFieldBody) {
    const values = await db
      .selectFrom('custom_field_values as v')
      .innerJoin('employees as e', 'e.id', 'v.employee_ref')
      .select('v.value')
      .where('v.field_id', '=', field.id)
      .where('e.deleted_at', 'is', null)
      .execute();
    if (
      body.field_type !== field.field_type &&
      values.some(
        (v) =>
          'error' in
          normaliseFieldValue({ field_name: field.field_name, field_type: body.field_type }, v.value),
      )
    ) {
      throw conflict(messages.people.fieldTypeMismatch(field.field_name, body.field_type));
    }
    if (!body.field_options && new Set(values.map((v) => v.value)).size !== values.length)
      throw conflict(messages.people.fieldHasDuplicates(field.field_name));
  }

  const nameTaken = () =>
    conflict(messages.people.fieldNameTaken, { field_name: [messages.people.fieldNameTaken] });

  return {
    list: (auth: AuthContext) => view(auth.accountId, auth.ownerUserId).then((data) => ({ data })),

    async create(auth: AuthContext, body: CustomFieldBody) {
      const at = nowIso();
      try {
        const row = await db
          .insertInto('custom_fields')
          .values({
            account_id: auth.accountId,
            field_name: body.field_name,
            field_type: body.field_type,
            allow_duplicates: Number(body.field_options),
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordActivity(db, {
          accountId: auth.accountId,
          userId: auth.userId,
          action: 'field.created',
          details: { new: body },
        });
        return {
          message: 'Custom field created successfully',
          data: (await view(auth.accountId, auth.ownerUserId, row.id))[0],
        };
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken();
        throw e;
      }
    },

    async update(auth: AuthContext, id: number, body: CustomFieldBody) {
      const old = await find(auth, id);
      await assertValuesFit(auth, old, body);
      try {
        await db
          .updateTable('custom_fields')
          .set({
            field_name: body.field_name,
            field_type: body.field_type,
            allow_duplicates: Number(body.field_options),
            updated_at: nowIso(),
          })
          .where('id', '=', id)
          .where('account_id', '=', auth.accountId)
          .execute();
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken();
        throw e;
      }
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'field.updated',
        details: { old, new: body },
      });
      return {
        message: 'Custom field updated successfully',
        data: (await view(auth.accountId, auth.ownerUserId, id))[0],
      };
    },

    async remove(auth: AuthContext, id: number) {
      const old = await find(auth, id);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('custom_field_values')
          .where('field_id', '=', id)
          .where('account_id', '=', auth.accountId)
          .execute();
        await trx
          .deleteFrom('custom_fields')
          .where('id', '=', id)
          .where('account_id', '=', auth.accountId)
          .execute();
      });
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'field.deleted',
        details: { old },
      });
      return { message: 'Custom field deleted successfully' };
    },
  };
}
