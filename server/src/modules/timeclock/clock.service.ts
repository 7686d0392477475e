import { randomUUID } from 'node:crypto';
import { isLateSync, messages, type ClockBody, type SyncItem, type UnsentBody } from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import type { UnitOfWork } from '../unit-of-work';
import { verifyBadge } from '../../lib/badges';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { clockUnit, savePunch } from '../punches/punch-store';
import type { NewPunch, PunchRow, ShiftClose } from '../punches/punches.repository';
import { punchBook } from '../punches/punch-book';
import { refusalError, syncStatusOf, validatePunch } from '../punches/rules/validate-punch';
import { timeRulesOf } from '../time/time-rules';
import { splitMinutes, workedMinutes } from '../time/worked';
import type { ClockRepos } from './clock-repos';
import type { ClockEmployee, ClockRepository } from './clock.repository';
import type { PinLock } from './pin-lock';
import { clockInRow, keepPosition, requireClockSettings, type ClockSettings } from './clock-rows';

type Identity = { employee_id?: string; badge?: string; pin?: string };
type SyncStatus = 'created' | 'duplicate' | 'conflict' | 'rejected';

/**
 * The log keeps which badge was shown (account, employee, version) but not its signature: the log is
 * exported as CSV, and a signed badge is a credential that punches.
 */
const unsigned = (badge?: string) => badge?.replace(/\.[a-f0-9]{32}$/, '.redacted');

