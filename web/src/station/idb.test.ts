import 'fake-indexeddb/auto';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Run, Store } from './idb';
import {
  abandonedPunches,
  abandonPending,
  markHandedOver,
  pendingCount,
  type QueuedPunch,
  stationDb,
} from './queue';

// The station's own IndexedDB store (idb.ts) on fake-indexeddb, an in-memory IndexedDB that follows the spec's
// transaction rules; the journeys in web/e2e (station, durability) run it in Chromium with the real server.

interface Row {
  id: string;
  state: string;
  at: string;
}

let n = 0;
function fresh() {
  const db = openDatabase(`idb-test-${++n}`, 10, { rows: { key: 'id', indexes: ['state'] } });
  const rows = new Store<Row, string>(db.standalone('rows'));
  const inTx = <R>(work: (rows: Store<Row, string>) => Promise<R>) =>
    db.transaction(['rows'], (run: (name: 'rows') => Run) => work(new Store(run('rows'))));
  return { rows, inTx };
}

/** A database made without idb.ts, as another release would have left it: a `rows` store with its index. */
function makeRaw(name: string, version: number, row?: Row): Promise<void> {
  return new Promise((ok, fail) => {
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => {
      const os = req.result.createObjectStore('rows', { keyPath: 'id' });
      os.createIndex('state', 'state');
      if (row) os.put(row);
    };
    req.onsuccess = () => {
      req.result.close();
      ok();
    };
    req.onerror = () => fail(req.error);
  });
}

const punch = (
  client_id: string,
  device_time: string,
  state: QueuedPunch['state'] = 'pending',
): QueuedPunch => ({
  client_id,
  kind: 'in',
  employee_id: 'E1',
  device_time,
  state,
});

describe('the station store (idb.ts)', () => {
  it('reads what it wrote, by key and by index, and sorts and filters the rows of an index value', async () => {
    const { rows } = fresh();
    await rows.bulkPut([
      { id: 'b', state: 'pending', at: '2026-11-27T10:00:00Z' },
      { id: 'a', state: 'pending', at: '2026-11-27T09:00:00Z' },
      { id: 'c', state: 'done', at: '2026-11-27T08:00:00Z' },
    ]);
    expect(await rows.get('c')).toEqual({ id: 'c', state: 'done', at: '2026-11-27T08:00:00Z' });
    expect(await rows.get('zz')).toBeUndefined();
    expect(await rows.where('state').equals('pending').count()).toBe(2);
    expect((await rows.where('state').equals('pending').sortBy('at')).map((r) => r.id)).toEqual(['a', 'b']);
    expect(
      await rows
        .where('state')
        .equals('pending')
        .filter((r) => r.at > '2026-11-27T09:30:00Z')
        .count(),
    ).toBe(1);
    await rows.bulkDelete(['a', 'b']);
    expect((await rows.toArray()).map((r) => r.id)).toEqual(['c']);
  });

  it('updates only the fields given, and writes nothing for a key it does not have', async () => {
    const { rows } = fresh();
    await rows.put({ id: 'a', state: 'pending', at: 'x' });
    expect(await rows.update('a', { state: 'done' })).toBe(1);
    expect(await rows.get('a')).toEqual({ id: 'a', state: 'done', at: 'x' });
    expect(await rows.update('nobody', { state: 'done' })).toBe(0);
    expect(await rows.get('nobody')).toBeUndefined();
  });

  it('keeps all of a transaction or none of it', async () => {
    const { rows, inTx } = fresh();
    await rows.put({ id: 'a', state: 'pending', at: 'x' });
    await expect(
      inTx(async (t) => {
        await t.update('a', { state: 'done' });
        await t.put({ id: 'b', state: 'pending', at: 'y' });
        throw new Error('the answer was lost');
      }),
    ).rejects.toThrow('the answer was lost');
    expect(await rows.get('a')).toEqual({ id: 'a', state: 'pending', at: 'x' });
    expect(await rows.get('b')).toBeUndefined();

    expect(
      await inTx(async (t) => {
        await t.update('a', { state: 'done' });
        await t.put({ id: 'b', state: 'pending', at: 'y' });
        return t.where('state').equals('pending').count();
      }),
    ).toBe(1);
    expect((await rows.toArray()).map((r) => [r.id, r.state])).toEqual([
      ['a', 'done'],
      ['b', 'pending'],
    ]);
  });

  it('opens a database an earlier release made with Dexie (IndexedDB version 10) and keeps its rows', async () => {
    await makeRaw('idb-test-dexie', 10, { id: 'old', state: 'pending', at: 'x' });
    const db = openDatabase('idb-test-dexie', 10, { rows: { key: 'id', indexes: ['state'] } });
    const rows = new Store<Row, string>(db.standalone('rows'));
    expect(await rows.where('state').equals('pending').toArray()).toEqual([
      { id: 'old', state: 'pending', at: 'x' },
    ]);
  });
});

it('opens a database a later release upgraded (a higher version) as it is', async () => {
  await makeRaw('idb-test-later', 20);
  const db = openDatabase('idb-test-later', 10, { rows: { key: 'id', indexes: ['state'] } });
  const rows = new Store<Row, string>(db.standalone('rows'));
  await rows.put({ id: 'a', state: 'pending', at: 'x' });
  expect(await rows.where('state').equals('pending').count()).toBe(1);
});

describe('the punch queue (queue.ts)', () => {
  it('a revoke marks every waiting punch failed with its station, oldest first; a new pairing hands them over', async () => {
    await stationDb.punches.bulkPut([
      punch('p2', new Date(Date.now() - 60_000).toISOString()),
      punch('p1', new Date(Date.now() - 120_000).toISOString()),
      punch('sent', new Date(Date.now() - 180_000).toISOString(), 'done'),
    ]);
    expect(await pendingCount()).toBe(2);
    const lost = await abandonPending(messages.clock.stationRevoked, 7);
    expect(lost.map((p) => p.client_id)).toEqual(['p1', 'p2']);
    expect(await pendingCount()).toBe(0);
    expect(await abandonedPunches()).toMatchObject([
      { client_id: 'p1', state: 'failed', revoked_station_id: 7 },
      { client_id: 'p2', state: 'failed', revoked_station_id: 7 },
    ]);
    await markHandedOver(['p1', 'p2'], 'Handed over');
    expect(await abandonedPunches()).toEqual([]);
    expect(await stationDb.punches.get('p1')).toMatchObject({ state: 'done', message: 'Handed over' });
    expect(await stationDb.punches.get('sent')).toMatchObject({ state: 'done' });
  });
});
