import { describe, expect, it } from 'vitest';
import { coalescedFlush } from '../../../src/db/database';

/** A sync the test ends by hand, recording when each began. */
function manualSync() {
  const started: number[] = [];
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let clock = 0;
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      started.push(++clock);
      pending.push({ resolve, reject });
    });
  return { sync, started, pending, tick: () => ++clock };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('coalescedFlush (group commit on SQLite)', () => {
  it('runs one sync at a time, and callers during a sync share one later sync that starts after they called', async () => {
    const m = manualSync();
    const flush = coalescedFlush(m.sync);
    const done: string[] = [];
    const first = flush().then(() => done.push('first'));
    expect(m.started).toHaveLength(1);
    // Commits that end while the first sync runs: it may have begun before their writes, so it does not cover them.
    const later = Array.from({ length: 10 }, (_, i) => flush().then(() => done.push(`later${i}`)));
    expect(m.started).toHaveLength(1);
    m.pending[0].resolve();
    await first;
    await settle();
    expect(done).toEqual(['first']);
    expect(m.started).toHaveLength(2);
    m.pending[1].resolve();
    await Promise.all(later);
    expect(done).toHaveLength(11);
    expect(m.started).toHaveLength(2);
  });

  it('rejects the callers of a failed sync, and tries again for the next caller', async () => {
    const m = manualSync();
    const flush = coalescedFlush(m.sync);
    const failing = flush();
    const waiting = flush();
    m.pending[0].reject(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    await settle();
    expect(m.started).toHaveLength(2);
    m.pending[1].resolve();
    await expect(waiting).resolves.toBeUndefined();
    const again = flush();
    expect(m.started).toHaveLength(3);
    m.pending[2].resolve();
    await expect(again).resolves.toBeUndefined();
  });
});
