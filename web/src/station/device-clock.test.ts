import { describe, expect, it } from 'vitest';
import { CLOCK_JUMP_MS, createDeviceClock } from './device-clock';

// The station's clock (docs/RULES.md#station-clock): boots, their readings, and what a sync sends beside its items.

const H = 3_600_000;
const T0 = Date.parse('2026-11-23T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A tablet: its wall clock `offset` ms off true time, a monotonic clock from its start, readings kept in a map. */
function tablet(offset: number) {
  const kept = new Map<string, { device_now: string; server_now: string }>();
  const state = { trueNow: T0, offset, started: T0, ids: 0 };
  const start = (newOffset: number) => {
    state.offset = newOffset;
    state.started = state.trueNow;
    return createDeviceClock({
      wall: () => state.trueNow + state.offset,
      mono: () => state.trueNow - state.started,
      newId: () => `boot-${++state.ids}-xxxxxxxx`,
      load: async (id) => kept.get(id),
      save: async (id, r) => void kept.set(id, r),
    });
  };
  return { state, kept, start, clock: start(offset) };
}

describe('device clock', () => {
  it('keeps one boot while the wall clock keeps step, and starts another when it jumps', () => {
    const t = tablet(H);
    const first = t.clock.currentBoot();
    t.state.trueNow += 5 * H;
    expect(t.clock.currentBoot()).toBe(first);
    // Set back an hour by hand (or by the network): a new boot.
    t.state.offset -= H;
    const second = t.clock.currentBoot();
    expect(second).not.toBe(first);
    t.state.trueNow += 60_000;
    expect(t.clock.currentBoot()).toBe(second);
    // A drift within the limit is no jump.
    t.state.offset += CLOCK_JUMP_MS - 1_000;
    expect(t.clock.currentBoot()).toBe(second);
  });

  it("sends device_now and this boot, and the readings of earlier boots its items came from, so the server corrects each by its boot's offset", async () => {
    const t = tablet(H); // an hour fast on Monday
    const monday = t.clock.currentBoot();
    // Online on Monday: an answer from the server gives the boot its reading.
    await t.clock.noteServerTime(new Date(T0).toUTCString());
    expect(t.kept.get(monday)).toEqual({ device_now: iso(T0 + H), server_now: iso(T0) });
    // Offline from here; punches queued on Monday carry the boot.
    t.state.trueNow += 2 * H;
    const mondayItem = { boot_id: t.clock.currentBoot(), device_time: iso(t.state.trueNow + H) };
    // Thursday: the tablet restarts, now an hour slow, and never reaches the server until it sends.
    t.state.trueNow += 3 * 24 * H;
    const restarted = t.start(-H);
    const thursday = restarted.currentBoot();
    const thursdayItem = { boot_id: thursday, device_time: iso(t.state.trueNow - H) };
    const sent = await restarted.clockFields([mondayItem, thursdayItem, { boot_id: 'boot-unknown-xx' }]);
    expect(sent).toEqual({
      device_now: iso(t.state.trueNow - H),
      boot_id: thursday,
      boots: [{ boot_id: monday, device_now: iso(T0 + H), server_now: iso(T0) }],
    });
    // What the server does with them (station-clock.ts): each item by its own boot's offset.
    const offsetOf = (boot: string) => {
      const r = sent.boots!.find((b) => b.boot_id === boot);
      return r
        ? Date.parse(r.server_now) - Date.parse(r.device_now)
        : t.state.trueNow - Date.parse(sent.device_now!);
    };
    expect(Date.parse(mondayItem.device_time) + offsetOf(monday)).toBe(T0 + 2 * H);
    expect(Date.parse(thursdayItem.device_time) + offsetOf(thursday)).toBe(t.state.trueNow);
  });

  it('ignores an answer without a usable Date header, and sends no boots when every item is of this boot', async () => {
    const t = tablet(0);
    await t.clock.noteServerTime(null);
    await t.clock.noteServerTime('not a date');
    expect(t.kept.size).toBe(0);
    const boot = t.clock.currentBoot();
    expect(await t.clock.clockFields([{ boot_id: boot }, {}])).toEqual({
      device_now: iso(T0),
      boot_id: boot,
    });
  });
});
