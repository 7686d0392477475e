import {
  MAX_OFFLINE_AGE_MS,
  messages,
  STATION_CLOCK_TOLERANCE_MS,
  type StationClock,
  type SyncItem,
} from '@punchclock/contract';
import { unprocessable } from '../../lib/errors';

// A station's clock (docs/RULES.md#station-clock): the offsets a sync batch or a hand-over corrects its items'
// device times by, one for each boot of the station its items were queued in.

/** A station clock off by this much or less is left alone: the device's time is the punch's time. */
const CLOCK_TOLERANCE_MS = STATION_CLOCK_TOLERANCE_MS;

/** A batch's clock: each item's instant (corrected when its boot's clock was off) and the correction. */
export interface BatchClock {
  /** The item's instant: its device time plus its boot's offset when that exceeds CLOCK_TOLERANCE_MS. */
  at(item: SyncItem): string;
  /** Seconds added to the item's device time, or null when it was not corrected. */
  correction(item: SyncItem): number | null;
  /** The sending boot's offset in seconds (server minus device), or null when the batch has no device_now. */
  offset: number | null;
}

/** Server minus device in ms, refused as the whole batch when not within MAX_OFFLINE_AGE_MS. */
function offsetOf(serverNow: string, deviceNow: string): number {
  const offset = Date.parse(serverNow) - Date.parse(deviceNow);
  if (!Number.isFinite(offset) || Math.abs(offset) > MAX_OFFLINE_AGE_MS)
    throw unprocessable(messages.clock.deviceClockOff, undefined, 'clock.device_clock_off');
  return offset;
}

/**
 * The clock of a batch received at `receivedAt`. The sending boot's offset is receivedAt − device_now; an earlier
 * boot's is its reading's server_now − device_now (a reading whose server time is after the batch arrived is
 * refused like a clock more than 31 days off). An item names its boot; one that names none, the sending boot, or
 * a boot without a reading takes the sending boot's offset. Without device_now nothing is corrected (a station
 * from before device_now).
 */
export function batchClock(clock: StationClock, receivedAt: string): BatchClock {
  const current = clock.device_now ? offsetOf(receivedAt, clock.device_now) : 0;
  const boots = new Map<string, number>();
  for (const b of clock.boots ?? []) {
    if (Date.parse(b.server_now) > Date.parse(receivedAt) + CLOCK_TOLERANCE_MS)
      throw unprocessable(messages.clock.deviceClockOff, undefined, 'clock.device_clock_off');
    boots.set(b.boot_id, offsetOf(b.server_now, b.device_now));
  }
  const offsetFor = (item: SyncItem) =>
    item.boot_id && item.boot_id !== clock.boot_id ? (boots.get(item.boot_id) ?? current) : current;
  const correction = (item: SyncItem) => {
    const offset = offsetFor(item);
    return Math.abs(offset) > CLOCK_TOLERANCE_MS ? Math.round(offset / 1000) : null;
  };
  return {
    at: (item) => new Date(Date.parse(item.device_time) + (correction(item) ?? 0) * 1000).toISOString(),
    correction,
    offset: clock.device_now ? Math.round(current / 1000) : null,
  };
}

/** No device_now: every item at its device's time, as before station clocks were read. */
export const deviceClock: BatchClock = batchClock({}, new Date(0).toISOString());
