import { type ClockSyncItem as SyncItem, isLateSync, messages } from '@punchclock/contract';
import type { Caller } from '../../auth/access';
import { AppError } from '../../lib/errors';
import type { PeriodLocks } from '../pay-periods/period-locks.repository';
import { punchBook } from '../punches/punch-book';
import type { NewPunch, ShiftClose } from '../punches/punches.repository';
import { syncStatusOf, validatePunch } from '../punches/rules/validate-punch';
import { type ClockIdentity, unsigned } from './clock-identity';
import type { ClockRepos } from './clock-repos';
import type { ClockEmployee, ClockRepository } from './clock.repository';
import { clockInRow, keepPosition, requireClockSettings, type ClockSettings } from './clock-rows';
import { type BatchClock, deviceClock } from './station-clock';

// One offline sync batch in one transaction (issue 11), in named steps: read what the batch needs at once
// (readBatch), run every item in device-time order against it (runItem), then write the accepted punches
// (writeCloses, writeOpens) and log the refusals (logRefusals), each with multi-row statements.

type SyncStatus = 'created' | 'duplicate' | 'conflict' | 'rejected';
type Result = { client_id: string; status: SyncStatus; message?: string; punch_id?: number };

/** What the batch runs in: who sends it, the account's clock settings, and when it arrived. */
interface BatchContext {
  identity: ClockIdentity;
  caller: Caller;
  settings: ClockSettings;
  receivedAt: string;
  /** Each item's instant: its device time, corrected when its station's clock was off (station-clock.ts). */
  clock: BatchClock;
}

/**
 * One sync batch in one transaction (issue 11): its employees are read once and locked (PostgreSQL), its
 * client ids and its employees' current punches are read once, then every item runs the same checks as a
 * live punch — identify (PIN lock included), the clock settings and validatePunch — in device-time order
 * against that state kept up to date in memory (punchBook). Accepted punches are written at the end with
 * multi-row INSERTs (a clock-out closing a clock-in of the same batch is written as one closed row), shifts
 * open before the batch are closed with closeShift, and refusals are logged with multi-row INSERTs.
 */
export async function syncBatch(
  identity: ClockIdentity,
  caller: Caller,
  ordered: SyncItem[],
  r: ClockRepos,
  settings: ClockSettings,
  receivedAt: string,
  clock: BatchClock = deviceClock,
): Promise<Result[]> {
  const ctx: BatchContext = { identity, caller, settings, receivedAt, clock };
  const read = await readBatch(ctx, ordered, r);
  const ledger = batchLedger(caller, ordered, clock);
  for (const item of ordered) await runItem(ctx, read, ledger, item);
  // Shifts open before the batch first (one per employee at most), then the batch's own rows.
  await writeCloses(r, caller.accountId, ledger);
  await writeOpens(r, caller.accountId, ledger);
  await logRefusals(r, caller.accountId, ledger, read.refusedBefore);
  return ledger.results;
}

/** What every item of the batch is checked against, read before the first runs. */
interface BatchRead {
  /** The repositories with the batch's employee look-ups cached (employeeCache). */
  repos: ClockRepos;
  /** Client ids the server already has, each with its punch's employee. */
  known: Map<string, number>;
  /** Client ids refused before (an earlier send of the batch whose answer was lost), with their answer. */
  refusedBefore: Awaited<ReturnType<ClockRepository['refusedBefore']>>;
  book: ReturnType<typeof punchBook>;
  /** The account's approved periods, asked by the locked-period rule (its zone read once for the batch). */
  locks: PeriodLocks;
}

/**
 * The batch's employees (by badge, by code, or the caller's own), read at once and locked (in id order, so two
 * batches cannot deadlock); its client ids known or refused before; its employees' punches from its earliest
 * device time on.
 */
