import { zoneOffsetMinutes } from '../../lib/time';

/**
 * Time rounding (Settings → Time Rounding) to the nearest `stepMinutes` on the account's local wall clock:
 * 08:57 → 09:00 with a 5-minute step in every zone, including those whose offset is not a whole hour
 * (Asia/Kathmandu +05:45), where rounding the UTC instant would land on :45 and :55 instead. Raw punch times
 * are never changed; reports and screens use this.
 */
export function roundToStep(iso: string, stepMinutes: number | null, zone: string): string {
  if (!stepMinutes) return iso;
  const instant = new Date(iso);
  const offsetMs = zoneOffsetMinutes(zone, instant) * 60_000;
  const step = stepMinutes * 60_000;
  const local = instant.getTime() + offsetMs;
  return new Date(Math.round(local / step) * step - offsetMs).toISOString();
}

/** The rounding step of a settings value ('5 Minutes' → 5), or null for none. */
export const roundingStep = (setting: string | null | undefined): number | null =>
  setting ? Number.parseInt(setting, 10) || null : null;
