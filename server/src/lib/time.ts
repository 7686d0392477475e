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

/** Offset of `zone` from UTC at `instant`, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
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

/** The UTC instant of a wall-clock time (`YYYY-MM-DD`, `HH:mm`) in `zone`. */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const first = new Date(guess.getTime() - zoneOffsetMinutes(zone, guess) * 60_000);
  // A second pass settles times near a daylight-saving change.
  return new Date(guess.getTime() - zoneOffsetMinutes(zone, first) * 60_000);
}

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `zone`. */
export const localDay = (instant: Date, zone: string): string => dayFormat(zone).format(instant);

/** The wall-clock time (`HH:mm`) of `instant` in `zone`. */
export const localTime = (instant: Date, zone: string): string => timeFormat(zone).format(instant);
