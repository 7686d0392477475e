import { messages, type SyncKind } from '@punchclock/contract';
import { openDatabase, type Run, Store } from './idb';

/**
 * The station's offline store (IndexedDB). Every punch is written here with a client-generated id
 * before it is sent, so a punch made offline — or whose answer was lost — is sent again until the
 * server has it; the server is idempotent on client_id, so "sent twice" never means "counted twice".
 */
export interface QueuedPunch {
  client_id: string;
  /** A clock-in or -out, or a break's start or end inside the open shift. */
  kind: SyncKind;
  employee_id?: string;
  badge?: string;
  pin?: string;
  device_time: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  screening?: Record<string, string>;
  /** pending: not yet acknowledged by the server; done: acknowledged; failed: the server refused it. */
  state: 'pending' | 'done' | 'failed';
  message?: string;
  /** Set when a revoke left the punch unsent: the revoked station, named when the new pairing hands it over. */
  revoked_station_id?: number;
  /** The boot of the station it was queued in (device-clock.ts): the server corrects it by that boot's offset. */
  boot_id?: string;
}

/** What the station last knew of each employee, so it can tell in from out while offline. */
export interface CachedEmployee {
  key: string; // employee_id code, or `ref:<row id>` for badge lookups
  ref: number;
  employee_id: string;
  name: string;
  clockedIn: boolean;
  clockInTime: string | null;
  /** When their break inside the open shift started (Start Break), null when none is open. */
  breakStartTime?: string | null;
  /** Typing their Employee ID asks the PIN (the server checks it when the punch syncs). */
  needsPin?: boolean;
  /** Active with App Login (the roster says so): offline, a station refuses anyone else, as the server would. */
  canPunch?: boolean;
  /** The current badge print (the roster says which): an older card is refused offline too. */
  badgeVersion?: number;
  /** 4 bits of their PIN (the roster's pin_hint): offline, a PIN that does not match is wrong (pin-hint.ts). */
  pinHint?: number | null;
}

interface StationStores {
  punches: Store<QueuedPunch, string>;
  employees: Store<CachedEmployee, string>;
  meta: Store<{ key: string; value: string }, string>;
}

// The stores and indexes Dexie's `version(1)` made (IndexedDB version 10): a tablet that queued punches with an
// earlier release keeps them.
const db = openDatabase('punchclock-station', 10, {
  punches: { key: 'client_id', indexes: ['state', 'device_time'] },
  employees: { key: 'key', indexes: ['ref'] },
  meta: { key: 'key' },
});

const storesOf = (run: (name: keyof StationStores) => Run): StationStores => ({
  punches: new Store(run('punches')),
  employees: new Store(run('employees')),
  meta: new Store(run('meta')),
});

export const stationDb = {
  ...storesOf(db.standalone),
  /** `work` in one transaction over `names` (all of it is kept, or none): it must use the stores it is given. */
  transaction: <R>(names: (keyof StationStores)[], work: (stores: StationStores) => Promise<R>) =>
    db.transaction(names, (run) => work(storesOf(run))),
};

export const pendingCount = () => stationDb.punches.where('state').equals('pending').count();

/**
 * Punches of the last day the server refused (conflict or rejected): a manager sees and fixes them. Those a
 * revoked station could not send are not counted: the pairing screen listed them, and the server never had them.
 */
export const refusedCount = () => {
  const since = new Date(Date.now() - 24 * 3_600_000).toISOString();
  return stationDb.punches
    .where('state')
    .equals('failed')
    .filter((p) => p.device_time >= since && p.message !== messages.clock.stationRevoked)
    .count();
};

export async function lastSyncAt(): Promise<string | null> {
  return (await stationDb.meta.get('lastSyncAt'))?.value ?? null;
}

export async function setLastSyncAt(iso: string): Promise<void> {
  await stationDb.meta.put({ key: 'lastSyncAt', value: iso });
}

/** When the station last read the account's whole roster (directory.ts): from then on, an ID it lacks is unknown. */
export async function rosterReadAt(): Promise<string | null> {
  return (await stationDb.meta.get('rosterReadAt'))?.value ?? null;
}

export async function setRosterReadAt(iso: string): Promise<void> {
  await stationDb.meta.put({ key: 'rosterReadAt', value: iso });
}

export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * The punches a revoked pairing could not send (abandonPending) of the last 31 days (the server refuses older
 * offline punches anyway), oldest first: the pairing screen lists them from storage, so a reload of the tablet
 * does not hide them.
 */
export async function abandonedPunches(): Promise<QueuedPunch[]> {
  const since = new Date(Date.now() - 31 * 24 * 3_600_000).toISOString();
  const lost = await stationDb.punches
    .where('state')
    .equals('failed')
    .filter((p) => p.message === messages.clock.stationRevoked && p.device_time >= since)
    .toArray();
  return lost.sort((a, b) => a.device_time.localeCompare(b.device_time));
}

/**
 * Punches still waiting when the server refused this station's token (revoked): they can no longer be sent, so
 * they are marked failed with `reason` and answered, for the station to show them for a manager to enter by hand.
 */
export async function abandonPending(reason: string, stationId?: number): Promise<QueuedPunch[]> {
  return stationDb.transaction(['punches'], async ({ punches }) => {
    const waiting = await punches.where('state').equals('pending').sortBy('device_time');
    for (const p of waiting)
      await punches.update(p.client_id, {
        state: 'failed',
        message: reason,
        ...(stationId ? { revoked_station_id: stationId } : {}),
      });
    return waiting;
  });
}

/** Abandoned punches a new pairing handed over to the server (for a manager): they leave the pairing screen's list. */
export async function markHandedOver(clientIds: string[], message: string): Promise<void> {
  await stationDb.transaction(['punches'], async ({ punches }) => {
    for (const id of clientIds) await punches.update(id, { state: 'done', message });
  });
}
