import { clockOffsetText, messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { createAccount, createEmployee, createStation } from './factories';
import { useTestApp } from './helper';

// A station's clock (docs/RULES.md#station-clock): device_now beside each sync, every item corrected by its boot's
// offset when that exceeds 2 minutes, the raw device time and the correction kept, the Devices page's offset.
const t = useTestApp();

const H = 3_600_000;
const MIN = 60_000;
let n = 0;
const cid = () => `k${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const iso = (ms: number) => new Date(ms).toISOString();

async function site() {
  const owner = await createAccount(t);
  const station = await createStation(t, owner);
  const e = await createEmployee(t, owner, {
    employee_id: `S${Date.now() % 1e6}${n++}`,
    name: 'Skew Worker',
  });
  const sync = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${station.token}` },
      payload: body,
    });
  return { owner, station, e, sync };
}

const punchesOf = (ref: number) =>
  t.db
    .selectFrom('punches')
    .select([
      'time_in',
      'time_out',
      'device_time_in',
      'device_time_out',
      'clock_correction_in',
      'clock_correction_out',
      'late_sync',
    ])
    .where('employee_ref', '=', ref)
    .orderBy('time_in')
    .execute();

/** Within `ms` of the instant `at`. */
const near = (actual: string | null, at: number, ms = 5_000) =>
  expect(Math.abs(Date.parse(actual ?? '') - at)).toBeLessThan(ms);

