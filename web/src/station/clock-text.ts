/** Position and time texts shared by the station and the employee's own clock (no station storage here, so it stays small). */
export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export async function getPosition(timeoutMs = 10_000): Promise<Position | null> {
  if (!('geolocation' in navigator)) return null;
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** 'H hours, M minutes (T total minutes)': a clock-out's total. */
export const totalText = (t: { hours: number; minutes: number; total_minutes: number }) =>
  `${t.hours} hours, ${t.minutes} minutes (${t.total_minutes} total minutes)`;

/**
 * The station's wall clock: `now` on the account's zone and Time Format ('6:04:31 PM' or '18:04:31'), not the
 * tablet's own (a tablet set to another zone would show a time the punches are not recorded in).
 */
export function wallClockText(now: Date, zone?: string, timeFormat?: string): string {
  const options: Intl.DateTimeFormatOptions =
    timeFormat === '24 Hours'
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
      : { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(now);
  } catch {
    // An unknown zone: the tablet's own.
    return new Intl.DateTimeFormat('en-US', options).format(now);
  }
}
