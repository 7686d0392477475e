import { MAX_SYNC_BOOTS, type StationClock } from '@punchclock/contract';
import { stationDb } from './queue';

/**
 * The station's own clock (docs/RULES.md#station-clock). A tablet's clock is often wrong, and may be wrong
 * differently after a restart. The station tells the server its clock with each sync (`device_now`); the server
 * corrects each item by the offset of the boot it was queued in. A boot is one start of this page, or a stretch of
 * it whose wall clock kept step with the monotonic clock (`performance.now()`, which a clock change never moves): a
 * jump of more than 2 minutes between the two starts a new boot. Each queued punch carries its boot's id, and each
 * answer from the server (its Date header) is kept as that boot's reading: the device's and the server's clock side
 * by side. A later boot sends the readings of the earlier boots its items came from, so a week offline with a
 * restart in the middle is corrected by each boot's own offset.
 */

/** A wall clock that moved this far against the monotonic clock was set (by hand, or by the network). */
export const CLOCK_JUMP_MS = 2 * 60_000;

type Reading = { device_now: string; server_now: string };

export interface DeviceClockDeps {
  /** The wall clock (Date.now). */
  wall: () => number;
  /** A clock that only moves forward within a boot (performance.now). */
  mono: () => number;
  newId: () => string;
  /** Where readings are kept across restarts (the station's IndexedDB). */
  load: (bootId: string) => Promise<Reading | undefined>;
  save: (bootId: string, reading: Reading) => Promise<void>;
}

export function createDeviceClock(deps: DeviceClockDeps) {
  const start = () => ({ id: deps.newId(), base: deps.wall() - deps.mono() });
  let boot = start();

  /** The boot now: a new one when the wall clock jumped against the monotonic clock since the boot began. */
  function currentBoot(): string {
    if (Math.abs(deps.wall() - deps.mono() - boot.base) > CLOCK_JUMP_MS) boot = start();
    return boot.id;
  }

  /** An answer from the server at `serverNow` (its Date header): the current boot's reading. */
  async function noteServerTime(serverNow: string | null): Promise<void> {
    const server = serverNow ? Date.parse(serverNow) : NaN;
    if (!Number.isFinite(server)) return;
    const id = currentBoot();
    await deps.save(id, {
      device_now: new Date(deps.wall()).toISOString(),
      server_now: new Date(server).toISOString(),
    });
  }

  /**
   * What a sync or a hand-over of `items` sends beside them: the clock now, this boot, and the readings of the
   * earlier boots the items were queued in (those without one take this boot's offset on the server).
   */
  async function clockFields(items: { boot_id?: string }[]): Promise<StationClock> {
    const id = currentBoot();
    const earlier = [...new Set(items.map((i) => i.boot_id))].filter((b): b is string => !!b && b !== id);
    const boots: NonNullable<StationClock['boots']> = [];
    for (const b of earlier) {
      if (boots.length >= MAX_SYNC_BOOTS) break;
      const reading = await deps.load(b);
      if (reading) boots.push({ boot_id: b, ...reading });
    }
    return {
      device_now: new Date(deps.wall()).toISOString(),
      boot_id: id,
      ...(boots.length ? { boots } : {}),
    };
  }

  return { currentBoot, noteServerTime, clockFields };
}

const readingKey = (bootId: string) => `bootReading:${bootId}`;

/** The station page's clock: one boot per page start. */
export const deviceClock = createDeviceClock({
  wall: () => Date.now(),
  mono: () => performance.now(),
  newId: () => crypto.randomUUID(),
  load: async (bootId) => {
    const row = await stationDb.meta.get(readingKey(bootId));
    return row ? (JSON.parse(row.value) as Reading) : undefined;
  },
  save: async (bootId, reading) => {
    await stationDb.meta.put({ key: readingKey(bootId), value: JSON.stringify(reading) });
  },
});
