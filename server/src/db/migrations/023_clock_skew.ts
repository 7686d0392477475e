import type { Kysely } from 'kysely';

/*
 * A station's clock and revocations while it is offline (docs/RULES.md#station-clock and
 * #revocations-while-offline):
 * - punches.clock_correction_in / _out: seconds added to the device's time of a synced punch whose station clock
 *   was off by more than 2 minutes (time_in/time_out hold the corrected instant, device_time_in/_out the raw one);
 *   null when the punch was not corrected.
 * - stations.clock_offset / clock_offset_at: the station's clock as last seen at a sync (server minus device, in
 *   seconds) and when; the Devices page warns when it is off.
 * - employees.badge_replaced_at: when the current badge print began (Regenerate Badge); a card of the print
 *   before it still counts for an offline punch made before then.
 * - employees.app_login_removed_at: when App Login was last taken away (null while they have it); an offline
 *   punch made before then still counts.
 */
type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('punches').addColumn('clock_correction_in', 'integer').execute();
  await db.schema.alterTable('punches').addColumn('clock_correction_out', 'integer').execute();
  await db.schema.alterTable('stations').addColumn('clock_offset', 'integer').execute();
  await db.schema.alterTable('stations').addColumn('clock_offset_at', 'text').execute();
  await db.schema.alterTable('employees').addColumn('badge_replaced_at', 'text').execute();
  await db.schema.alterTable('employees').addColumn('app_login_removed_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('employees').dropColumn('app_login_removed_at').execute();
  await db.schema.alterTable('employees').dropColumn('badge_replaced_at').execute();
  await db.schema.alterTable('stations').dropColumn('clock_offset_at').execute();
  await db.schema.alterTable('stations').dropColumn('clock_offset').execute();
  await db.schema.alterTable('punches').dropColumn('clock_correction_out').execute();
  await db.schema.alterTable('punches').dropColumn('clock_correction_in').execute();
}
