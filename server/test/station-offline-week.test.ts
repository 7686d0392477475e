import { messages } from '@punchclock/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signBadge } from '../src/lib/badges';
import { createAccount } from './factories';
import { useTestApp } from './helper';
import { HEADER, peopleCalls } from './people-helpers';

// A station offline for a week (issue 34; docs/RULES.md#station-clock, #revocations-while-offline, #pin-lock,
// #offline-sync, #tamper-evident-ledger, docs/TESTING.md "The offline week"). A seeded plan of 10,000 queued
// items of 200 employees (shifts, lunches, short breaks, forgotten clock-outs, 1,000 wrong PINs) made on a tablet
// an hour fast, then an hour slow after a restart; a badge regenerated on Wednesday, an employee deleted on
// Thursday, the station revoked on Friday and its tablet paired again to hand the queue over, batches sent twice,
// out of order and with their answer lost. The server's clock is vitest's fake Date, moved to each event's time,
// so every change goes through the API when it happens and every correction is exact. What the server kept is
// checked against what the test works out from its own plan.
const t = useTestApp();
afterAll(() => vi.useRealTimers());

const SEED = 34;
const SECRET = 'test-secret';
const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const EMPLOYEES = 200;
const ITEMS = 10_000;
const WRONG_PINS = 1_000;
const PIN_TARGETS = 50;
const BATCH = 500; // the station's own batch size (web/src/station/sync.ts)

/** Saturday 00:00 UTC, the first day of the week offline (an account in UTC). */
const SAT = Date.parse('2026-02-28T00:00:00.000Z');
const dayStart = (d: number) => SAT + d * DAY;
/** The tablet's last answer from the server before it went offline (Friday noon), an hour fast. */
const WENT_OFFLINE = SAT - 12 * H;
/** The tablet restarts on Tuesday 03:00 and comes back an hour slow. */
const RESTART = dayStart(3) + 3 * H;
const REGENERATED = dayStart(4) + 12 * H; // Wednesday noon
const DELETED = dayStart(5) + 12 * H; // Thursday noon
const REVOKED = dayStart(6) + 10 * H; // Friday 10:00
const BACK_ONLINE = dayStart(6) + 12.5 * H; // Friday 12:30: paired again, the queue handed over
const iso = (ms: number) => new Date(ms).toISOString();

/** mulberry32: the plan's random numbers, the same each run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'in' | 'out' | 'break_start' | 'break_end';
interface Person {
  index: number;
  code: string;
  pin: string;
  /** Punches by badge (no PIN) or by Employee ID and PIN. */
  byBadge: boolean;
  ref: number;
}
interface Item {
  client_id: string;
  kind: Kind;
  person: Person;
  /** The true instant (ms); the device's time is this moved by its boot's error. */
  at: number;
  boot: 'A' | 'B';
  wrongPin?: string;
}
interface Shift {
  person: Person;
  day: number;
  in: Item;
  out?: Item;
  breaks: { start: Item; end: Item }[];
}

const deviceMs = (i: Item) => i.at + (i.boot === 'A' ? H : -H);
const bootOf = (at: number) => (at < RESTART ? 'A' : 'B');

/** The plan: who works when, as the tablet queued it. Times are whole minutes plus seconds chosen so a minute
 * count is never one off by a floor (in :10 out :50, a break :15 to :45). */
