/** Instants are stored as ISO-8601 UTC text with milliseconds, so text order is time order on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const addMinutes = (iso: string, minutes: number): string => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
