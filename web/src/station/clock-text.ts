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

/** 'N min S sec' (spec §4) for the time since `since`. */
export function elapsedText(since: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  return `${Math.floor(seconds / 60)} min ${seconds % 60} sec`;
}

/** 'H hours, M minutes (T total minutes)' (spec §4). */
export const totalText = (t: { hours: number; minutes: number; total_minutes: number }) =>
  `${t.hours} hours, ${t.minutes} minutes (${t.total_minutes} total minutes)`;
