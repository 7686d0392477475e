/** Instants are stored as ISO-8601 UTC text with milliseconds, so text order is time order on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const addMinutes = (iso: string, minutes: number): string =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Intl.DateTimeFormat costs ~150 µs to build and is used several times per punch row: one per zone and
 * purpose, built once (accounts use a handful of zones).
 */
function perZone(options: Intl.DateTimeFormatOptions, locale: string) {
  const cache = new Map<string, Intl.DateTimeFormat>();
  return (zone: string): Intl.DateTimeFormat => {
    let f = cache.get(zone);
    if (!f) {
      if (cache.size > 1000) cache.clear();
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
      cache.set(zone, f);
    }
    return f;
  };
}

const partsFormat = perZone(
  {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  'en-US',
);
const dayFormat = perZone({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
const timeFormat = perZone({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-GB');

/**
 * Offsets already read, per zone and quarter hour of UTC time. Intl's formatToParts costs ~10 µs, and a report
 * over a month of 10,000 employees reads the offset of nearly a million instants (rounding, the local day of each
 * punch), most of them in the same few hundred quarter hours. A quarter hour is cached only when its first and
 * last millisecond have the same offset, so an instant in the quarter hour of a change is always read from Intl.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/** Offset of `zone` from UTC at `instant`, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
  const ms = instant.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let known = offsetCache.get(zone);
  if (!known) {
    if (offsetCache.size > 1000) offsetCache.clear();
    known = new Map();
    offsetCache.set(zone, known);
  }
  const cached = known.get(quarter);
  if (cached !== undefined) return cached;
  const offset = readOffset(zone, instant);
  const first = quarter * QUARTER_HOUR_MS;
  if (
    readOffset(zone, new Date(first)) === offset &&
    readOffset(zone, new Date(first + QUARTER_HOUR_MS - 1)) === offset
  ) {
    if (known.size > 200_000) known.clear();
    known.set(quarter, offset);
  }
  return offset;
}

/** The offset as Intl reads it (the zone database of the runtime). */
function readOffset(zone: string, instant: Date): number {
  const parts = Object.fromEntries(
    partsFormat(zone)
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
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall-clock time (`YYYY-MM-DD`, `HH:mm`) in `zone`, read the one way every zone agrees
 * on (as JavaScript's Temporal does by default, "compatible"):
 * - a time that happens twice (the hour repeated when clocks go back) is its first occurrence;
 * - a time that never happens (the hour skipped when clocks go forward) is moved forward by the gap: 02:30 on
 *   the night New York skips 02:00–03:00 is 03:30, as a wall clock that was not changed would read it.
 * So the same typed times give the same instants whatever the zone, and an out typed after an in on the wall
 * clock is never before it.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The offsets a day either side: any change of offset near `wall` lies between them.
  const before = zoneOffsetMinutes(zone, new Date(wall - 86_400_000));
  const after = zoneOffsetMinutes(zone, new Date(wall + 86_400_000));
  const reads = (offset: number) => {
    const instant = wall - offset * 60_000;
    return zoneOffsetMinutes(zone, new Date(instant)) === offset ? instant : null;
  };
  const early = reads(before);
  const late = reads(after);
  if (early !== null && late !== null) return new Date(Math.min(early, late));
  // Exactly one reading exists; neither means a skipped time, read with the offset from before the change.
  return new Date(early ?? late ?? wall - before * 60_000);
}

/** The wall clock of `instant` in `zone`, as an ISO text in UTC's notation (`YYYY-MM-DDTHH:mm:ss.sssZ`). */
const wallClock = (instant: Date, zone: string): string =>
  new Date(instant.getTime() + zoneOffsetMinutes(zone, instant) * 60_000).toISOString();

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `zone`. */
export const localDay = (instant: Date, zone: string): string =>
  ordinary(instant) ? wallClock(instant, zone).slice(0, 10) : dayFormat(zone).format(instant);

/** The wall-clock time (`HH:mm`) of `instant` in `zone`. */
export const localTime = (instant: Date, zone: string): string =>
  ordinary(instant) ? wallClock(instant, zone).slice(11, 16) : timeFormat(zone).format(instant);

/**
 * Instants of 1980–9000, whose offsets are whole minutes (Monrovia kept -0:44:30 until 1972) and whose ISO text
 * has a four-digit year; anything else (or an invalid date) is formatted by Intl itself.
 */
const ordinary = (instant: Date): boolean => {
  const ms = instant.getTime();
  return ms >= 315_532_800_000 && ms < 221_845_392_000_000;
};