describe('station clock skew', () => {
  it('corrects a station an hour fast by its device_now, keeping the raw device time, the correction and the offset', async () => {
    const { owner, station, e, sync } = await site();
    const now = Date.now();
    const fast = (trueMs: number) => iso(trueMs + H);
    const inAt = now - 3 * H;
    const outAt = now - 1 * H;
    const res = await sync({
      device_now: fast(now),
      punches: [
        { client_id: cid(), kind: 'in', employee_id: e.code, device_time: fast(inAt) },
        { client_id: cid(), kind: 'out', employee_id: e.code, device_time: fast(outAt) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    const [p] = await punchesOf(e.id);
    near(p.time_in, inAt);
    near(p.time_out, outAt);
    expect(p.device_time_in).toBe(fast(inAt));
    expect(p.device_time_out).toBe(fast(outAt));
    expect(Math.abs(p.clock_correction_in! + 3600)).toBeLessThan(5);
    expect(Math.abs(p.clock_correction_out! + 3600)).toBeLessThan(5);
    // Marked in the punch list and in the why of its day, with how much.
    const note = messages.clock.clockCorrected(clockOffsetText(p.clock_correction_in!));
    expect(note).toBe("Time corrected: the station's clock was 1 h fast.");
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/manual-punches/${e.id}`,
      headers: owner.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data[0].clock_correction).toEqual({
      time_in: p.clock_correction_in,
      time_out: p.clock_correction_out,
    });
    const day = (
      await t.db
        .selectFrom('punches')
        .select('work_date')
        .where('employee_ref', '=', e.id)
        .executeTakeFirstOrThrow()
    ).work_date;
    const why = await t.app.inject({
      method: 'GET',
      url: `/api/employees/${e.id}/days/${day}`,
      headers: owner.auth,
    });
    expect(why.statusCode, why.body).toBe(200);
    expect(why.json().punches).toMatchObject([{ note }]);
    // The Devices page reads the station's last offset; another account's list never shows it.
    const list = (await t.app.inject({ method: 'GET', url: '/api/stations', headers: owner.auth })).json()
      .data;
    const mine = list.find((s: { id: number }) => s.id === station.id);
    expect(Math.abs(mine.clock_offset + 3600)).toBeLessThan(5);
    const other = await site();
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/stations', headers: other.owner.auth })
    ).json().data;
    expect(theirs.map((s: { id: number }) => s.id)).toEqual([other.station.id]);
    expect(theirs[0].clock_offset).toBeNull();
  });

  it('moves a station an hour slow forward (it would pay everyone an hour early), and leaves a clock within 2 minutes alone', async () => {
    const { e, sync } = await site();
    const now = Date.now();
    const inAt = now - 5 * H;
    const slow = await sync({
      device_now: iso(now - H),
      punches: [{ client_id: cid(), kind: 'in', employee_id: e.code, device_time: iso(inAt - H) }],
    });
    expect(slow.json().results[0].status).toBe('created');
    const [p] = await punchesOf(e.id);
    near(p.time_in, inAt);
    expect(p.device_time_in).toBe(iso(inAt - H));
    expect(Math.abs(p.clock_correction_in! - 3600)).toBeLessThan(5);
    // Late by the true time: made 5 hours before it arrived.
    expect(p.late_sync).toBe(1);

    // A minute off: not corrected, the device's time is the punch's time.
    const outDevice = iso(now - 2 * H + MIN);
    const close = await sync({
      device_now: iso(Date.now() + MIN),
      punches: [{ client_id: cid(), kind: 'out', employee_id: e.code, device_time: outDevice }],
    });
    expect(close.json().results[0].status).toBe('created');
    const [q] = await punchesOf(e.id);
    expect(q.time_out).toBe(outDevice);
    expect(q.clock_correction_out).toBeNull();
  });

  it("corrects the items of each boot by that boot's own offset: an hour fast before a restart, an hour slow after", async () => {
    const { station, owner, e, sync } = await site();
    const now = Date.now();
    // Boot A (Monday): its last answer from the server came 3 days ago, when the tablet read server time T and its
    // own clock T + 1 h. Boot B (after a restart): an hour slow, sending now.
    const lastContactA = now - 3 * 24 * H;
    const shifts = [
      { boot: 'bootA-monday', off: H, inAt: now - 3 * 24 * H + 2 * H, outAt: now - 3 * 24 * H + 10 * H },
      { boot: 'bootB-thursday', off: -H, inAt: now - 8 * H, outAt: now - 30 * MIN },
    ];
    const punches = shifts.flatMap((s) => [
      {
        client_id: cid(),
        kind: 'in',
        employee_id: e.code,
        device_time: iso(s.inAt + s.off),
        boot_id: s.boot,
      },
      {
        client_id: cid(),
        kind: 'out',
        employee_id: e.code,
        device_time: iso(s.outAt + s.off),
        boot_id: s.boot,
      },
    ]);
    const res = await sync({
      device_now: iso(now - H),
      boot_id: 'bootB-thursday',
      boots: [{ boot_id: 'bootA-monday', device_now: iso(lastContactA + H), server_now: iso(lastContactA) }],
      // Sent out of order: the server orders them by their corrected instants.
      punches: [punches[3], punches[0], punches[2], punches[1]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.every((r: { status: string }) => r.status === 'created')).toBe(true);
    const rows = await punchesOf(e.id);
    expect(rows).toHaveLength(2);
    near(rows[0].time_in, shifts[0].inAt);
    near(rows[0].time_out, shifts[0].outAt);
    expect(rows[0].clock_correction_in).toBe(-3600);
    near(rows[1].time_in, shifts[1].inAt);
    near(rows[1].time_out, shifts[1].outAt);
    expect(Math.abs(rows[1].clock_correction_in! - 3600)).toBeLessThan(5);
    // The station's offset is the sending boot's.
    const list = (await t.app.inject({ method: 'GET', url: '/api/stations', headers: owner.auth })).json()
      .data;
    expect(Math.abs(list.find((s: { id: number }) => s.id === station.id).clock_offset - 3600)).toBeLessThan(
      5,
    );
    // Sent again (the answer was lost): the same punches, nothing twice.
    const again = await sync({
      device_now: iso(Date.now() - H),
      boot_id: 'bootB-thursday',
      boots: [{ boot_id: 'bootA-monday', device_now: iso(lastContactA + H), server_now: iso(lastContactA) }],
      punches,
    });
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(Array(4).fill('duplicate'));
    expect(await punchesOf(e.id)).toHaveLength(2);
  });

  it("lists a refused item of a fast station at its true time, and accepting it punches then, not at the tablet's clock", async () => {
    const owner = await createAccount(t);
    const station = await createStation(t, owner);
    const e = await createEmployee(t, owner, { name: 'Pin Forgetter', pin: '2468', use_card_or_pin: 1 });
    const now = Date.now();
    const inAt = now - 3 * H;
    // An hour fast, and a wrong PIN: refused, and listed for the manager.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${station.token}` },
      payload: {
        device_now: iso(now + H),
        punches: [
          { client_id: cid(), kind: 'in', employee_id: e.code, pin: '0000', device_time: iso(inAt + H) },
        ],
      },
    });
    expect(res.json().results[0].status, res.body).toBe('rejected');
    const listed = await t.app.inject({ method: 'GET', url: '/api/punch-conflicts', headers: owner.auth });
    const issue = (
      listed.json().data as { id: number; employee_id: string; device_time: string; time: string }[]
    ).find((i) => i.employee_id === e.code)!;
    expect(issue.device_time).toBe(iso(inAt + H));
    near(issue.time, inAt);
    // Accepted as it is: the punch starts at its true instant (raw, it would start an hour late).
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/punch-conflicts/${issue.id}/accept`,
      headers: owner.auth,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [p] = await punchesOf(e.id);
    near(p.time_in, inAt);
  });

  it('refuses the whole batch, keeping nothing, for a device_now that is not a date or more than 31 days off', async () => {
    const { e, sync } = await site();
    const item = () => ({
      client_id: cid(),
      kind: 'in',
      employee_id: e.code,
      device_time: iso(Date.now() - H),
    });
    const bad: [unknown, number][] = [
      ['yesterday', 400],
      ['2026-13-45T99:00:00Z', 400],
      [12345, 400],
      [null, 400],
      ['<script>alert(1)</script>', 400],
      ['x'.repeat(100_000), 400],
      [iso(Date.now() - 32 * 24 * H), 422],
      [iso(Date.now() + 32 * 24 * H), 422],
      ['0001-01-01T00:00:00Z', 422],
    ];
    for (const [device_now, status] of bad) {
      const res = await sync({ device_now, punches: [item()] });
      expect(res.statusCode, `${String(device_now).slice(0, 40)}: ${res.body}`).toBe(status);
      if (status === 400) expect(res.json().message).toContain('device_now');
      else {
        expect(res.json()).toMatchObject({
          message: messages.clock.deviceClockOff,
          code: 'clock.device_clock_off',
        });
      }
    }
    // Boots: a reading from the future, one 31 days off, a hostile id, too many.
    const reading = (over: object) => ({
      device_now: iso(Date.now()),
      boots: [
        {
          boot_id: 'boot-earlier',
          device_now: iso(Date.now() - H),
          server_now: iso(Date.now() - H),
          ...over,
        },
      ],
      punches: [item()],
    });
    expect((await sync(reading({ server_now: iso(Date.now() + 2 * H) }))).statusCode).toBe(422);
    expect((await sync(reading({ device_now: iso(Date.now() - 40 * 24 * H) }))).statusCode).toBe(422);
    expect((await sync(reading({ boot_id: "'; drop table punches; --" }))).statusCode).toBe(400);
    expect((await sync(reading({ boot_id: 'short' }))).statusCode).toBe(400);
    expect((await sync(reading({ server_now: 'soon' }))).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => ({
      boot_id: `boot-${i}-xxxx`,
      device_now: iso(Date.now()),
      server_now: iso(Date.now()),
    }));
    expect((await sync({ device_now: iso(Date.now()), boots: many, punches: [item()] })).statusCode).toBe(
      400,
    );
    expect(
      (await sync({ device_now: iso(Date.now()), punches: [{ ...item(), boot_id: 'bad id!' }] })).statusCode,
    ).toBe(400);
    expect(await punchesOf(e.id)).toEqual([]);
  });

  it('still takes a batch without device_now at its device times (a station from before the clock check)', async () => {
    const { owner, e, sync } = await site();
    const at = iso(Date.now() - H);
    const res = await sync({
      punches: [{ client_id: cid(), kind: 'in', employee_id: e.code, device_time: at }],
    });
    expect(res.json().results[0].status).toBe('created');
    const [p] = await punchesOf(e.id);
    expect(p.time_in).toBe(at);
    expect(p.clock_correction_in).toBeNull();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/manual-punches/${e.id}`,
      headers: owner.auth,
    });
    expect(listed.json().data[0].clock_correction).toBeNull();
  });
});
