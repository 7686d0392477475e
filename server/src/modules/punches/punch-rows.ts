import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PunchesTable } from '../../db/schema';

// The shapes of punch rows the repository and the clock path pass around, in a file of their own so that the
// statement files (clock-statements.ts, punch-bulk.ts) and the repository share them without importing each other.

export type PunchRow = Selectable<PunchesTable>;
/** A live punch of a group commit: whose, and its instant (prepareClockGroup). */
export type ClockPunch = { accountId: number; employeeRef: number; at: string };
export type NewPunch = Omit<Insertable<PunchesTable>, 'account_id' | 'created_at' | 'updated_at'>;
export type ShiftClose = Pick<
  Updateable<PunchesTable>,
  | 'time_out'
  | 'clock_out_client_id'
  | 'device_time_out'
  | 'received_out_at'
  | 'station_out_id'
  | 'latitude_out'
  | 'longitude_out'
  | 'accuracy_out'
  | 'late_sync'
  | 'clock_correction_out'
>;

/** A clock-out as the statements take it: what it sets, and whose open shift it closes. */
export type CloseValues = ShiftClose & { updated_at: string; account_id: number; employee_ref: number };
