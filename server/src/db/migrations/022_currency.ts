import type { Kysely } from 'kysely';

/*
 * settings.currency: the account's currency, an ISO 4217 code (docs/RULES.md#currency). Money stays integer
 * cents everywhere; only the one money formatter (contract display.ts moneyFromCents) reads the code. Existing
 * accounts get USD, what every figure showed before.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('currency').execute();
}
