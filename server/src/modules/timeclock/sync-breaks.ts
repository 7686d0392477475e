import type { ClockSyncItem, SyncItem, SyncResult } from '@punchclock/contract';
import type { Caller } from '../../auth/access';
import type { BreakService } from './breaks.service';
import { endAtClockOut } from './breaks.service';
import { unsigned } from './clock-identity';
import type { ClockRepos } from './clock-repos';
import type { ClockSettings } from './clock-rows';

type BreakItem = SyncItem & { kind: 'break_start' | 'break_end' };
const isBreak = (i: SyncItem): i is BreakItem => i.kind === 'break_start' || i.kind === 'break_end';

/**
 * An offline batch with breaks (docs/RULES.md#breaks-at-the-clock), in one transaction and device-time order:
 * each run of clock items goes to the clock's batch (sync-batch.ts, `runClock`) as before, and each break item
 * between them runs against what those wrote (breaks.service.ts syncItem). A run of clock items whose clock-out
 * closed a shift with an open break ends that break at the clock-out's time. Break refusals are logged and
 * remembered like clock items' (so they are listed in Punches that need attention, and a resend answers the same).
 * A batch without break items is one run: the clock's batch alone, plus one read of the account's open breaks.
 */
export async function syncWithBreaks(
  r: ClockRepos,
  caller: Caller,
  ordered: SyncItem[],
  settings: ClockSettings,
  receivedAt: string,
  deps: {
    breaks: BreakService;
    runClock: (items: ClockSyncItem[]) => Promise<SyncResult[]>;
    /** Each item's instant, as the clock's batch reads it (its device time, corrected: station-clock.ts). */
    at?: (item: SyncItem) => string;
  },
): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  const accountId = caller.accountId;
  const breakIds = ordered.filter(isBreak).map((i) => i.client_id);
  const refusedBefore = breakIds.length ? await r.clock.refusedBefore(accountId, breakIds) : new Map();
  let run: ClockSyncItem[] = [];
  const flush = async () => {
    if (!run.length) return;
    const items = run;
    run = [];
    const openBefore = items.some((i) => i.kind === 'out') ? await r.breaks.inAccount(accountId) : [];
    results.push(...(await deps.runClock(items)));
    if (!openBefore.length) return;
    const still = new Set(
      (
        await r.breaks.currentOf(
          accountId,
          openBefore.map((b) => b.employee_ref),
        )
      ).map((b) => b.id),
    );
    for (const b of openBefore.filter((o) => !still.has(o.id))) {
      const shift = await r.punches.find(accountId, b.shift_id);
      if (shift?.time_out) await endAtClockOut(r, caller, b, settings, shift.time_out, receivedAt);
    }
  };
  const refusals: SyncResult[] = [];
  for (const item of ordered) {
    if (!isBreak(item)) {
      run.push(item as ClockSyncItem);
      continue;
    }
    await flush();
    const before = refusedBefore.get(item.client_id);
    if (before) {
      results.push({ client_id: item.client_id, ...before });
      continue;
    }
    const res = await deps.breaks.syncItem(r, caller, item, settings, receivedAt, deps.at?.(item));
    results.push(res);
    if (res.status === 'conflict' || res.status === 'rejected') {
      refusals.push(res);
      await r.clock.recordActivities(accountId, [
        {
          userId: caller.userId,
          action: `punch.${res.status}`,
          details: {
            reason: res.message,
            station_id: caller.stationId,
            punch: { ...item, pin: undefined, badge: unsigned(item.badge) },
          },
        },
      ]);
    }
  }
  await flush();
  if (refusals.length)
    await r.clock.rememberRefusals(
      accountId,
      refusals.map((x) => ({
        client_id: x.client_id,
        status: x.status as 'conflict' | 'rejected',
        message: x.message ?? '',
      })),
    );
  return results;
}
