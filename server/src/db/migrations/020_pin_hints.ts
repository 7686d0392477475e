import type { Kysely } from 'kysely';

/*
 * employees.pin_hint: 4 bits of the PIN under the account's hint key (lib/badges.ts pinHint), 0 to 15, that the
 * station's roster carries so that offline it refuses 15 of 16 wrong PINs itself (docs/RULES.md#pin-lock). The PIN
 * is kept only as an HMAC, so the hint cannot be made from what is stored: it is written whenever a PIN is set.
 * PINs set before this migration have none (null) until they are set again: a station takes their PIN offline
 * as before and the server checks it at sync.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('employees').addColumn('pin_hint', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('employees').dropColumn('pin_hint').execute();
}