export function clockService(deps: {
  repos: ClockRepos;
  inTransaction: UnitOfWork<ClockRepos>;
  appSecret: string;
  pins: PinLock;
  /** A station of the account, revoked or not. */
  stationOf: (
    accountId: number,
    id: number,
  ) => Promise<{ id: number; revoked_at: string | null } | undefined>;
}) {
  const { repos, inTransaction, appSecret, pins, stationOf } = deps;

  async function settingsOf(accountId: number, r: ClockRepos = repos): Promise<ClockSettings> {
    const row = await r.settings.read(accountId);
    return { ...row, rules: timeRulesOf(row) };
  }

  /**
   * Who is punching, inside the caller's account only. An employee's own login (scope `own`) clocks only
   * themself and needs no PIN (they signed in with a password); a station or manager names anyone with App
   * Login, by badge or by Employee ID (and PIN where the employee uses one).
   */
  async function identify(caller: Caller, id: Identity, r: ClockRepos = repos, checkPin = true) {
    const scope = requireAccess(caller, 'clock:punch', { forbiddenMessage: messages.clock.selfNotAllowed });
    if (scope === 'own') {
      const e = caller.employeeRef
        ? await r.clock.employeeById(caller.accountId, caller.employeeRef)
        : undefined;
      if (!e || (id.employee_id && id.employee_id !== e.employee_id) || id.badge)
        throw forbidden(messages.clock.selfOnly, 'clock.self_only');
      if (e.status === 'inactive') throw forbidden(messages.clock.selfNotAllowed, 'clock.not_allowed');
      return { employee: e, pinNeeded: false };
    }
    const { employee, byBadge } = await findEmployee(caller, id, r);
    if (employee.status === 'inactive' || !employee.permission_app)
      throw forbidden(messages.clock.notAllowed, 'clock.not_allowed');
    const pinNeeded = !byBadge && !!employee.use_card_or_pin && !!employee.pin;
    if (pinNeeded && checkPin) await pins.check(pinPlace(caller), employee, id.pin);
    return { employee, pinNeeded };
  }

  async function findEmployee(caller: Caller, id: Identity, r: ClockRepos) {
    if (id.badge) {
      const claims = verifyBadge(appSecret, id.badge);
      const employee =
        claims && claims.accountId === caller.accountId
          ? await r.clock.employeeById(caller.accountId, claims.employeeRef)
          : undefined;
      // A regenerated badge bumps badge_version: older cards stop working.
      if (!employee || employee.badge_version !== claims?.version)
        throw notFound(messages.clock.badgeInvalid, 'clock.badge_invalid');
      return { employee, byBadge: true };
    }
    const employee = id.employee_id
      ? await r.clock.employeeByCode(caller.accountId, id.employee_id)
      : undefined;
    if (!employee) throw notFound(messages.clock.invalidEmployeeId, 'clock.employee_unknown');
    return { employee, byBadge: false };
  }

  /** Who punches, and the account's settings: two reads at once (they share their turn's queries, db/turn-batch). */
  const identifyWithSettings = (caller: Caller, id: Identity) =>
    Promise.all([identify(caller, id), settingsOf(caller.accountId)]);

  /**
   * The punch a retried client id already made, when it is this employee's. Another employee's punch with the id
   * is refused, not answered: it would tell this employee they punched when nothing was written for them (and
   * show them a colleague's punch).
   */
  const ownReplay = (existing: PunchRow | undefined, employee: ClockEmployee) => {
    if (existing && existing.employee_ref !== employee.id)
      throw conflict(messages.clock.clientIdTaken, undefined, 'clock.client_id_taken');
    return existing;
  };
  /** The same, answering nothing for another employee's punch (the caller's own refusal is the answer then). */
  const ownOnly = (existing: PunchRow | undefined, employee: ClockEmployee) =>
    existing?.employee_ref === employee.id ? existing : undefined;

  /**
   * The employee a sync item names, without its PIN or badge version checked: enough to tell a replay of this
   * employee's punch from another employee's punch that has the same client id.
   */
  async function namedEmployeeRef(caller: Caller, item: SyncItem, r: ClockRepos) {
    if (item.badge) {
      const claims = verifyBadge(appSecret, item.badge);
      return claims && claims.accountId === caller.accountId ? claims.employeeRef : undefined;
    }
    if (item.employee_id) return (await r.clock.employeeByCode(caller.accountId, item.employee_id))?.id;
    return caller.employeeRef ?? undefined;
  }

  /** Wrong PINs count per employee and place: the station, or the manager's own clock page. */
  const pinPlace = (caller: Caller) => (caller.stationId ? `${caller.stationId}` : `user${caller.userId}`);

  const clockInAnswer = (employee: ClockEmployee, p: PunchRow) => ({
    message: messages.clock.clockedIn,
    punch: { id: p.id, employee_id: employee.employee_id, time_in: p.time_in },
  });

  /** The clock-out answer: the shift's worked time by the one definition (modules/time), none in Attendance Only. */
  const clockOutAnswer = (employee: ClockEmployee, p: PunchRow, settings: ClockSettings) => {
    const timeOut = p.time_out as string;
    const worked = settings.rules.attendanceOnly
      ? { hours: null, minutes: null, total_minutes: null }
      : splitMinutes(workedMinutes({ timeIn: p.time_in, timeOut }, settings.rules));
    return {
      message: messages.clock.clockedOut,
      ...worked,
      time_out: timeOut,
      punch: { id: p.id, employee_id: employee.employee_id, time_in: p.time_in, time_out: timeOut },
    };
  };

  return {
    async checkEmployee(caller: Caller, id: Identity) {
      const { employee: e, pinNeeded } = await identify(caller, id, repos, false);
      if (pinNeeded && id.pin) await pins.check(pinPlace(caller), e, id.pin);
      const open = await repos.punches.openShift(caller.accountId, e.id);
      return {
        message: messages.clock.employeeChecked,
        employee: { id: e.id, employee_id: e.employee_id, name: e.name, department_name: e.department_name },
        clocked_in: !!open,
        clock_in_time: open?.time_in ?? null,
        needs_pin: pinNeeded,
      };
    },

    /**
     * Idempotent on client_id: a retried clock-in answers the punch it already made. The happy path asks nothing
     * first: a replayed client id is found only when the punch is not written (the unique index refuses it).
     */
    async clockIn(caller: Caller, body: ClockBody) {
      const clientId = body.client_id ?? randomUUID();
      const [{ employee }, settings] = await identifyWithSettings(caller, body);
      const made = async (pick = ownReplay) =>
        body.client_id
          ? pick(await repos.punches.byClientId(caller.accountId, clientId), employee)
          : undefined;
      try {
        requireClockSettings(settings, 'in', body);
      } catch (e) {
        // A retry of this employee's punch made before the setting changed still answers it; else the setting's refusal.
        const existing = await made(ownOnly);
        if (existing) return clockInAnswer(employee, existing);
        throw e;
      }
      const at = nowIso();
      const row = clockInRow(caller, employee, settings, { ...body, client_id: clientId }, at, at);
      const saved = await inTransaction(
        (r) =>
          savePunch(r, caller, {
            candidate: { kind: 'in', employeeRef: employee.id, timeIn: at, timeOut: null, type: 'None' },
            now: at,
            attendanceOnly: false,
            write: () => r.punches.insertIfFree(caller.accountId, row),
            activity: (p) => ({
              action: 'punch.clock_in',
              details: { punch_id: p.id, time_in: p.time_in, station_id: caller.stationId },
            }),
          }),
        clockUnit({ accountId: caller.accountId, employeeRef: employee.id, at }),
      );
      if (saved.ok) return clockInAnswer(employee, saved.row);
      // Not written: a retry of a punch already made (or a concurrent retry that won), or a shift is open.
      const existing = await made();
      if (existing) return clockInAnswer(employee, existing);
      throw saved.refusal
        ? refusalError(saved.refusal)
        : refusalError({
            code: 'punch.shift_open',
            message: messages.clock.alreadyClockedInServer,
            status: 409,
          });
    },

    /** Idempotent on client_id like clockIn: a replayed client id is looked up only when nothing was written. */
    async clockOut(caller: Caller, body: ClockBody) {
      const clientId = body.client_id ?? randomUUID();
      const [{ employee }, settings] = await identifyWithSettings(caller, body);
      const made = async (pick = ownReplay) =>
        body.client_id
          ? pick(await repos.punches.byClockOutClientId(caller.accountId, clientId), employee)
          : undefined;
      try {
        requireClockSettings(settings, 'out', body);
      } catch (e) {
        // A retry of this employee's punch made before the setting changed still answers it; else the setting's refusal.
        const existing = await made(ownOnly);
        if (existing) return clockOutAnswer(employee, existing, settings);
        throw e;
      }
      const at = nowIso();
      const pos = keepPosition(settings, body);
      const saved = await inTransaction(
        (r) =>
          savePunch(r, caller, {
            candidate: { kind: 'out', employeeRef: employee.id, timeIn: at, timeOut: at, type: 'None' },
            now: at,
            attendanceOnly: false,
            write: () =>
              r.punches.closeShift(caller.accountId, employee.id, {
                time_out: at,
                clock_out_client_id: clientId,
                device_time_out: body.device_time ?? null,
                received_out_at: at,
                station_out_id: caller.stationId,
                latitude_out: pos.latitude,
                longitude_out: pos.longitude,
                accuracy_out: pos.accuracy,
              }),
            activity: (p) => ({
              action: 'punch.clock_out',
              details: { punch_id: p.id, time_out: at, station_id: caller.stationId },
            }),
          }),
        clockUnit({ accountId: caller.accountId, employeeRef: employee.id, at }),
      );
      if (saved.ok) return clockOutAnswer(employee, saved.row, settings);
      const existing = await made();
      if (existing) return clockOutAnswer(employee, existing, settings);
      throw saved.refusal
        ? refusalError(saved.refusal)
        : refusalError({ code: 'punch.not_clocked_in', message: messages.clock.notClockedIn, status: 409 });
    },

    /**
     * The punches a revoked pairing of a tablet could not send, handed over by its new pairing (or a manager) of the
     * same account, naming the revoked station. None is applied: a revoked station's punches are not believed by
     * themselves (and any station of the account could name it). Each is logged as 'punch.rejected' with why, so
     * it is listed in Punches that need attention for a manager to enter by hand, and remembered by client id:
     * handing it over again, or a sync of it, adds nothing. A punch the server has after all (sent before the
     * revoke was answered) is left out.
     */
    async handOver(caller: Caller, body: UnsentBody) {
      requireAccess(caller, 'clock:punch');
      const revoked = await stationOf(caller.accountId, body.revoked_station_id);
      if (!revoked?.revoked_at)
        throw notFound(messages.clock.revokedPairingUnknown, 'clock.revoked_pairing_unknown');
      const accountId = caller.accountId;
      const reason = messages.clock.madeBeforeRevoke;
      const recorded = await inTransaction(async (r) => {
        const ids = body.punches.map((p) => p.client_id);
        const [known, before] = await Promise.all([
          r.punches.knownClientIds(accountId, ids),
          r.clock.refusedBefore(accountId, ids),
        ]);
        const fresh = [
          ...new Map(
            body.punches
              .filter((p) => !known.has(p.client_id) && !before.has(p.client_id))
              .map((p) => [p.client_id, p]),
          ).values(),
        ];
        await r.clock.recordActivities(
          accountId,
          fresh.map((item) => ({
            userId: caller.userId,
            action: 'punch.rejected',
            details: {
              reason,
              station_id: revoked.id,
              punch: { ...item, pin: undefined, badge: unsigned(item.badge) },
            },
          })),
        );
        await r.clock.rememberRefusals(
          accountId,
          fresh.map((p) => ({ client_id: p.client_id, status: 'rejected' as const, message: reason })),
        );
        return fresh.length;
      });
      return { message: messages.clock.unsentHandedOver(recorded), recorded };
    },

    /**
     * Offline punches, in device-time order. The device's time is the punch time (it says when the person
     * arrived); the receipt time and the station are kept beside it.
     *
     * Conflict rule: a punch that contradicts the employee's punches when it arrives — an 'in' while a shift
     * is open (e.g. clocked in at another station) or inside another punch, an 'out' with no open shift, an
     * 'out' before its clock-in, or a shift that would overlap another punch (e.g. a manual one) — changes no
     * shift. It is answered 'conflict' and written to the activity log as 'punch.conflict' with the whole
     * punch, where a manager sees it and fixes it by hand; it never becomes a second paid interval. Items the
     * server cannot believe (a device clock in the future, older than 31 days, a wrong or locked-out PIN) are
     * 'rejected' and logged as 'punch.rejected'. Nothing is dropped silently. Replayed items answer
     * 'duplicate' and write nothing. Wrong PINs count against the same lock as live punches.
     */
    async sync(caller: Caller, items: SyncItem[]) {
      requireAccess(caller, 'clock:punch');
      const receivedAt = nowIso();
      const settings = await settingsOf(caller.accountId);
      const ordered = [...items].sort((a, b) => Date.parse(a.device_time) - Date.parse(b.device_time));
      const results = await inTransaction((r) => syncBatch(caller, ordered, r, settings, receivedAt));
      if (caller.stationId) await repos.clock.touchSync(caller.accountId, caller.stationId, receivedAt);
      return { results, last_sync_at: receivedAt };
    },
  };

  /**
   * One sync batch in one transaction (issue 11): its employees are read once and locked (PostgreSQL), its
   * client ids and its employees' current punches are read once, then every item runs the same checks as a
   * live punch — identify (PIN lock included), the clock settings and validatePunch — in device-time order
   * against that state kept up to date in memory (punchBook). Accepted punches are written at the end with
   * multi-row INSERTs (a clock-out closing a clock-in of the same batch is written as one closed row), shifts
   * open before the batch are closed with closeShift, and refusals are logged with multi-row INSERTs.
   */
  async function syncBatch(
    caller: Caller,
    ordered: SyncItem[],
    r: ClockRepos,
    settings: ClockSettings,
    receivedAt: string,
  ) {
    type Result = { client_id: string; status: SyncStatus; message?: string; punch_id?: number };
    const accountId = caller.accountId;
    const employees = employeeCache();
    const badgeRefs = ordered
      .map((i) => (i.badge ? verifyBadge(appSecret, i.badge) : null))
      .filter((c) => c !== null && c.accountId === accountId)
      .map((c) => c!.employeeRef);
    const codes = ordered.flatMap((i) => (i.employee_id && !i.badge ? [i.employee_id] : []));
    const ids = caller.employeeRef ? [...badgeRefs, caller.employeeRef] : badgeRefs;
    const found = await r.clock.employeesOf(accountId, codes, ids);
    employees.preload(found, codes, ids);
    const rr = { ...r, clock: employees.over(r.clock) };
    const refs = found.map((e) => e.id);
    await r.punches.lockEmployees(accountId, refs);
    const known = await r.punches.knownClientIds(
      accountId,
      ordered.map((i) => i.client_id),
    );
    const refusedBefore = await r.clock.refusedBefore(
      accountId,
      ordered.map((i) => i.client_id),
    );
    const earliest = ordered.length ? new Date(ordered[0].device_time).toISOString() : receivedAt;
    const book = punchBook(await r.punches.bookOf(accountId, refs, earliest));

    const results: Result[] = [];
    /** The batch's client ids so far, each with the employee its item names. */
    const seen = new Map<string, number | undefined>();
    const refusals: { userId: number | null; action: string; details: unknown }[] = [];
    /** Clock-ins to insert, by pending id; a clock-out of the same batch closes the row before it is written. */
    const pending = new Map<number, { row: NewPunch; results: Result[] }>();
    const closes: { employeeRef: number; shiftId: number; out: ShiftClose; result: Result }[] = [];

    const refuse = (item: SyncItem, status: 'conflict' | 'rejected', message: string): Result => {
      refusals.push({
        userId: caller.userId,
        action: `punch.${status}`,
        details: {
          reason: message,
          station_id: caller.stationId,
          punch: { ...item, pin: undefined, badge: unsigned(item.badge) },
        },
      });
      return { client_id: item.client_id, status, message };
    };

    for (const item of ordered) {
      const named = await namedEmployeeRef(caller, item, rr);
      if (known.has(item.client_id) || seen.has(item.client_id)) {
        const owner = known.has(item.client_id) ? known.get(item.client_id) : seen.get(item.client_id);
        // Another employee's punch with this id is refused: 'duplicate' would make the device drop this punch.
        if (owner !== named) results.push(refuse(item, 'rejected', messages.clock.clientIdTaken));
        else results.push({ client_id: item.client_id, status: 'duplicate' });
        continue;
      }
      seen.set(item.client_id, named);
      // Refused when this batch came before (its answer was lost): the same answer, checked and logged once.
      const before = refusedBefore.get(item.client_id);
      if (before) {
        results.push({ client_id: item.client_id, ...before });
        continue;
      }
      let employee: ClockEmployee;
      try {
        employee = (await identify(caller, item, rr)).employee;
        requireClockSettings(settings, item.kind, item);
      } catch (e) {
        if (e instanceof AppError) {
          results.push(refuse(item, 'rejected', e.message));
          continue;
        }
        throw e;
      }
      const at = new Date(item.device_time).toISOString();
      const checked = await validatePunch(
        {
          kind: item.kind,
          employeeRef: employee.id,
          timeIn: at,
          timeOut: item.kind === 'out' ? at : null,
          type: 'None',
          deviceTime: at,
        },
        { now: receivedAt, attendanceOnly: false, lookups: book.lookups },
      );
      if (!checked.ok) {
        results.push(refuse(item, syncStatusOf(checked.refusal), checked.refusal.message));
        continue;
      }
      const result: Result = { client_id: item.client_id, status: 'created' };
      results.push(result);
      if (item.kind === 'in') {
        const id = book.open(employee.id, at);
        pending.set(id, {
          row: clockInRow(caller, employee, settings, item, at, receivedAt),
          results: [result],
        });
        continue;
      }
      const out: ShiftClose = {
        time_out: at,
        clock_out_client_id: item.client_id,
        device_time_out: item.device_time,
        received_out_at: receivedAt,
        station_out_id: caller.stationId,
        ...outPosition(keepPosition(settings, item)),
        ...(isLateSync(item.device_time, receivedAt) ? { late_sync: 1 } : {}),
      };
      const shiftId = book.close(employee.id, at) as number;
      const opened = pending.get(shiftId);
      if (opened) {
        Object.assign(opened.row, out);
        opened.results.push(result);
      } else closes.push({ employeeRef: employee.id, shiftId, out, result });
    }

    // Shifts open before the batch first (one per employee at most), then the batch's own rows.
    for (const c of closes) {
      const row = await r.punches.closeShift(accountId, c.employeeRef, c.out);
      if (row) c.result.punch_id = row.id;
      else unwritten(c.result, 'out');
    }
    const rows = [...pending.values()];
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
        else unwritten(inResult, 'in');
        for (const res of outResults) unwritten(res, 'out');
      }
    }
    if (refusals.length) {
      await r.clock.recordActivities(accountId, refusals);
      await r.clock.rememberRefusals(
        accountId,
        results.flatMap((res) =>
          (res.status === 'conflict' || res.status === 'rejected') && !refusedBefore.has(res.client_id)
            ? [{ client_id: res.client_id, status: res.status, message: res.message ?? '' }]
            : [],
        ),
      );
    }
    return results;

    /** A punch that passed the checks but was not written: answered and logged as a conflict. */
    function unwritten(res: Result, kind: 'in' | 'out') {
      const item = ordered.find((i) => i.client_id === res.client_id)!;
      const refused = refuse(
        item,
        'conflict',
        kind === 'in' ? messages.clock.alreadyClockedInServer : messages.clock.notClockedIn,
      );
      delete res.punch_id;
      Object.assign(res, refused);
    }
  }
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
    /** The batch's employees read at once (employeesOf); codes and ids asked but not found stay unknown. */
    preload(found: ClockEmployee[], codes: string[], ids: number[]) {
      for (const c of codes) byCode.set(c, Promise.resolve(undefined));
      for (const id of ids) byId.set(id, Promise.resolve(undefined));
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