async function readBatch(ctx: BatchContext, ordered: SyncItem[], r: ClockRepos): Promise<BatchRead> {
  const { caller } = ctx;
  const accountId = caller.accountId;
  const employees = employeeCache();
  const badgeRefs = ordered
    .map((i) => (i.badge ? ctx.identity.claimsOf(i.badge) : null))
    .filter((c) => c !== null && c.accountId === accountId)
    .map((c) => c!.employeeRef);
  const codes = ordered.flatMap((i) => (i.employee_id && !i.badge ? [i.employee_id] : []));
  const ids = caller.employeeRef ? [...badgeRefs, caller.employeeRef] : badgeRefs;
  const found = await r.clock.employeesOf(accountId, codes, ids);
  // Employees deleted since (docs/RULES.md#revocations-while-offline): their punches made before still count.
  const former = await r.clock.formerEmployeesOf(accountId, codes, ids);
  employees.preload(found, codes, ids, former);
  const refs = [...found, ...former].map((e) => e.id);
  await r.punches.lockEmployees(accountId, refs);
  const known = await r.punches.knownClientIds(
    accountId,
    ordered.map((i) => i.client_id),
  );
  const refusedBefore = await r.clock.refusedBefore(
    accountId,
    ordered.map((i) => i.client_id),
  );
  const earliest = ordered.reduce((min, i) => {
    const at = ctx.clock.at(i);
    return at < min ? at : min;
  }, ctx.receivedAt);
  const book = punchBook(await r.punches.bookOf(accountId, refs, earliest));
  const locks = r.periodLocks.of(accountId);
  return { repos: { ...r, clock: employees.over(r.clock) }, known, refusedBefore, book, locks };
}

/** The batch's answers so far, and the writes and log rows it collects while its items run. */
function batchLedger(caller: Caller, ordered: SyncItem[], clock: BatchClock) {
  const results: Result[] = [];
  /** The batch's client ids so far, each with the employee its item names. */
  const seen = new Map<string, number | undefined>();
  const refusals: { userId: number | null; action: string; details: unknown }[] = [];
  /** Clock-ins to insert, by pending id; a clock-out of the same batch closes the row before it is written. */
  const pending = new Map<number, { row: NewPunch; results: Result[] }>();
  const closes: { employeeRef: number; shiftId: number; out: ShiftClose; result: Result }[] = [];

  /** A refused item: answered, and logged with the whole punch (its PIN left out, its badge unsigned). */
  const refuse = (item: SyncItem, status: 'conflict' | 'rejected', message: string): Result => {
    refusals.push({
      userId: caller.userId,
      action: `punch.${status}`,
      details: {
        reason: message,
        station_id: caller.stationId,
        punch: { ...item, pin: undefined, badge: unsigned(item.badge) },
        // The item's true instant (its device time corrected for the station's clock): what accepting it uses.
        ...(clock.correction(item) !== null && { corrected_time: clock.at(item) }),
      },
    });
    return { client_id: item.client_id, status, message };
  };

  /** A punch that passed the checks but was not written: answered and logged as a conflict. */
  const unwritten = (res: Result, kind: 'in' | 'out') => {
    const item = ordered.find((i) => i.client_id === res.client_id)!;
    const refused = refuse(
      item,
      'conflict',
      kind === 'in' ? messages.clock.alreadyClockedInServer : messages.clock.notClockedIn,
    );
    delete res.punch_id;
    Object.assign(res, refused);
  };

  return { results, seen, refusals, pending, closes, refuse, unwritten };
}
type Ledger = ReturnType<typeof batchLedger>;

/** One item: a replay, a refusal answered before, a rejection, a conflict, or a punch kept for the writes. */
async function runItem(ctx: BatchContext, read: BatchRead, ledger: Ledger, item: SyncItem) {
  if (await answeredBefore(ctx, read, ledger, item)) return;
  const at = ctx.clock.at(item);
  const employee = await identifyItem(ctx, read, ledger, item, at);
  if (!employee) return;
  const checked = await validatePunch(
    {
      kind: item.kind,
      employeeRef: employee.id,
      timeIn: at,
      timeOut: item.kind === 'out' ? at : null,
      type: 'None',
      deviceTime: at,
    },
    { now: ctx.receivedAt, attendanceOnly: false, lookups: read.book.lookups, locks: read.locks },
  );
  if (!checked.ok) {
    ledger.results.push(ledger.refuse(item, syncStatusOf(checked.refusal), checked.refusal.message));
    return;
  }
  const result: Result = { client_id: item.client_id, status: 'created' };
  ledger.results.push(result);
  const kept: Kept = { item, employee, at, result };
  if (item.kind === 'in') keepClockIn(ctx, read, ledger, kept);
  else keepClockOut(ctx, read, ledger, kept);
}

