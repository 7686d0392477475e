import { type RollCallAnswer, rollCallAnswer } from '@punchclock/contract';
import { stationCall } from '../station-api';

/**
 * The station's copy of the emergency roll call (GET /api/roll-call), and the people ticked off as safe on it.
 * Both live in this device's localStorage: the Emergency screen must work with the network down, and the ticks
 * belong to whoever holds this tablet during an evacuation, not to the account.
 */
const ROLL_CALL_KEY = 'stationRollCall';
const SAFE_KEY = 'stationRollCallSafe';

/** The last roll call this station read, or null before its first read. */
export function savedRollCall(): RollCallAnswer | null {
  try {
    const parsed = rollCallAnswer.safeParse(JSON.parse(localStorage.getItem(ROLL_CALL_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the roll call from the server (by location) and keeps it; answers it. Called after each sync and when the
 * Emergency screen opens online; a failure (offline, revoked) keeps the copy there is and throws.
 */
export async function refreshRollCall(): Promise<RollCallAnswer> {
  const answer = rollCallAnswer.parse(await stationCall<unknown>('/api/roll-call?group=location'));
  localStorage.setItem(ROLL_CALL_KEY, JSON.stringify(answer));
  return answer;
}

/** The employees (employees.id) ticked as safe on this device, with when. */
export function safeTicks(): Record<string, string> {
  try {
    const ticks: unknown = JSON.parse(localStorage.getItem(SAFE_KEY) ?? '{}');
    return ticks && typeof ticks === 'object' ? (ticks as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Ticks or unticks one person; answers the ticks now kept. */
export function setSafe(employeeRef: number, safe: boolean): Record<string, string> {
  const ticks = { ...safeTicks() };
  if (safe) ticks[employeeRef] = new Date().toISOString();
  else delete ticks[employeeRef];
  localStorage.setItem(SAFE_KEY, JSON.stringify(ticks));
  return ticks;
}

/** Forgets every tick (after the drill or the all-clear). */
export function clearSafe(): void {
  localStorage.removeItem(SAFE_KEY);
}
