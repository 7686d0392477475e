import { randomUUID } from 'node:crypto';
import { type ClockBody, messages, type SyncItem } from '@punchclock/contract';
import type { Caller } from '../../auth/access';
import { AppError } from '../../lib/errors';
import { localDay, nowIso } from '../../lib/time';
import { savePunch } from '../punches/punch-store';
import type { NewPunch, PunchRow } from '../punches/punches.repository';
import { deviceTimeLimits } from '../punches/rules/device-time';
import { notInFuture } from '../punches/rules/not-in-future';
import type { Refusal } from '../punches/rules/types';
import { refusalError, syncStatusOf } from '../punches/rules/validate-punch';
import type { UnitOfWork } from '../unit-of-work';
import type { OpenBreakRow } from './breaks.repository';
import type { ClockIdentity } from './clock-identity';
import type { ClockRepos } from './clock-repos';
import type { ClockEmployee } from './clock.repository';
import { keepPosition, requireClockSettings, sourceOf, type ClockSettings } from './clock-rows';

// Breaks at the clock (docs/RULES.md#breaks-at-the-clock): Start Break opens a break inside the employee's open
// shift (an open_breaks row, not an open punch: the open shift stays the one open punch); End Break writes the
// closed Break punch through the one save path (savePunch) and removes the row; a clock-out during a break ends
// it at the clock-out's time (endAtClockOut). Live (a station or the employee's own clock) and offline
// (sync items 'break_start' / 'break_end') run the same two steps, exactly-once on their client ids.

/** One break step to run: whose, when (the server's time live, the device's offline) and its ids. */
interface BreakStep {
  clientId: string;
  at: string;
  deviceTime: string | null;
  receivedAt: string;
  position: { latitude: number | null; longitude: number | null; accuracy: number | null };
}

type Started = { ok: true; open: { started_at: string }; replay: boolean };
type Ended = { ok: true; punch: PunchRow; replay: boolean };
type Refused = { ok: false; refusal: Refusal };

const refusal = (code: Refusal['code'], message: string): Refused => ({
  ok: false,
  refusal: { code, message, status: 409 },
});
const clientIdTaken = () => refusal('clock.client_id_taken', messages.clock.clientIdTaken);
const attendanceOnly: Refusal = {
  code: 'punch.attendance_only',
  message: messages.punches.attendanceOnly,
  status: 422,
};

/** Opens a break inside the employee's open shift, or answers the break this client id opened before. */
async function startStep(
  r: ClockRepos,
  caller: Caller,
  employee: ClockEmployee,
  step: BreakStep,
): Promise<Started | Refused> {
  const accountId = caller.accountId;
  const [openBefore, punchBefore] = await Promise.all([
    r.breaks.byClientId(accountId, step.clientId),
    r.punches.byClientId(accountId, step.clientId),
  ]);
  if (openBefore)
    return openBefore.employee_ref === employee.id
      ? { ok: true, open: openBefore, replay: true }
      : clientIdTaken();
  if (punchBefore)
    return punchBefore.employee_ref === employee.id && punchBefore.type === 'Break'
      ? { ok: true, open: { started_at: punchBefore.time_in }, replay: true }
      : clientIdTaken();
  const [shift, current] = await Promise.all([
    r.punches.openShift(accountId, employee.id),
    r.breaks.current(accountId, employee.id),
  ]);
  if (!shift || Date.parse(step.at) <= Date.parse(shift.time_in))
    return refusal('break.no_shift', messages.clock.breakNoShift);
  if (current) return refusal('break.already_open', messages.clock.breakAlreadyOpen);
  const row = await r.breaks.open(accountId, {
    employee_ref: employee.id,
    shift_id: shift.id,
    started_at: step.at,
    client_id: step.clientId,
    device_time: step.deviceTime,
    received_at: step.receivedAt,
    station_id: caller.stationId,
    created_by_user_id: caller.userId,
  });
  if (!row) return clientIdTaken();
  await r.activity.record(accountId, {
    userId: caller.userId,
    employeeId: employee.id,
    action: 'punch.break_start',
    details: { shift_id: shift.id, started_at: step.at, station_id: caller.stationId },
  });
  return { ok: true, open: row, replay: false };
}

