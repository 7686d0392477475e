import { randomUUID } from 'node:crypto';
import {
  messages,
  type ClockBody,
  type StationClock,
  type SyncItem,
  type UnsentBody,
} from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import type { UnitOfWork } from '../unit-of-work';
import { conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { savePunch } from '../punches/punch-store';
import type { PunchRow } from '../punches/punches.repository';
import { refusalError } from '../punches/rules/validate-punch';
import { timeRulesOf } from '../time/time-rules';
import { splitMinutes, workedMinutes } from '../time/worked';
import { clockIdentity, type Identity, pinPlace, unsigned } from './clock-identity';
import type { ClockRepos } from './clock-repos';
import type { ClockEmployee } from './clock.repository';
import type { PinLock } from './pin-lock';
import { clockInRow, keepPosition, requireClockSettings, type ClockSettings } from './clock-rows';
import { clockUnit } from './clock-group';
import { syncBatch } from './sync-batch';
import { type BatchClock, batchClock } from './station-clock';
import { breakService, endAtClockOut } from './breaks.service';
import { syncWithBreaks } from './sync-breaks';

/**
 * The clock: live clock-ins and -outs, the employee check before them, a revoked pairing's unsent punches, and
 * offline sync batches (sync-batch.ts). Who is punching is decided in clock-identity.ts for all of them.
 */
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
  const { repos, inTransaction, pins, stationOf } = deps;
  const identity = clockIdentity(deps);
  const { identify } = identity;
  const breaks = breakService({ inTransaction, identity, settingsOf: (id, r) => settingsOf(id, r) });

  /** A sync batch (or a hand-over's punches made before the revoke): breaks their way, the punches in syncBatch. */
  const runSync = (
    r: ClockRepos,
    caller: Caller,
    ordered: SyncItem[],
    settings: ClockSettings,
    receivedAt: string,
    clock: BatchClock,
  ) =>
    syncWithBreaks(r, caller, ordered, settings, receivedAt, {
      breaks,
      runClock: (clockItems) => syncBatch(identity, caller, clockItems, r, settings, receivedAt, clock),
      at: (item) => clock.at(item),
    });

  async function settingsOf(accountId: number, r: ClockRepos = repos): Promise<ClockSettings> {
    const row = await r.settings.read(accountId);
    return { ...row, rules: timeRulesOf(row) };
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
    startBreak: breaks.start,
    endBreak: breaks.end,

    async checkEmployee(caller: Caller, id: Identity) {
      const { employee: e, pinNeeded } = await identify(caller, id, repos, false);
      if (pinNeeded && id.pin) await pins.check(pinPlace(caller), e, id.pin);
      const [open, onBreak] = await Promise.all([
        repos.punches.openShift(caller.accountId, e.id),
        repos.breaks.current(caller.accountId, e.id),
      ]);
      return {
        message: messages.clock.employeeChecked,
        employee: { id: e.id, employee_id: e.employee_id, name: e.name, department_name: e.department_name },
        clocked_in: !!open,
        clock_in_time: open?.time_in ?? null,
        break_start_time: onBreak?.started_at ?? null,
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
        clockUnit({ accountId: caller.accountId, employeeRef: employee.id, at, kind: 'in' }),
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
            // A clock-out during a break ends the break at the same time (breaks.service.ts endAtClockOut).
            write: async () => {
              const onBreak = await r.breaks.current(caller.accountId, employee.id);
              const row = await r.punches.closeShift(caller.accountId, employee.id, {
                time_out: at,
                clock_out_client_id: clientId,
                device_time_out: body.device_time ?? null,
                received_out_at: at,
                station_out_id: caller.stationId,
                latitude_out: pos.latitude,
                longitude_out: pos.longitude,
                accuracy_out: pos.accuracy,
              });
              if (row && onBreak) await endAtClockOut(r, caller, onBreak, settings, at, at);
              return row;
            },
            activity: (p) => ({
              action: 'punch.clock_out',
              details: { punch_id: p.id, time_out: at, station_id: caller.stationId },
            }),
          }),
        clockUnit({ accountId: caller.accountId, employeeRef: employee.id, at, kind: 'out' }),
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
     * same account, naming the revoked station (docs/RULES.md#revocations-while-offline). Those made before the
     * revoke (by the corrected clock of the tablet, which sends device_now as a sync does) run as a sync batch of
     * the revoked station: the station was trusted then, and any paired station may sync punches of the last 31
     * days anyway, so naming a revoked one gives no more. Those made after it are not believed: each is logged as
     * 'punch.rejected' with why, so it is listed in Punches that need attention for a manager to enter by hand,
     * and remembered by client id: handing it over again, or a sync of it, adds nothing. A punch the server has
     * after all (sent before the revoke was answered) is left out.
     */
    async handOver(caller: Caller, body: UnsentBody) {
      requireAccess(caller, 'clock:punch');
      const revoked = await stationOf(caller.accountId, body.revoked_station_id);
      if (!revoked?.revoked_at)
        throw notFound(messages.clock.revokedPairingUnknown, 'clock.revoked_pairing_unknown');
      const revokedAt = revoked.revoked_at;
      const accountId = caller.accountId;
      const receivedAt = nowIso();
      const clock = batchClock(body, receivedAt);
      const settings = await settingsOf(accountId);
      const made = inTimeOrder(body.punches, clock.at);
      const madeBefore = made.filter((p) => clock.at(p) < revokedAt);
      const reason = messages.clock.madeAfterRevoke;
      const { recorded, applied } = await inTransaction(async (r) => {
        // Refused at an earlier hand-over (its answer was lost): answered again, not counted again.
        const listedBefore = await r.clock.refusedBefore(
          accountId,
          madeBefore.map((p) => p.client_id),
        );
        const results = madeBefore.length
          ? await runSync(r, { ...caller, stationId: revoked.id }, madeBefore, settings, receivedAt, clock)
          : [];
        const refusedNow = results.filter(
          (x) => (x.status === 'conflict' || x.status === 'rejected') && !listedBefore.has(x.client_id),
        );
        const applied = results.filter((x) => x.status === 'created').length;
        const after = new Set(made.filter((p) => clock.at(p) >= revokedAt).map((p) => p.client_id));
        const ids = [...after];
        const [known, before] = await Promise.all([
          r.punches.knownClientIds(accountId, ids),
          r.clock.refusedBefore(accountId, ids),
        ]);
        const fresh = [
          ...new Map(
            body.punches
              .filter((p) => after.has(p.client_id) && !known.has(p.client_id) && !before.has(p.client_id))
              .map((p) => [p.client_id, p]),
          ).values(),
        ];
        // Remembered first: a copy of this hand-over sent at the same instant adds none, so lists none.
        const added = await r.clock.rememberRefusals(
          accountId,
          fresh.map((p) => ({ client_id: p.client_id, status: 'rejected' as const, message: reason })),
        );
        const listed = fresh.filter((p) => added.has(p.client_id));
        await r.clock.recordActivities(
          accountId,
          listed.map((item) => ({
            userId: caller.userId,
            action: 'punch.rejected',
            details: {
              reason,
              station_id: revoked.id,
              punch: { ...item, pin: undefined, badge: unsigned(item.badge) },
            },
          })),
        );
        return { recorded: listed.length + refusedNow.length, applied };
      });
      const message = applied
        ? messages.clock.unsentApplied(applied, recorded)
        : messages.clock.unsentHandedOver(recorded);
      return { message, recorded, applied };
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
    async sync(caller: Caller, items: SyncItem[], stationClock: StationClock = {}) {
      requireAccess(caller, 'clock:punch');
      const receivedAt = nowIso();
      // The station's clock (docs/RULES.md#station-clock): one more than 31 days off refuses the whole batch.
      const clock = batchClock(stationClock, receivedAt);
      const settings = await settingsOf(caller.accountId);
      const ordered = inTimeOrder(items, clock.at);
      const results = await inTransaction((r) => runSync(r, caller, ordered, settings, receivedAt, clock));
      if (caller.stationId)
        await repos.clock.touchSync(caller.accountId, caller.stationId, receivedAt, clock.offset);
      return { results, last_sync_at: receivedAt };
    },
  };
}

/** A batch's items in the order they were made: by their (corrected) instant. */
const inTimeOrder = <T extends SyncItem>(items: T[], at: (item: SyncItem) => string) =>
  items
    .map((item) => ({ item, at: Date.parse(at(item)) }))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.item);