/**
 * Whether the item's client id was answered already: by the server (a punch it has) or earlier in the batch, or
 * refused when this batch came before (its answer was lost: the same answer, checked and logged once).
 */
async function answeredBefore(ctx: BatchContext, read: BatchRead, ledger: Ledger, item: SyncItem) {
  const { known, refusedBefore } = read;
  const { seen, results } = ledger;
  const named = await ctx.identity.namedEmployeeRef(ctx.caller, item, read.repos);
  if (known.has(item.client_id) || seen.has(item.client_id)) {
    const owner = known.has(item.client_id) ? known.get(item.client_id) : seen.get(item.client_id);
    // Another employee's punch with this id is refused: 'duplicate' would make the device drop this punch.
    if (owner !== named) results.push(ledger.refuse(item, 'rejected', messages.clock.clientIdTaken));
    else results.push({ client_id: item.client_id, status: 'duplicate' });
    return true;
  }
  seen.set(item.client_id, named);
  const before = refusedBefore.get(item.client_id);
  if (before) results.push({ client_id: item.client_id, ...before });
  return !!before;
}

/**
 * The item's employee, as a live punch identifies them but as of the item's instant `at` (a badge replaced, an
 * employee deleted or their App Login removed after it still counts), under the clock settings; else it is
 * rejected.
 */
async function identifyItem(ctx: BatchContext, read: BatchRead, ledger: Ledger, item: SyncItem, at: string) {
  try {
    const { employee } = await ctx.identity.identify(ctx.caller, item, read.repos, true, at);
    requireClockSettings(ctx.settings, item.kind, item);
    return employee;
  } catch (e) {
    if (e instanceof AppError) {
      ledger.results.push(ledger.refuse(item, 'rejected', e.message));
      return undefined;
    }
    throw e;
  }
}

/** An accepted item: its employee, its instant (the device's time) and its answer. */
type Kept = { item: SyncItem; employee: ClockEmployee; at: string; result: Result };

/** An accepted clock-in: a new open shift in the book, its row written at the end (writeOpens). */
function keepClockIn(ctx: BatchContext, read: BatchRead, ledger: Ledger, kept: Kept) {
  const { item, employee, at, result } = kept;
  const id = read.book.open(employee.id, at);
  const row = clockInRow(ctx.caller, employee, ctx.settings, item, at, ctx.receivedAt);
  // device_time_in keeps the device's own time; time_in and late_sync go by the corrected instant.
  const correction = ctx.clock.correction(item);
  if (correction !== null) Object.assign(row, { clock_correction_in: correction });
  row.late_sync = isLateSync(at, ctx.receivedAt) ? 1 : 0;
  ledger.pending.set(id, { row, results: [result] });
}

/**
 * An accepted clock-out: it closes a clock-in of this batch before that row is written, or a shift open before
 * the batch (writeCloses).
 */
function keepClockOut(ctx: BatchContext, read: BatchRead, ledger: Ledger, kept: Kept) {
  const { item, employee, at, result } = kept;
  const out: ShiftClose = {
    time_out: at,
    clock_out_client_id: item.client_id,
    device_time_out: item.device_time,
    received_out_at: ctx.receivedAt,
    station_out_id: ctx.caller.stationId,
    ...outPosition(keepPosition(ctx.settings, item)),
    ...(isLateSync(at, ctx.receivedAt) ? { late_sync: 1 } : {}),
  };
  const correction = ctx.clock.correction(item);
  if (correction !== null) out.clock_correction_out = correction;
  const shiftId = read.book.close(employee.id, at) as number;
  const opened = ledger.pending.get(shiftId);
  if (opened) {
    Object.assign(opened.row, out);
    opened.results.push(result);
  } else ledger.closes.push({ employeeRef: employee.id, shiftId, out, result });
}

