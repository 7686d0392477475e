import type { SyncAnswer, UnsentAnswer, UnsentBody } from '@punchclock/contract';
import { deviceClock } from './device-clock';
import { sendForgottenAnswers } from './forgotten-queue';
import { isNetworkError, stationCall } from './station-api';
import { abandonedPunches, markHandedOver, type QueuedPunch, setLastSyncAt, stationDb } from './queue';

const BATCH = 500;

/** A queued punch as the server takes it: without what only the tablet keeps about it. */
const sentForm = ({ state: _s, message: _m, revoked_station_id: _r, ...p }: QueuedPunch) => p;
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
  // Answers about forgotten clock-outs first: they set the shift aside that a queued clock-in would meet.
  const answered = await sendForgottenAnswers();
  for (;;) {
    const batch = await stationDb.punches.where('state').equals('pending').sortBy('device_time');
    if (batch.length === 0) return 0;
    if (!answered) return batch.length;
    const items = batch.slice(0, BATCH).map(sentForm);
    let answer: SyncAnswer;
    try {
      // The station's clock beside them (device-clock.ts); a batch the server refuses for it stays queued.
      answer = await stationCall('/api/punches/sync', {
        punches: items,
        ...(await deviceClock.clockFields(items)),
      });
    } catch (e) {
      if (isNetworkError(e)) return batch.length;
      throw e;
    }
    await stationDb.transaction(['punches'], async ({ punches }) => {
      for (const r of answer.results) {
        const failed = r.status === 'conflict' || r.status === 'rejected';
        await punches.update(r.client_id, {
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

/**
 * After a new pairing: the punches an earlier, revoked pairing of this tablet could not send go to the server, which
 * records those made before the revoke and lists the others for a manager to enter by hand (Punches that need
 * attention; docs/RULES.md#revocations-while-offline). Each group names its revoked station; the server takes only
 * its own account's, so a tablet paired into another account keeps them (and lists them again if it is ever
 * unpaired). Answers how many were handed over, recorded and listed; a failure leaves them for next time.
 */
export async function handOverUnsent(): Promise<{ handed: number; applied: number; recorded: number }> {
  const lost = (await abandonedPunches()).filter((p) => p.revoked_station_id);
  const byStation = new Map<number, typeof lost>();
  for (const p of lost)
    byStation.set(p.revoked_station_id!, [...(byStation.get(p.revoked_station_id!) ?? []), p]);
  let handed = 0;
  let applied = 0;
  let recorded = 0;
  for (const [station, punches] of byStation) {
    for (let i = 0; i < punches.length; i += BATCH) {
      const chunk = punches.slice(i, i + BATCH);
      const body: UnsentBody = {
        revoked_station_id: station,
        punches: chunk.map(sentForm),
        ...(await deviceClock.clockFields(chunk)),
      };
      try {
        const answer = await stationCall<UnsentAnswer>('/api/punches/unsent', body);
        applied += answer.applied;
        recorded += answer.recorded;
        await markHandedOver(
          chunk.map((p) => p.client_id),
          answer.message,
        );
        handed += chunk.length;
      } catch {
        break; // another account's station, or offline: kept on the tablet
      }
    }
  }
  return { handed, applied, recorded };
}
