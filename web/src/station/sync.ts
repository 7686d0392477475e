import type { SyncAnswer } from '@punchclock/contract';
import { isNetworkError, stationCall } from './station-api';
import { setLastSyncAt, stationDb } from './queue';

const BATCH = 500;
let running: Promise<number> | null = null;

/**
 * Sends every pending punch, oldest device time first, in batches. A batch whose answer is lost is
 * simply sent again later: the server answers 'duplicate' for what it already has. Returns how many
 * punches are still pending. Only one sync runs at a time.
 */
export function syncPending(): Promise<number> {
  running ??= drain().finally(() => {
    running = null;
  });
  return running;
}

async function drain(): Promise<number> {
  for (;;) {
    const batch = await stationDb.punches.where('state').equals('pending').sortBy('device_time');
    if (batch.length === 0) return 0;
    const items = batch.slice(0, BATCH).map(({ state: _s, message: _m, ...p }) => p);
    let answer: SyncAnswer;
    try {
      answer = await stationCall('/api/punches/sync', { punches: items });
    } catch (e) {
      if (isNetworkError(e)) return batch.length;
      throw e;
    }
    await stationDb.transaction('rw', stationDb.punches, async () => {
      for (const r of answer.results) {
        const failed = r.status === 'conflict' || r.status === 'rejected';
        await stationDb.punches.update(r.client_id, {
          state: failed ? 'failed' : 'done',
          message: r.message,
        });
      }
    });
    await setLastSyncAt(answer.last_sync_at);
    if (answer.results.some((r) => r.status === 'conflict' || r.status === 'rejected')) refused?.();
  }
}

/** Called when the server refused punches of a batch: what this station believes of those employees is wrong. */
let refused: (() => void) | null = null;
export function onRefused(callback: (() => void) | null): void {
  refused = callback;
}
