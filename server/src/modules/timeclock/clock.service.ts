import { randomUUID } from 'node:crypto';
import { messages, type ClockBody, type PunchSource, type SyncItem } from '@punchclock/contract';
import type { ClockCaller } from '../../auth/station-guard';
import { safeEqual } from '../../auth/tokens';
import type { AppConfig } from '../../config';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { hashPin, verifyBadge } from '../../lib/badges';
import {
  AppError,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unprocessable,
} from '../../lib/errors';
import {
  deviceTimeProblem,
  elapsedSince,
  isLateSync,
  timeOutAfterTimeIn,
  workedTime,
} from '../../lib/punch-rules';
import type { RateLimiter } from '../../lib/rate-limiter';
import { localDay, nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';
import { type ClockEmployee, type ClockRepository, clockRepository } from './clock.repository';

const PIN_LIMIT = 5;
const PIN_WINDOW_MS = 15 * 60_000;
/** Synced punches are written this many per transaction: one disk flush per chunk instead of per punch. */
const SYNC_CHUNK = 250;

type Identity = { employee_id?: string; badge?: string; pin?: string };
type Settings = Awaited<ReturnType<ReturnType<typeof clockRepository>['settings']>>;

/**
 * The log keeps which badge was shown (account, employee, version) but not its signature: the log is
 * exported as CSV, and a signed badge is a credential that punches.
 */
const unsigned = (badge?: string) => badge?.replace(/\.[a-f0-9]{32}$/, '.redacted');

export function clockService({
  db,
  config,
  limiter,
}: {
  db: Database;
  config: AppConfig;
  limiter: RateLimiter;
}) {
  const repo = clockRepository(db);

  /** The employee a badge or a typed ID names, inside the caller's account only. */
  async function findEmployee(
    caller: ClockCaller,
    id: Identity,
    r: ClockRepository = repo,
  ): Promise<{ employee: ClockEmployee; byBadge: boolean }> {
    if (caller.selfRef) {
      // An employee's own login: signed in with a password, so no PIN; only themself.
      const employee = await r.employeeById(caller.accountId, caller.selfRef);
      if (!employee || (id.employee_id && id.employee_id !== employee.employee_id) || id.badge)
        throw forbidden(messages.clock.selfOnly);
      return { employee, byBadge: true };
    }
    if (id.badge) {
      const claims = verifyBadge(config.appSecret, id.badge);
      const employee =
        claims && claims.accountId === caller.accountId
          ? await r.employeeById(caller.accountId, claims.employeeRef)
          : undefined;
      // A regenerated badge bumps badge_version: older cards stop working.
      if (!employee || employee.badge_version !== claims?.version)
        throw notFound(messages.clock.badgeInvalid);
      return { employee, byBadge: true };
    }
    const employee = id.employee_id ? await r.employeeByCode(caller.accountId, id.employee_id) : undefined;
    if (!employee) throw notFound(messages.clock.invalidEmployeeId);
    return { employee, byBadge: false };
  }

  const needsPin = (e: ClockEmployee, byBadge: boolean) => !byBadge && !!e.use_card_or_pin && !!e.pin;

  /** Wrong PINs are limited per employee and station, so a PIN cannot be guessed at one door. */
  async function checkPin(caller: ClockCaller, e: ClockEmployee, pin: string | undefined) {
    if (!pin) throw unprocessable(messages.clock.pinRequired, { pin: [messages.clock.pinRequired] });
    const key = `pin:${e.id}:${caller.stationId ?? `user${caller.userId}`}`;
    if (safeEqual(hashPin(config.appSecret, e.id, pin), e.pin as string)) return;
    if (!(await limiter.hit(key, PIN_LIMIT, PIN_WINDOW_MS)).allowed)
      throw tooManyRequests(messages.clock.pinLocked);
    throw unprocessable(messages.clock.pinWrong, { pin: [messages.clock.pinWrong] });
  }

  /** Stations and managers punch employees with App Login; an employee punches themself with Site Login and Punch In/Out. */
  function assertMayPunch(caller: ClockCaller, e: ClockEmployee) {
    if (caller.selfRef) {
      if (e.status === 'inactive' || !e.permission_site || !e.punch_in_out)
        throw forbidden(messages.clock.selfNotAllowed);
    } else if (e.status === 'inactive' || !e.permission_app) throw forbidden(messages.clock.notAllowed);
  }

  async function identify(caller: ClockCaller, id: Identity, r: ClockRepository = repo) {
    const found = await findEmployee(caller, id, r);
    assertMayPunch(caller, found.employee);
    if (needsPin(found.employee, found.byBadge)) await checkPin(caller, found.employee, id.pin);
    return found.employee;
  }

  function checkSettings(
    settings: Settings,
    kind: 'in' | 'out',
    body: { latitude?: number; longitude?: number; screening?: Record<string, string> },
  ) {
    if (settings.require_location && (body.latitude === undefined || body.longitude === undefined))
      throw unprocessable(messages.clock.locationRequired);
    if (
      kind === 'in' &&
      settings.enable_covid_screening &&
      (!body.screening || Object.keys(body.screening).length === 0)
    )
      throw unprocessable(messages.clock.screeningRequired);
  }

  const keepPosition = (
    settings: Settings,
    b: { latitude?: number; longitude?: number; accuracy?: number },
  ) =>
    settings.enable_gps_tracking || settings.require_location
      ? { latitude: b.latitude ?? null, longitude: b.longitude ?? null, accuracy: b.accuracy ?? null }
      : { latitude: null, longitude: null, accuracy: null };

  const clockOutAnswer = (
    employee: { employee_id: string },
    p: { id: number; time_in: string; time_out: string | null },
    settings: Settings,
  ) => {
    const timeOut = p.time_out as string;
    const worked =
      settings.attendance_mode === 'Attendance Only'
        ? { hours: null, minutes: null, total_minutes: null }
        : workedTime(p.time_in, timeOut);
    return {
      message: messages.clock.clockedOut,
      ...worked,
      time_out: timeOut,
      punch: { id: p.id, employee_id: employee.employee_id, time_in: p.time_in, time_out: timeOut },
    };
  };

  /** The row of one clock-in. `at` is the punch time: the server's for a live punch, the device's for a synced one. */
  function clockInRow(
    caller: ClockCaller,
    e: ClockEmployee,
    settings: Settings,
    b: {
      client_id: string;
      device_time?: string;
      latitude?: number;
      longitude?: number;
      accuracy?: number;
      screening?: Record<string, string>;
    },
    at: string,
    receivedAt: string,
  ) {
    const pos = keepPosition(settings, b);
    return {
      account_id: caller.accountId,
      employee_ref: e.id,
      client_id: b.client_id,
      clock_out_client_id: null,
      work_date: localDay(new Date(at), settings.time_zone),
      time_in: at,
      time_out: null,
      device_time_in: b.device_time ?? null,
      device_time_out: null,
      received_in_at: receivedAt,
      received_out_at: null,
      late_sync: b.device_time && isLateSync(b.device_time, receivedAt) ? 1 : 0,
      source: (caller.stationId ? 'station' : caller.selfRef ? 'web' : 'manager') as PunchSource,
      station_id: caller.stationId,
      station_out_id: null,
      notes: null,
      latitude: pos.latitude,
      longitude: pos.longitude,
      accuracy: pos.accuracy,
      latitude_out: null,
      longitude_out: null,
      accuracy_out: null,
      screening: b.screening ? JSON.stringify(b.screening) : null,
      conflict: null,
      created_by_user_id: caller.userId,
    };
  }
  const writeClockIn = (...a: Parameters<typeof clockInRow>) => repo.insertPunch(clockInRow(...a));

  return {
    async checkEmployee(caller: ClockCaller, id: Identity) {
      const found = await findEmployee(caller, id);
      assertMayPunch(caller, found.employee);
      const pinNeeded = needsPin(found.employee, found.byBadge);
      if (pinNeeded && id.pin) await checkPin(caller, found.employee, id.pin);
      const open = await repo.openShift(found.employee.id);
      const e = found.employee;
      return {
        message: messages.clock.employeeChecked,
        employee: { id: e.id, employee_id: e.employee_id, name: e.name, department_name: e.department_name },
        clocked_in: !!open,
        clock_in_time: open?.time_in ?? null,
        needs_pin: pinNeeded,
      };
    },

    /** Idempotent on client_id: a retried clock-in answers the punch it already made. */
    async clockIn(caller: ClockCaller, body: ClockBody) {
      const clientId = body.client_id ?? randomUUID();
      const employee = await identify(caller, body);
      const existing = await repo.byClientId(caller.accountId, clientId);
      if (existing)
        return {
          message: messages.clock.clockedIn,
          punch: { id: existing.id, employee_id: employee.employee_id, time_in: existing.time_in },
        };
      const settings = await repo.settings(caller.accountId);
      checkSettings(settings, 'in', body);
      const at = nowIso();
      try {
        const p = await writeClockIn(caller, employee, settings, { ...body, client_id: clientId }, at, at);
        await recordActivity(db, {
          accountId: caller.accountId,
          userId: caller.userId,
          employeeId: employee.id,
          action: 'punch.clock_in',
          details: { punch_id: p.id, time_in: p.time_in, station_id: caller.stationId },
        });
        return {
          message: messages.clock.clockedIn,
          punch: { id: p.id, employee_id: employee.employee_id, time_in: p.time_in },
        };
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        const raced = await repo.byClientId(caller.accountId, clientId);
        if (raced)
          return {
            message: messages.clock.clockedIn,
            punch: { id: raced.id, employee_id: employee.employee_id, time_in: raced.time_in },
          };
        throw conflict(messages.clock.alreadyClockedInServer, undefined, 'punch.shift_open');
      }
    },

    async clockOut(caller: ClockCaller, body: ClockBody) {
      const clientId = body.client_id ?? randomUUID();
      const employee = await identify(caller, body);
      const settings = await repo.settings(caller.accountId);
      const existing = await repo.byClockOutClientId(caller.accountId, clientId);
      if (existing) return clockOutAnswer(employee, existing, settings);
      checkSettings(settings, 'out', body);
      const at = nowIso();
      const pos = keepPosition(settings, body);
      const closed = await repo.closeShift(caller.accountId, employee.id, {
        time_out: at,
        clock_out_client_id: clientId,
        device_time_out: body.device_time ?? null,
        received_out_at: at,
        station_out_id: caller.stationId,
        latitude_out: pos.latitude,
        longitude_out: pos.longitude,
        accuracy_out: pos.accuracy,
      });
      if (!closed) throw conflict(messages.clock.notClockedIn);
      await recordActivity(db, {
        accountId: caller.accountId,
        userId: caller.userId,
        employeeId: employee.id,
        action: 'punch.clock_out',
        details: { punch_id: closed.id, time_out: at, station_id: caller.stationId },
      });
      return clockOutAnswer(employee, closed, settings);
    },

    async status(caller: ClockCaller) {
      const [employees, open] = await Promise.all([
        repo.allEmployees(caller.accountId),
        repo.openShifts(caller.accountId),
      ]);
      const openBy = new Map(open.map((o) => [o.employee_ref, o.time_in]));
      const now = nowIso();
      return {
        data: employees.map((e) => {
          const timeIn = openBy.get(e.id) ?? null;
          const elapsed = timeIn ? elapsedSince(timeIn, now) : null;
          return {
            id: e.id,
            employee_id: e.employee_id,
            name: e.name,
            clockedIn: !!timeIn,
            clockInTime: timeIn,
            elapsedTime: elapsed?.seconds ?? null,
            duration: elapsed?.minutes ?? null,
          };
        }),
      };
    },

    /**
     * Offline punches, in device-time order. The device's time is the punch time (it says when the
     * person arrived); the receipt time and the station are kept beside it.
     *
     * Conflict rule: a punch that contradicts the employee's state when it arrives — an 'in' while a
     * shift is open (e.g. clocked in at another station), an 'out' with no open shift, or an 'out'
     * before its clock-in — changes no shift. It is answered 'conflict' and written to the activity
     * log as 'punch.conflict' with the whole punch, where a manager sees it and fixes it by hand.
     * It is never dropped silently. Replayed items answer 'duplicate' and write nothing.
     */
    async sync(caller: ClockCaller, items: SyncItem[]) {
      const receivedAt = nowIso();
      const settings = await repo.settings(caller.accountId);
      const known = await repo.knownClientIds(
        caller.accountId,
        items.map((i) => i.client_id),
      );
      const ordered = [...items].sort((a, b) => Date.parse(a.device_time) - Date.parse(b.device_time));
      const results: {
        client_id: string;
        status: 'created' | 'duplicate' | 'conflict' | 'rejected';
        message?: string;
        punch_id?: number;
      }[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < ordered.length; i += SYNC_CHUNK) {
        await db.transaction().execute(async (trx) => {
          const r = clockRepository(trx);
          for (const item of ordered.slice(i, i + SYNC_CHUNK)) {
            if (known.has(item.client_id) || seen.has(item.client_id)) {
              results.push({ client_id: item.client_id, status: 'duplicate' });
              continue;
            }
            seen.add(item.client_id);
            results.push(await syncOne(item, r, trx));
          }
        });
      }
      if (caller.stationId) await repo.touchSync(caller.stationId, receivedAt);
      return { results, last_sync_at: receivedAt };

      async function syncOne(item: SyncItem, r: ClockRepository, trx: Kysely<DB>) {
        const refuse = async (status: 'conflict' | 'rejected', message: string) => {
          await recordActivity(trx, {
            accountId: caller.accountId,
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
        const problem = deviceTimeProblem(item.device_time, receivedAt);
        if (problem) return refuse('rejected', problem);
        let employee: ClockEmployee;
        try {
          employee = await identify(caller, item, r);
          checkSettings(settings, item.kind, item);
        } catch (e) {
          if (e instanceof AppError) return refuse('rejected', e.message);
          throw e;
        }
        const at = new Date(item.device_time).toISOString();
        if (item.kind === 'in') {
          const p = await r.insertPunchIfFree(clockInRow(caller, employee, settings, item, at, receivedAt));
          if (p) return { client_id: item.client_id, status: 'created' as const, punch_id: p.id };
          // Nothing written: the client id arrived meanwhile (a concurrent retry), or a shift is open.
          if (await r.byClientId(caller.accountId, item.client_id))
            return { client_id: item.client_id, status: 'duplicate' as const };
          return refuse('conflict', messages.clock.alreadyClockedInServer);
        }
        const open = await r.openShift(employee.id);
        if (!open) return refuse('conflict', messages.clock.notClockedIn);
        if (!timeOutAfterTimeIn(open.time_in, at)) return refuse('conflict', messages.punches.timeOutAfterIn);
        const pos = keepPosition(settings, item);
        const closed = await r.closeShift(caller.accountId, employee.id, {
          time_out: at,
          clock_out_client_id: item.client_id,
          device_time_out: item.device_time,
          received_out_at: receivedAt,
          station_out_id: caller.stationId,
          latitude_out: pos.latitude,
          longitude_out: pos.longitude,
          accuracy_out: pos.accuracy,
          late: isLateSync(item.device_time, receivedAt),
        });
        if (!closed) return refuse('conflict', messages.clock.notClockedIn);
        return { client_id: item.client_id, status: 'created' as const, punch_id: closed.id };
      }
    },
  };
}