/** Shifts open before the batch, each closed by its clock-out (one per employee at most). */
async function writeCloses(r: ClockRepos, accountId: number, ledger: Ledger) {
  for (const c of ledger.closes) {
    const row = await r.punches.closeShift(accountId, c.employeeRef, c.out);
    if (row) c.result.punch_id = row.id;
    else ledger.unwritten(c.result, 'out');
  }
}

/** The batch's own rows (clock-ins, closed by their clock-out when the batch holds it), with multi-row INSERTs. */
async function writeOpens(r: ClockRepos, accountId: number, ledger: Ledger) {
  const rows = [...ledger.pending.values()];
  const written = new Map(
    (
      await r.punches.insertMany(
        accountId,
        rows.map((p) => p.row),
      )
    ).map((w) => [w.client_id, w.id]),
  );
  for (const p of rows) {
    const id = written.get(p.row.client_id);
    if (id !== undefined) for (const res of p.results) res.punch_id = id;
    else {
      // Not written: the client id arrived meanwhile (a concurrent retry), or the database refused the row.
      const [inResult, ...outResults] = p.results;
      if (await r.punches.byClientId(accountId, inResult.client_id))
        Object.assign(inResult, { status: 'duplicate' });
      else ledger.unwritten(inResult, 'in');
      for (const res of outResults) ledger.unwritten(res, 'out');
    }
  }
}

/** The refusals in the activity log, and remembered by client id so a resend answers the same. */
async function logRefusals(
  r: ClockRepos,
  accountId: number,
  ledger: Ledger,
  refusedBefore: BatchRead['refusedBefore'],
) {
  if (!ledger.refusals.length) return;
  await r.clock.recordActivities(accountId, ledger.refusals);
  await r.clock.rememberRefusals(
    accountId,
    ledger.results.flatMap((res) =>
      (res.status === 'conflict' || res.status === 'rejected') && !refusedBefore.has(res.client_id)
        ? [{ client_id: res.client_id, status: res.status, message: res.message ?? '' }]
        : [],
    ),
  );
}

/**
 * A sync batch looks each employee up once: the same people punch many times in one offline queue. Only the
 * look-ups are cached (for this batch); PINs and rules are still checked for every item.
 */
function employeeCache() {
  const byCode = new Map<string, Promise<ClockEmployee | undefined>>();
  const byId = new Map<number, Promise<ClockEmployee | undefined>>();
  const remember = <K>(
    map: Map<K, Promise<ClockEmployee | undefined>>,
    key: K,
    load: () => Promise<ClockEmployee | undefined>,
  ) => {
    let found = map.get(key);
    if (!found) map.set(key, (found = load()));
    return found;
  };
  return {
    /**
     * The batch's employees read at once (employeesOf); codes and ids asked but not found stay unknown, unless a
     * deleted employee had them (`former`, latest deletion first): identify takes only their earlier punches.
     */
    preload(found: ClockEmployee[], codes: string[], ids: number[], former: ClockEmployee[] = []) {
      for (const c of codes) byCode.set(c, Promise.resolve(undefined));
      for (const id of ids) byId.set(id, Promise.resolve(undefined));
      for (const e of [...former].reverse()) {
        byCode.set(e.employee_id, Promise.resolve(e));
        byId.set(e.id, Promise.resolve(e));
      }
      for (const e of found) {
        byCode.set(e.employee_id, Promise.resolve(e));
        byId.set(e.id, Promise.resolve(e));
      }
    },
    over: (clock: ClockRepository): ClockRepository => ({
      ...clock,
      employeeByCode: (accountId, code) =>
        remember(byCode, code, () => clock.employeeByCode(accountId, code)),
      employeeById: (accountId, id) => remember(byId, id, () => clock.employeeById(accountId, id)),
    }),
  };
}

const outPosition = (p: { latitude: number | null; longitude: number | null; accuracy: number | null }) => ({
  latitude_out: p.latitude,
  longitude_out: p.longitude,
  accuracy_out: p.accuracy,
});
