import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay, localTime, zoneOffsetMinutes } from '../../src/lib/time';

/**
 * The cached offsets (server/src/lib/time.ts, per zone and quarter hour) must answer exactly what Intl answers,
 * in zones with daylight saving, odd offsets and half-hour changes, at random instants and around each change.
 */
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Kathmandu', // +05:45
  'Australia/Lord_Howe', // a 30-minute daylight saving change
  'Pacific/Chatham', // +12:45 / +13:45
  'America/St_Johns', // -03:30 / -02:30
  'UTC',
];

const formats = new Map(
  ZONES.map((zone) => [
    zone,
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ]),
);

/** Intl's own reading, as the code read it before the cache. */
function intl(zone: string, instant: Date) {
  const parts = Object.fromEntries(
    formats
      .get(zone)!
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  return {
    offset: Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000),
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

const ours = (zone: string, instant: Date) => ({
  offset: zoneOffsetMinutes(zone, instant),
  day: localDay(instant, zone),
  time: localTime(instant, zone),
});

describe('zone offsets, local day and time', () => {
  it('answer what Intl answers at random instants of 1990–2060', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (zone, ms) => {
          const at = new Date(ms);
          expect(ours(zone, at)).toEqual(intl(zone, at));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('answer what Intl answers every minute around the 2026 changes, read in either order', () => {
    // Each zone's changes of 2026: scan the year by hours for a change, then every minute ±2 h around it,
    // first forwards then backwards, so cached quarter hours are read from both sides.
    for (const zone of ZONES) {
      let changes = 0;
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
        if (intl(zone, new Date(ms)).offset === intl(zone, new Date(ms + 3_600_000)).offset) continue;
        changes++;
        const minutes = Array.from({ length: 5 * 60 }, (_, i) => ms - 2 * 3_600_000 + i * 60_000 + 30_000);
        for (const m of [...minutes, ...minutes.reverse()]) {
          const at = new Date(m);
          expect(ours(zone, at), `${zone} ${at.toISOString()}`).toEqual(intl(zone, at));
        }
      }
      expect(changes, zone).toBe(zone === 'UTC' || zone === 'Asia/Kathmandu' ? 0 : 2);
    }
  });

  it('format an invalid or far instant as Intl does', () => {
    expect(localDay(new Date(Date.UTC(1960, 5, 1, 3)), 'America/New_York')).toBe('1960-05-31');
    expect(() => localDay(new Date(NaN), 'UTC')).toThrow(RangeError);
  });
});