function plan(people: Person[]) {
  const rnd = random(SEED);
  const pick = (n: number) => Math.floor(rnd() * n);
  let n = 0;
  const item = (person: Person, kind: Kind, at: number, extra: Partial<Item> = {}): Item => ({
    client_id: `wk${SEED}x${(n++).toString(36).padStart(5, '0')}`,
    kind,
    person,
    at,
    boot: bootOf(at),
    ...extra,
  });
  const shifts: Shift[] = [];
  // Forgotten clock-outs: some leave on Friday without clocking out, some on Thursday and are off on Friday.
  const forgetFriday = new Set<number>();
  const forgetThursday = new Set<number>();
  while (forgetThursday.size < 4) forgetThursday.add(52 + pick(EMPLOYEES - 52));
  while (forgetFriday.size < 8) {
    const i = 52 + pick(EMPLOYEES - 52);
    if (!forgetThursday.has(i)) forgetFriday.add(i);
  }
  for (const person of people) {
    for (let d = 0; d < 7; d++) {
      const friday = d === 6;
      if (friday && forgetThursday.has(person.index)) continue;
      if (!friday && rnd() < 1 / 5) continue; // a day off
      const at = (h: number, m: number, s: number) => dayStart(d) + h * H + m * MIN + s * 1000;
      if (friday) {
        // In before the revoke, lunch after it (handed over, listed), out in the afternoon (synced live).
        const inAt = at(6, pick(200), 10);
        const lunch = at(10, 30 + pick(60), 15);
        const shift: Shift = {
          person,
          day: d,
          in: item(person, 'in', inAt),
          breaks: [
            {
              start: item(person, 'break_start', lunch),
              end: item(person, 'break_end', lunch + 30 * MIN + 30_000),
            },
          ],
        };
        if (!forgetFriday.has(person.index)) shift.out = item(person, 'out', at(14, pick(210), 50));
        shifts.push(shift);
        continue;
      }
      // Split shifts: four a day, 1⅔ to 2½ hours each with 15 to 45 minutes between.
      let inAt = at(6, pick(60), 10);
      for (let k = 0; k < 4; k++) {
        const length = 100 + pick(51);
        const shift: Shift = { person, day: d, in: item(person, 'in', inAt), breaks: [] };
        if (!(d === 5 && k === 3 && forgetThursday.has(person.index)))
          shift.out = item(person, 'out', inAt + length * MIN + 40_000);
        shifts.push(shift);
        inAt += (length + 15 + pick(31)) * MIN;
      }
    }
  }
  // 1,000 wrong PINs, 20 for each of 50 employees who punch by badge, at random times from Saturday to Thursday (a
  // millisecond apart at most, so no two of one employee's are at the same instant).
  const wrong: Item[] = [];
  for (let k = 0; k < WRONG_PINS; k++) {
    const person = people[k % PIN_TARGETS];
    const pin = String((Number(person.pin) + 1 + pick(9_998)) % 10_000).padStart(4, '0');
    wrong.push(
      item(
        person,
        k % 2 ? 'out' : 'in',
        SAT + pick(6 * 24 * 60) * MIN + 25_000 + Math.floor(k / PIN_TARGETS),
        { wrongPin: pin },
      ),
    );
  }
  // Short breaks (10 minutes) in closed shifts from Saturday to Thursday until the queue holds exactly 10,000 items;
  // an odd count leaves one more Friday clock-out forgotten.
  const count = () =>
    wrong.length + shifts.reduce((s, x) => s + 1 + (x.out ? 1 : 0) + 2 * x.breaks.length, 0);
  if ((ITEMS - count()) % 2) {
    const f = shifts.find((s) => s.day === 6 && s.out && s.person.index >= 52)!;
    delete f.out;
  }
  const slots = shifts.filter((s) => s.day < 6 && s.out);
  while (count() < ITEMS) {
    const s = slots.splice(pick(slots.length), 1)[0];
    const start = s.in.at + (30 + pick(41)) * MIN + 5_000;
    s.breaks.push({
      start: item(s.person, 'break_start', start),
      end: item(s.person, 'break_end', start + 10 * MIN + 30_000),
    });
  }
  return { shifts, wrong };
}