/** The closed Break punch of an open break, ended at `at`. */
function breakRow(
  caller: Caller,
  open: OpenBreakRow,
  settings: ClockSettings,
  end: { at: string; clientId: string | null; deviceTime: string | null; receivedAt: string },
  position: BreakStep['position'],
): NewPunch {
  return {
    employee_ref: open.employee_ref,
    client_id: open.client_id,
    clock_out_client_id: end.clientId,
    work_date: localDay(new Date(open.started_at), settings.rules.zone),
    time_in: open.started_at,
    time_out: end.at,
    device_time_in: open.device_time,
    device_time_out: end.deviceTime,
    received_in_at: open.received_at,
    received_out_at: end.receivedAt,
    late_sync: 0,
    source: sourceOf(caller),
    station_id: open.station_id,
    station_out_id: caller.stationId,
    type: 'Break',
    notes: null,
    latitude: null,
    longitude: null,
    accuracy: null,
    latitude_out: position.latitude,
    longitude_out: position.longitude,
    accuracy_out: position.accuracy,
    screening: null,
    conflict: null,
    created_by_user_id: open.created_by_user_id,
    deleted_at: null,
  };
}

/** Ends the employee's open break with its Break punch, or answers the punch this client id ended before. */
async function endStep(
  r: ClockRepos,
  caller: Caller,
  employee: ClockEmployee,
  settings: ClockSettings,
  step: BreakStep,
): Promise<Ended | Refused> {
  const accountId = caller.accountId;
  const before = await r.punches.byClockOutClientId(accountId, step.clientId);
  if (before)
    return before.employee_ref === employee.id && before.type === 'Break'
      ? { ok: true, punch: before, replay: true }
      : clientIdTaken();
  const open = await r.breaks.current(accountId, employee.id);
  if (!open) return refusal('break.not_open', messages.clock.breakNotOpen);
  const row = breakRow(caller, open, settings, { ...step, clientId: step.clientId }, step.position);
  const saved = await savePunch(r, caller, {
    candidate: {
      kind: 'interval',
      employeeRef: employee.id,
      timeIn: open.started_at,
      timeOut: step.at,
      type: 'Break',
      // Offline, the device-time limits check the item's instant (corrected by its station's clock).
      deviceTime: step.deviceTime ? step.at : null,
    },
    now: step.receivedAt,
    attendanceOnly: settings.rules.attendanceOnly,
    write: async () => {
      const written = await r.punches.insertIfFree(accountId, row);
      if (written) await r.breaks.remove(accountId, open.id);
      return written;
    },
    activity: (p) => ({
      action: 'punch.break_end',
      details: { punch_id: p.id, time_in: p.time_in, time_out: p.time_out, station_id: caller.stationId },
    }),
  });
  if (saved.ok) return { ok: true, punch: saved.row, replay: false };
  return saved.refusal ? { ok: false, refusal: saved.refusal } : clientIdTaken();
}

/**
 * A clock-out during a break ends the break at the same time: called inside the clock-out's unit with the open
 * break read before the shift was closed (`open`), it writes the Break punch up to the clock-out and removes the
 * row. The break lies inside the shift by construction, so it is written without a second check.
 */
export async function endAtClockOut(
  r: ClockRepos,
  caller: Caller,
  open: OpenBreakRow,
  settings: ClockSettings,
  at: string,
  receivedAt: string,
): Promise<void> {
  const none = { latitude: null, longitude: null, accuracy: null };
  const end = { at, clientId: null, deviceTime: null, receivedAt };
  if (Date.parse(at) <= Date.parse(open.started_at)) {
    await r.breaks.remove(caller.accountId, open.id);
    return;
  }
  const written = await r.punches.insertIfFree(caller.accountId, breakRow(caller, open, settings, end, none));
  await r.breaks.remove(caller.accountId, open.id);
  if (written)
    await r.activity.record(caller.accountId, {
      userId: caller.userId,
      employeeId: open.employee_ref,
      action: 'punch.break_end',
      details: { punch_id: written.id, time_in: written.time_in, time_out: at, station_id: caller.stationId },
    });
}

const startAnswer = (employee: ClockEmployee, startedAt: string) => ({
  message: messages.clock.breakStarted,
  break: { employee_id: employee.employee_id, started_at: startedAt, ended_at: null, punch_id: null },
});
const endAnswer = (employee: ClockEmployee, p: PunchRow) => ({
  message: messages.clock.breakEnded,
  break: {
    employee_id: employee.employee_id,
    started_at: p.time_in,
    ended_at: p.time_out as string,
    punch_id: p.id,
  },
});

type SyncResult = {
  client_id: string;
  status: 'created' | 'duplicate' | 'conflict' | 'rejected';
  message?: string;
  punch_id?: number;
};

/**
 * Start Break and End Break, live and offline. `identity` and `settingsOf` are the clock's (clock.service.ts): who
 * punches is decided the same way, PIN lock included, and the clock settings (Require Location) apply.
 */
