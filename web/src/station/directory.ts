import type { EmployeeStatusAnswer } from '@punchclock/contract';
import { badgeEmployeeRef, stationCall } from './station-api';
import { setPinHintKey } from './pin-hint';
import { type CachedEmployee, pendingCount, setLastSyncAt, setRosterReadAt, stationDb } from './queue';

/** How often a station that is online reads the account's employees again. */
export const DIRECTORY_EVERY_MS = 10 * 60_000;
const PAGE = 200;

/**
 * Reads every current employee of the account (GET /api/employee-status, a page at a time) into the station's
 * cache, so that offline it knows each one's name, whether they are clocked in, whether the ID asks a PIN and
 * that PIN's hint (pin-hint.ts), and not only of those it has looked up. Employees with punches still waiting here keep the state those
 * punches gave them (the server has not seen them yet); employees no longer listed are forgotten unless they
 * have such punches. With nothing waiting, the station is in step with the server: "Last synced" moves.
 */
export async function refreshDirectory(): Promise<number> {
  const listed: EmployeeStatusAnswer['data'] = [];
  let cursor: string | null = null;
  let hintKey: string | null = null;
  do {
    const page: EmployeeStatusAnswer = await stationCall<EmployeeStatusAnswer>(
      `/api/employee-status?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    listed.push(...page.data);
    hintKey = page.pin_hint_key;
    cursor = page.next_cursor;
  } while (cursor);

  await stationDb.transaction(['employees', 'punches'], async ({ employees, punches }) => {
    const waiting = await punches.where('state').equals('pending').toArray();
    const waitingCodes = new Set(waiting.map((p) => p.employee_id).filter(Boolean));
    const waitingRefs = new Set(waiting.map((p) => (p.badge ? badgeEmployeeRef(p.badge) : null)));
    const old = new Map((await employees.toArray()).map((e) => [e.key, e]));
    const rows: CachedEmployee[] = listed.map((e) => {
      const mine = old.get(e.employee_id);
      const keepLocal = mine && (waitingCodes.has(e.employee_id) || waitingRefs.has(e.id));
      return {
        key: e.employee_id,
        ref: e.id,
        employee_id: e.employee_id,
        name: e.name,
        clockedIn: keepLocal ? mine.clockedIn : e.clockedIn,
        clockInTime: keepLocal ? mine.clockInTime : e.clockInTime,
        needsPin: e.needs_pin,
        canPunch: e.can_punch,
        badgeVersion: e.badge_version,
        pinHint: e.pin_hint,
      };
    });
    const keys = new Set(rows.map((r) => r.key));
    const gone = [...old.values()]
      .filter((e) => !keys.has(e.key) && !waitingCodes.has(e.employee_id) && !waitingRefs.has(e.ref))
      .map((e) => e.key);
    await employees.bulkDelete(gone);
    await employees.bulkPut(rows);
  });
  await setPinHintKey(hintKey);
  await setRosterReadAt(new Date().toISOString());
  if ((await pendingCount()) === 0) await setLastSyncAt(new Date().toISOString());
  return listed.length;
}
