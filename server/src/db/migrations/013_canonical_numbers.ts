import type { Kysely } from 'kysely';
import { normaliseFieldValue } from '../../modules/custom-fields/field-values';

/*
 * Number custom values in one form (012, 12.0 and 12 are 12): they were kept as typed, so a field without Allow
 * Duplicates took 12 beside 012. Values stored before are rewritten in the form new ones are stored in.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  const rows: { id: number; value: string }[] = await db
    .selectFrom('custom_field_values as v')
    .innerJoin('custom_fields as f', 'f.id', 'v.field_id')
    .select(['v.id', 'v.value'])
    .where('f.field_type', '=', 'number')
    .execute();
  for (const row of rows) {
    const v = normaliseFieldValue({ field_name: '', field_type: 'number' }, row.value);
    if ('value' in v && v.value !== null && v.value !== row.value)
      await db.updateTable('custom_field_values').set({ value: v.value }).where('id', '=', row.id).execute();
  }
}

// The form values were typed in is not kept.
export async function down(): Promise<void> {}