export function breakService(deps: {
  inTransaction: UnitOfWork<ClockRepos>;
  identity: ClockIdentity;
  settingsOf: (accountId: number, r?: ClockRepos) => Promise<ClockSettings>;
}) {
  const { inTransaction, identity, settingsOf } = deps;

  /** Who, under which settings; Attendance Only records no breaks (they are deductions from hours). */
  async function admit(caller: Caller, body: ClockBody) {
    const [{ employee }, settings] = await Promise.all([
      identity.identify(caller, body),
      settingsOf(caller.accountId),
    ]);
    requireClockSettings(settings, 'out', body);
    if (settings.rules.attendanceOnly) throw refusalError(attendanceOnly);
    const at = nowIso();
    const step: BreakStep = {
      clientId: body.client_id ?? randomUUID(),
      at,
      deviceTime: body.device_time ?? null,
      receivedAt: at,
      position: keepPosition(settings, body),
    };
    return { employee, settings, step };
  }

  return {
    /** POST /api/break-start: idempotent on client_id. */
    async start(caller: Caller, body: ClockBody) {
      const { employee, step } = await admit(caller, body);
      const done = await inTransaction(async (r) => {
        await r.punches.lockEmployee(caller.accountId, employee.id);
        return startStep(r, caller, employee, step);
      });
      if (!done.ok) throw refusalError(done.refusal);
      return startAnswer(employee, done.open.started_at);
    },

    /** POST /api/break-end: idempotent on client_id. */
    async end(caller: Caller, body: ClockBody) {
      const { employee, settings, step } = await admit(caller, body);
      const done = await inTransaction((r) => endStep(r, caller, employee, settings, step));
      if (!done.ok) throw refusalError(done.refusal);
      return endAnswer(employee, done.punch);
    },

    /**
     * One offline break item inside a sync batch's transaction, at its device time: identified and checked like a
     * clock item (PIN lock, the device-time limits, Require Location), then the same step as live. A refusal is
     * answered 'rejected' or 'conflict' like a clock item's and returned for the batch to log and remember.
     */
    async syncItem(
      r: ClockRepos,
      caller: Caller,
      item: SyncItem & { kind: 'break_start' | 'break_end' },
      settings: ClockSettings,
      receivedAt: string,
      /** The item's instant: its device time, corrected by its station's clock (station-clock.ts). */
      at: string = new Date(item.device_time).toISOString(),
    ): Promise<SyncResult> {
      const refused = (status: 'conflict' | 'rejected', message: string): SyncResult => ({
        client_id: item.client_id,
        status,
        message,
      });
      let employee: ClockEmployee;
      try {
        // As of the item's instant, as a clock item is (docs/RULES.md#revocations-while-offline): a break made before
        // a badge was regenerated, the employee deleted or their App Login removed counts; one made after is refused.
        employee = (await identity.identify(caller, item, withFormer(r), true, at)).employee;
        requireClockSettings(settings, 'out', item);
      } catch (e) {
        if (e instanceof AppError) return refused('rejected', e.message);
        throw e;
      }
      const cheap = { now: receivedAt, attendanceOnly: false, openShift: null, overlaps: false };
      const candidate = {
        kind: 'in' as const,
        employeeRef: employee.id,
        timeIn: at,
        timeOut: null,
        type: 'Break' as const,
        deviceTime: at,
      };
      const early =
        deviceTimeLimits(candidate, cheap) ??
        notInFuture(candidate, cheap) ??
        (settings.rules.attendanceOnly ? attendanceOnly : null);
      if (early) return refused(syncStatusOf(early), early.message);
      await r.punches.lockEmployee(caller.accountId, employee.id);
      const step: BreakStep = {
        clientId: item.client_id,
        at,
        deviceTime: item.device_time,
        receivedAt,
        position: keepPosition(settings, item),
      };
      const done =
        item.kind === 'break_start'
          ? await startStep(r, caller, employee, step)
          : await endStep(r, caller, employee, settings, step);
      if (!done.ok)
        return refused(
          done.refusal.code === 'clock.client_id_taken' ? 'rejected' : syncStatusOf(done.refusal),
          done.refusal.message,
        );
      if (done.replay) return { client_id: item.client_id, status: 'duplicate' };
      return {
        client_id: item.client_id,
        status: 'created',
        ...('punch' in done ? { punch_id: done.punch.id } : {}),
      };
    },
  };
}
export type BreakService = ReturnType<typeof breakService>;

/**
 * The repositories with a deleted employee found by Employee ID or badge when no current one is, latest deletion
 * first, as a sync batch's look-ups do (sync-batch.ts employeeCache): identify takes only their breaks made before
 * the deletion.
 */
const withFormer = (r: ClockRepos): ClockRepos => ({
  ...r,
  clock: {
    ...r.clock,
    employeeByCode: async (accountId, code) =>
      (await r.clock.employeeByCode(accountId, code)) ??
      (await r.clock.formerEmployeesOf(accountId, [code], []))[0],
    employeeById: async (accountId, id) =>
      (await r.clock.employeeById(accountId, id)) ??
      (await r.clock.formerEmployeesOf(accountId, [], [id]))[0],
  },
});
