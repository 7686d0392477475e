import {
  importColumnNamed,
  messages,
  type CustomFieldBody,
  type CustomFieldView,
} from '@punchclock/contract';
import { requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import { loggedRemoval } from '../logged-removal';
import type { UnitOfWork } from '../unit-of-work';
import { conflict, conflictOnUnique, found, unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { CustomField, CustomFieldsRepos } from './custom-fields.repository';
import { normaliseFieldValue } from './field-values';

type Row = Awaited<ReturnType<CustomFieldsRepos['fields']['views']>>[number];

const toView = (f: Row, ownerUserId: number): CustomFieldView => ({
  id: f.id,
  user_id: ownerUserId,
  field_name: f.field_name,
  field_type: f.field_type,
  field_options: !!f.allow_duplicates,
  allow_duplicates: !!f.allow_duplicates,
  value_count: Number(f.value_count ?? 0),
  created_at: f.created_at,
  updated_at: f.updated_at,
});

const nameTaken = conflictOnUnique('field_name', messages.people.fieldNameTaken, 'custom_field.name_taken');

/**
 * A field's name must tell it apart from the employee's own fields and the account's other fields, ignoring case:
 * an import's and an export's columns are matched by name, and 'Email' or 'badge color' beside 'Badge Color'
 * would take another column's values.
 */
async function assertNameFree(r: CustomFieldsRepos, accountId: number, name: string, id?: number) {
  const key = name.trim().toLowerCase();
  const reserved = importColumnNamed(name);
  if (reserved) {
    const message = messages.people.fieldNameReserved(reserved);
    throw unprocessable(message, { field_name: [message] });
  }
  const others = await r.fields.list(accountId);
  if (others.some((f) => f.id !== id && f.field_name.trim().toLowerCase() === key))
    throw conflict(
      messages.people.fieldNameTaken,
      { field_name: [messages.people.fieldNameTaken] },
      'custom_field.name_taken',
    );
}

export function customFieldsService({
  repos,
  inTransaction,
}: {
  repos: CustomFieldsRepos;
  inTransaction: UnitOfWork<CustomFieldsRepos>;
}) {
  async function view(r: CustomFieldsRepos, auth: AuthContext, id: number) {
    const [f] = await r.fields.views(auth.accountId, id);
    return toView(f, auth.ownerUserId);
  }

  const mustFind = async (r: CustomFieldsRepos, auth: AuthContext, id: number) =>
    found(await r.fields.find(auth.accountId, id), messages.people.fieldNotFound);

  /**
   * Existing values must still fit a changed type, and be unique before duplicates are turned off. A changed type
   * also rewrites its values in the new type's stored form (text 012 becomes the number 12), as a value typed
   * for that type would be stored: otherwise 012 would stand beside 12 where duplicates are not allowed, and
   * never match a search for 12. The uniqueness check compares those forms.
   */
  async function fitValues(
    r: CustomFieldsRepos,
    auth: AuthContext,
    field: CustomField,
    body: CustomFieldBody,
  ) {
    const changed = { field_name: field.field_name, field_type: body.field_type };
    const typeChanged = body.field_type !== field.field_type;
    const stored = (value: string) => {
      const v = normaliseFieldValue(changed, value);
      return 'value' in v ? v.value : undefined;
    };
    const values = (await r.fields.currentValues(auth.accountId, [field.id])).map((v) =>
      typeChanged ? stored(v.value) : v.value,
    );
    if (values.some((v) => v === undefined))
      throw conflict(
        messages.people.fieldTypeMismatch(field.field_name, body.field_type),
        undefined,
        'custom_field.type_mismatch',
      );
    if (!body.field_options && new Set(values).size !== values.length)
      throw conflict(
        messages.people.fieldHasDuplicates(field.field_name),
        undefined,
        'custom_field.has_duplicates',
      );
    // Deleted employees' values too, where they fit (Your data exports them); one that does not is kept as it was.
    if (typeChanged)
      for (const v of await r.fields.allValues(auth.accountId, field.id)) {
        const next = stored(v.value);
        if (typeof next === 'string' && next !== v.value) await r.fields.setValue(auth.accountId, v.id, next);
      }
  }

  const columns = (body: CustomFieldBody) => ({
    field_name: body.field_name,
    field_type: body.field_type,
    allow_duplicates: Number(body.field_options),
  });

  return {
    async list(auth: AuthContext, userId?: unknown) {
      requireAccess(auth, 'fields:read');
      assertOwnUserId(auth, userId);
      const rows = await repos.fields.views(auth.accountId);
      return { data: rows.map((f) => toView(f, auth.ownerUserId)) };
    },

    async create(auth: AuthContext, body: CustomFieldBody) {
      requireAccess(auth, 'fields:write');
      const at = nowIso();
      return inTransaction(async (r) => {
        await assertNameFree(r, auth.accountId, body.field_name);
        const id = await r.fields.insert(auth.accountId, {
          ...columns(body),
          created_at: at,
          updated_at: at,
        });
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'field.created',
          details: { new: body },
        });
        return { message: 'Custom field created successfully', data: await view(r, auth, id) };
      }).catch(nameTaken);
    },

    async update(auth: AuthContext, id: number, body: CustomFieldBody) {
      requireAccess(auth, 'fields:write');
      return inTransaction(async (r) => {
        const old = await mustFind(r, auth, id);
        await assertNameFree(r, auth.accountId, body.field_name, id);
        await fitValues(r, auth, old, body);
        await r.fields.update(auth.accountId, id, { ...columns(body), updated_at: nowIso() });
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'field.updated',
          details: { old, new: body },
        });
        return { message: 'Custom field updated successfully', data: await view(r, auth, id) };
      }).catch(nameTaken);
    },

    remove: loggedRemoval(inTransaction, {
      permission: 'fields:write',
      find: mustFind,
      remove: (r, accountId, id) => r.fields.remove(accountId, id),
      logged: (old) => ({ action: 'field.deleted', details: { old } }),
      message: 'Custom field deleted successfully',
    }),
  };
}