describe('a station offline for a week', () => {
  it('records every genuine punch of 10,000 queued items once at its true time, lists every refused one with why, pays nothing twice, and keeps the ledger whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = (ms: number) => vi.setSystemTime(ms);
    now(WENT_OFFLINE - 2 * H);
    const owner = await createAccount(t);
    const { call, upload } = peopleCalls(t);

    // 200 employees in one import, each with a PIN.
    const rnd = random(SEED + 1);
    const pins = Array.from({ length: EMPLOYEES }, () => String(Math.floor(rnd() * 10_000)).padStart(4, '0'));
    const codes = Array.from({ length: EMPLOYEES }, (_, i) => `W${String(i + 1).padStart(3, '0')}`);
    const csv = [
      HEADER.join(','),
      ...codes.map((c, i) => [`Worker ${c}`, c, 'Floor', '', '', '', pins[i]].join(',')),
    ].join('\r\n');
    const imported = await upload(owner, Buffer.from(csv), 'staff.csv');
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().imported).toBe(EMPLOYEES);
    const refs = new Map(
      (
        await t.db
          .selectFrom('employees')
          .select(['id', 'employee_id'])
          .where('account_id', '=', owner.accountId)
          .execute()
      ).map((e) => [e.employee_id, e.id]),
    );
    const people: Person[] = codes.map((code, index) => ({
      index,
      code,
      pin: pins[index],
      // The PIN-guessing targets, the badge that is regenerated (50) and every other even one punch by badge.
      byBadge: index < PIN_TARGETS || index === 50 || (index !== 51 && index % 2 === 0),
      ref: refs.get(code)!,
    }));
    const regenerated = people[50];
    const deleted = people[51];
    const { shifts, wrong } = plan(people);
    const all = [
      ...shifts.flatMap((s) => [
        s.in,
        ...(s.out ? [s.out] : []),
        ...s.breaks.flatMap((b) => [b.start, b.end]),
      ]),
      ...wrong,
    ];
    expect(all).toHaveLength(ITEMS);
    const liveAfterPairing = all.filter((i) => i.at >= BACK_ONLINE);
    const queued = all.filter((i) => i.at < BACK_ONLINE).sort((a, b) => deviceMs(a) - deviceMs(b));

    // What the test expects, from its plan alone. An item is refused when made on the revoked station after the
    // revoke, with the old badge after it was regenerated, by the deleted employee after the deletion, or with a
    // wrong PIN (five answered "Wrong PIN", then locked); everything else counts.
    const refusal = new Map<string, string>();
    for (const i of all) {
      if (i.at >= REVOKED && i.at < BACK_ONLINE) refusal.set(i.client_id, messages.clock.madeAfterRevoke);
      else if (i.person === regenerated && i.at >= REGENERATED)
        refusal.set(i.client_id, messages.clock.badgeReplacedBefore);
      else if (i.person === deleted && i.at >= DELETED)
        refusal.set(i.client_id, messages.clock.deletedBefore);
    }
    // Wrong PINs count in the order the server meets them: batch by batch (the queue is in device-time order, which
    // the restart's two clock errors make differ from the true order), each batch in true-time order.
    const position = new Map(queued.map((i, k) => [i, Math.floor(k / BATCH)]));
    const tries = new Map<Person, number>();
    for (const i of [...wrong].sort((a, b) => position.get(a)! - position.get(b)! || a.at - b.at)) {
      const k = (tries.get(i.person) ?? 0) + 1;
      tries.set(i.person, k);
      refusal.set(i.client_id, k <= 5 ? messages.clock.pinWrong : messages.clock.pinLocked);
    }
    const counts = (i?: Item) => !!i && !refusal.has(i.client_id);
    const expectedRows: string[] = [];
    const minutes = new Map<number, { worked: number; paid: number }>();
    for (const s of shifts) {
      if (!counts(s.in)) continue;
      const closed = counts(s.out);
      expectedRows.push([s.person.ref, 'None', iso(s.in.at), closed ? iso(s.out!.at) : null].join(' '));
      const m = minutes.get(s.person.ref) ?? { worked: 0, paid: 0 };
      const worked = closed ? Math.floor((s.out!.at - s.in.at) / MIN) : 0;
      let deducted = 0;
      for (const b of s.breaks) {
        if (!counts(b.start) || !counts(b.end)) continue;
        expectedRows.push([s.person.ref, 'Break', iso(b.start.at), iso(b.end.at)].join(' '));
        if (closed) deducted += Math.floor((b.end.at - b.start.at) / MIN);
      }
      minutes.set(s.person.ref, { worked: m.worked + worked, paid: m.paid + worked - deducted });
    }
    expect(refusal.size).toBeGreaterThan(WRONG_PINS);

    // The station, paired, and the tablet's reading of both clocks before it goes offline (boot A, an hour fast).
    now(WENT_OFFLINE - H);
    const created = await call(owner, 'POST', '/api/stations', { name: 'Site gate', pair: 'this-browser' });
    expect(created.statusCode, created.body).toBe(201);
    const station = { id: created.json().station.id as number, token: created.json().token as string };
    const bootA = {
      boot_id: `boot-a-${SEED}-fast`,
      device_now: iso(WENT_OFFLINE + H),
      server_now: iso(WENT_OFFLINE),
    };
    const bootB = `boot-b-${SEED}-slow`;

    // Wednesday noon: a badge regenerated. Thursday noon: an employee deleted. Friday 10:00: the station revoked.
    now(REGENERATED);
    expect((await call(owner, 'POST', `/api/employees/${regenerated.ref}/regenerate-badge`)).statusCode).toBe(
      200,
    );
    now(DELETED);
    expect((await call(owner, 'DELETE', `/employees/${deleted.ref}`)).statusCode).toBe(200);
    now(REVOKED);
    expect((await call(owner, 'DELETE', `/api/stations/${station.id}`)).statusCode).toBe(200);

    // What the tablet sends for an item: its device's time, its boot, the badge it holds or the ID and PIN typed.
    const sent = (i: Item) => ({
      client_id: i.client_id,
      kind: i.kind,
      device_time: iso(deviceMs(i)),
      boot_id: i.boot === 'A' ? bootA.boot_id : bootB,
      ...(i.person.byBadge && !i.wrongPin
        ? { badge: signBadge(SECRET, { accountId: owner.accountId, employeeRef: i.person.ref, version: 1 }) }
        : { employee_id: i.person.code, pin: i.wrongPin ?? i.person.pin }),
    });

    // Friday 12:30, back online: the revoked pairing is refused; the tablet is paired again.
    now(BACK_ONLINE);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/punches/sync',
      headers: { authorization: `Station ${station.token}` },
      payload: { device_now: iso(BACK_ONLINE - H), punches: queued.slice(0, 10).map(sent) },
    });
    expect(stale.statusCode).toBe(401);
    const code = (await call(owner, 'POST', '/api/stations', { name: 'Site gate', pair: 'code' })).json()
      .pairing_code as string;
    const paired = await t.app.inject({ method: 'POST', url: '/api/stations/pair', payload: { code } });
    expect(paired.statusCode, paired.body).toBe(200);
    const tablet = { authorization: `Station ${paired.json().token as string}` };

    // The hand-over: the queue oldest first in the station's batches, each batch's items shuffled. Batch 2's answer
    // is lost (sent again next), batch 3 is sent twice at once, batch 5 again after batch 8, batch 10's answer is
    // lost and it is sent again after batch 12.
    const shuffle = random(SEED + 2);
    const batches: ReturnType<typeof sent>[][] = [];
    for (let k = 0; k < queued.length; k += BATCH) {
      const b = queued.slice(k, k + BATCH).map(sent);
      for (let j = b.length - 1; j > 0; j--) {
        const r = Math.floor(shuffle() * (j + 1));
        [b[j], b[r]] = [b[r], b[j]];
      }
      batches.push(b);
    }
    let second = 0;
    const handOver = async (b: number) => {
      now(BACK_ONLINE + ++second * 1000);
      return t.app.inject({
        method: 'POST',
        url: '/api/punches/unsent',
        headers: tablet,
        payload: {
          revoked_station_id: station.id,
          device_now: iso(BACK_ONLINE + second * 1000 - H),
          boot_id: bootB,
          boots: [bootA],
          punches: batches[b],
        },
      });
    };
    const answers: { applied: number; recorded: number }[] = [];
    const once = async (b: number) => {
      const res = await handOver(b);
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    };
    const again = async (b: number) => {
      const res = await handOver(b);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ applied: 0, recorded: 0 });
    };
    for (let b = 0; b < batches.length; b++) {
      if (b === 2 || b === 10) {
        // The server answers; the tablet never sees it (counted here for the totals below).
        const lost = await handOver(b);
        expect(lost.statusCode, lost.body).toBe(200);
        answers.push(lost.json());
        if (b === 2) await again(2);
        continue;
      }
      if (b === 3) {
        const both = await Promise.all([handOver(3), handOver(3)]);
        for (const r of both) expect(r.statusCode, r.body).toBe(200);
        const [x, y] = both.map((r) => r.json() as { applied: number; recorded: number });
        // One applies the batch, the other nothing. (On PostgreSQL the one that waited may still count the
        // refusals the first listed in its `recorded`: the hand-over reads what was listed before it waits on the
        // employees' locks. What is listed, checked below, holds each once.)
        expect(Math.min(x.applied, y.applied)).toBe(0);
        answers.push(x.applied ? x : y);
        continue;
      }
      await once(b);
      if (b === 8) await again(5);
      if (b === 12) await again(10);
    }

    // Friday afternoon: the tablet, paired again and still an hour slow, syncs the clock-outs as they are made,
    // every batch twice, one answer lost, one batch sent again after the next.
    const afternoon = liveAfterPairing.sort((a, b) => a.at - b.at);
    const syncAt = async (serverMs: number, items: Item[]) => {
      now(serverMs);
      return t.app.inject({
        method: 'POST',
        url: '/api/punches/sync',
        headers: tablet,
        payload: { device_now: iso(serverMs - H), boot_id: bootB, punches: items.map(sent) },
      });
    };
    const hours = [15, 16, 17, 18].map((h) => dayStart(6) + h * H);
    const slices = hours.map((h, k) =>
      afternoon.filter((i) => i.at < h && (k === 0 || i.at >= hours[k - 1])),
    );
    expect(slices.flat()).toHaveLength(afternoon.length);
    // Each item answered as the plan says: created, or refused with why; sent again, a created one is a duplicate.
    const answered = (res: { statusCode: number; body: string; json(): unknown }, again: boolean) => {
      expect(res.statusCode, res.body).toBe(200);
      for (const r of (res.json() as { results: { client_id: string; status: string; message?: string }[] })
        .results) {
        const why = refusal.get(r.client_id);
        if (why) expect(r).toMatchObject({ status: 'rejected', message: why });
        else expect(r.status, r.client_id).toBe(again ? 'duplicate' : 'created');
      }
    };
    for (let k = 0; k < slices.length; k++) {
      const first = await syncAt(hours[k], slices[k]);
      if (k === 1) continue; // its answer is lost
      answered(first, false);
      answered(await syncAt(hours[k] + MIN, slices[k]), true);
      if (k === 2) answered(await syncAt(hours[k] + 2 * MIN, slices[1]), true);
    }

    // Every genuine punch once, at its true time, with the device's own time kept beside it.
    const rows = await t.db
      .selectFrom('punches')
      .select([
        'employee_ref',
        'type',
        'time_in',
        'time_out',
        'device_time_in',
        'clock_correction_in',
        'client_id',
        'deleted_at',
      ])
      .where('account_id', '=', owner.accountId)
      .execute();
    expect(rows.filter((r) => r.deleted_at)).toEqual([]);
    const got = rows.map((r) => [r.employee_ref, r.type, r.time_in, r.time_out].join(' ')).sort();
    expect(got.length).toBe(expectedRows.length);
    expect(got).toEqual(expectedRows.sort());
    const byClientId = new Map(all.map((i) => [i.client_id, i]));
    for (const r of rows.filter((x) => x.type === 'None')) {
      const i = byClientId.get(r.client_id)!;
      expect(r.device_time_in).toBe(iso(deviceMs(i)));
      expect(r.clock_correction_in).toBe(i.boot === 'A' ? -3600 : 3600);
    }

    // Nothing paid twice: no employee's work overlaps, and each one's worked and paid minutes are the plan's.
    const work = new Map<number, [number, number][]>();
    for (const r of rows.filter((x) => x.type === 'None'))
      work.set(r.employee_ref, [
        ...(work.get(r.employee_ref) ?? []),
        [Date.parse(r.time_in), r.time_out ? Date.parse(r.time_out) : Infinity],
      ]);
    for (const spans of work.values()) {
      spans.sort((a, b) => a[0] - b[0]);
      for (let k = 1; k < spans.length; k++) expect(spans[k][0]).toBeGreaterThanOrEqual(spans[k - 1][1]);
    }
    const report = await call(owner, 'POST', '/getdata', {
      reportname: 'Payroll Summary',
      start_date: '2026-02-28',
      end_date: '2026-03-06',
      show_deleted_employees: 1,
      page_size: 1000,
    });
    expect(report.statusCode, report.body).toBe(200);
    const paid = new Map(
      (report.json().data as { employee_id: string; worked: number; paid: number }[]).map((r) => [
        r.employee_id,
        { worked: r.worked, paid: r.paid },
      ]),
    );
    for (const p of people)
      expect(paid.get(p.code) ?? { worked: 0, paid: 0 }, p.code).toEqual(
        minutes.get(p.ref) ?? { worked: 0, paid: 0 },
      );

    // Every refused item listed for review once, with why: in the activity log, and in Punch issues page by page.
    const logged: [string, string][] = [];
    for (const action of ['punch.rejected', 'punch.conflict']) {
      let cursor: string | null = null;
      do {
        const q: string = `/api/activity-logs?action=${action}&limit=200&count=false${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await call(owner, 'GET', q);
        expect(page.statusCode, page.body).toBe(200);
        for (const row of page.json().data as { details: string }[]) {
          const d = JSON.parse(row.details) as { reason: string; punch: { client_id: string } };
          logged.push([d.punch.client_id, d.reason]);
        }
        cursor = page.json().next_cursor;
      } while (cursor);
    }
    expect(logged.sort()).toEqual([...refusal.entries()].sort());
    const issues: { reason: string; kind: string; device_time: string; employee_id: string }[] = [];
    let before: number | null = null;
    do {
      const page = await call(owner, 'GET', `/api/punch-conflicts${before ? `?before=${before}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      issues.push(...page.json().data);
      before = page.json().next_before;
    } while (before);
    expect(issues.length).toBe(refusal.size);
    const byDevice = new Map(all.map((i) => [`${i.person.code} ${i.kind} ${iso(deviceMs(i))}`, i]));
    for (const issue of issues) {
      const i = byDevice.get(`${issue.employee_id} ${issue.kind} ${issue.device_time}`);
      expect(i, JSON.stringify(issue)).toBeDefined();
      expect(issue.reason).toBe(refusal.get(i!.client_id));
    }
    // The hand-over's answers add up to the plan: each item once, the lost and doubled batches adding nothing.
    const sum = (k: 'applied' | 'recorded') => answers.reduce((s, a) => s + a[k], 0);
    expect(sum('recorded')).toBe(queued.filter((i) => refusal.has(i.client_id)).length);
    expect(sum('applied')).toBe(queued.filter((i) => !refusal.has(i.client_id)).length);

    // The ledger: every punch write and activity entry chained, and intact.
    now(dayStart(7));
    const verify = await call(owner, 'GET', '/api/audit/verify');
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ ok: true });
  }, 180_000);
});
