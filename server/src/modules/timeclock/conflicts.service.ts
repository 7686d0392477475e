import { randomUUID } from 'node:crypto';
import {
  messages,
  type AcceptPunchIssueAnswer,
  type AcceptPunchIssueBody,
  type PunchConflictsAnswer,
} from '@punchclock/contract';
import { requireAccess, requireWholeAccount, type Caller } from '../../auth/access';
import type { UnitOfWork } from '../unit-of-work';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { localDay, localTime, nowIso, zonedToUtc } from '../../lib/time';
import { savePunch, type SaveRequest } from '../punches/punch-store';
import { refusalError, validatePunch } from '../punches/rules/validate-punch';
import { timeRulesOf } from '../time/time-rules';
import type { ClockEmployee, ClockRepository } from './clock.repository';
import type { ClockRepos } from './clock-repos';
import { clockInRow, keepPosition, type ClockSettings } from './clock-rows';

/** A refused punch as the sync logged it: the item without its PIN, its badge without the signature. */
interface LoggedPunch {
  client_id?: string;
  kind?: string;
  device_time?: string;
  employee_id?: string;
  badge?: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  screening?: Record<string, string>;
}
interface Logged {
  reason?: string;
  station_id?: number | null;
  /** The device time corrected for the station's clock, when it was off (docs/RULES.md#station-clock). */
  corrected_time?: string;
  punch?: LoggedPunch;
}

const badgeRef = (badge?: string) =>
  badge ? Number(/^PC1\.\d+\.(\d+)\./.exec(badge)?.[1] ?? 0) || null : null;
const distinct = <T>(values: (T | null | undefined)[]): T[] =>
  [...new Set(values)].filter((v): v is T => v !== null && v !== undefined);

/**
 * The logged punch, if it is one the server can apply: a clock-in or -out with a real device time. Its instant is
 * the corrected one when the station's clock was off, as the sync would have written it.
 */
function refusedPunch(details: string | null) {
  let logged: Logged;
  try {
    logged = JSON.parse(details ?? '{}') as Logged;
  } catch {
    logged = {};
  }
  const p = logged.punch;
  const kind: 'in' | 'out' | null = p?.kind === 'in' || p?.kind === 'out' ? p.kind : null;
  if (!p || !kind || !p.device_time || Number.isNaN(Date.parse(p.device_time)))
    throw unprocessable(messages.conflicts.notAPunch, undefined, 'punch_issue.not_a_punch');
  const corrected = logged.corrected_time && Date.parse(logged.corrected_time);
  return {
    ...p,
    kind,
    deviceTime: new Date(corrected || p.device_time).toISOString(),
    stationId: logged.station_id ?? null,
  };
}
type RefusedPunch = ReturnType<typeof refusedPunch>;

/**
 * When the accepted punch happens: the manager's wall-clock date and time in the account's zone (as a manual
 * punch takes them), each left out keeping the device's. The device's very instant (seconds included) stays when
 * the manager kept its minute, so an unchanged punch is not called changed.
 */
function acceptedTime(deviceTime: string, body: AcceptPunchIssueBody, zone: string) {
  const device = new Date(deviceTime);
  const date = body.date ?? localDay(device, zone);
  const time = body.time ?? localTime(device, zone);
  if (date === localDay(device, zone) && time === localTime(device, zone))
    return { at: deviceTime, changed: false };
  const at = zonedToUtc(date, time, zone).toISOString();
  return { at, changed: at !== deviceTime };
}

/**
 * The current employee the punch names, by Employee ID or by badge (the account's own badges only). A deleted one,
 * or none, answers 422: a punch is only added for a current employee, as a manual one is.
 */
async function ownerOf(clock: ClockRepository, accountId: number, p: RefusedPunch): Promise<ClockEmployee> {
  const badge = p.badge ? /^PC1\.(\d+)\.(\d+)\./.exec(p.badge) : null;
  const by = p.employee_id
    ? { code: p.employee_id }
    : badge && Number(badge[1]) === accountId
      ? { ref: Number(badge[2]) }
      : null;
  const found = by ? await clock.punchOwners(accountId, by) : [];
  const current = found.find((e) => e.deleted_at === null);
  const employee = current && (await clock.employeeById(accountId, current.id));
  if (employee) return employee;
  throw found.length
    ? unprocessable(messages.conflicts.employeeDeleted, undefined, 'punch_issue.employee_deleted')
    : unprocessable(messages.conflicts.employeeUnknown, undefined, 'punch_issue.employee_unknown');
}

export function conflictsService({
  repos,
  inTransaction,
}: {
  repos: Pick<ClockRepos, 'clock' | 'settings'>;
  inTransaction: UnitOfWork<ClockRepos>;
}) {
  const { clock } = repos;

  async function settingsOf(accountId: number): Promise<ClockSettings> {
    const row = await repos.settings.read(accountId);
    return { ...row, rules: timeRulesOf(row) };
  }

  /**
   * The write of an accepted punch, as the station's would have been, but the manager's: attributed to them
   * (source 'manager'), with the refused punch's station, device time, position and answers kept beside it. A new
   * client id: the refused one stays remembered as refused (sync_refusals), so a station sending it again adds
   * nothing. Not flagged as a late sync: a manager looked at it.
   */
  function acceptWrite(
    r: ClockRepos,
    caller: Caller,
    p: RefusedPunch,
    employee: ClockEmployee,
    settings: ClockSettings,
    t: { at: string; now: string },
  ): SaveRequest['write'] {
    const accountId = caller.accountId;
    if (p.kind === 'out') {
      const pos = keepPosition(settings, p);
      return () =>
        r.punches.closeShift(accountId, employee.id, {
          time_out: t.at,
          clock_out_client_id: randomUUID(),
          device_time_out: p.device_time ?? null,
          received_out_at: t.now,
          station_out_id: p.stationId,
          latitude_out: pos.latitude,
          longitude_out: pos.longitude,
          accuracy_out: pos.accuracy,
        });
    }
    return async () => {
      await requireFreeUntilNow(r, accountId, employee.id, t);
      const row = clockInRow(caller, employee, settings, { ...p, client_id: randomUUID() }, t.at, t.now);
      return r.punches.insertIfFree(accountId, { ...row, station_id: p.stationId, late_sync: 0 });
    };
  }

  /**
   * An accepted clock-in opens a shift that runs until now, not a point: a punch of the employee after its time
   * would lie inside it. The same overlap rule as an open shift edited by hand.
   */
  async function requireFreeUntilNow(
    r: ClockRepos,
    accountId: number,
    employeeRef: number,
    t: { at: string; now: string },
  ) {
    const checked = await validatePunch(
      { kind: 'interval', employeeRef, timeIn: t.at, timeOut: null, type: 'None' },
      {
        now: t.now,
        attendanceOnly: false,
        lookups: r.punches.lookups(accountId),
        locks: r.periodLocks.of(accountId),
      },
    );
    if (!checked.ok) throw refusalError(checked.refusal);
  }

  return {
    /**
     * A manager dealt with a refused punch (entered the time by hand, or it needs nothing): it leaves the list.
     * Marking it again changes nothing; an id that is not one of the account's refusals is 404.
     */
    async fix(caller: Caller, logId: number) {
      // The account's refusals name every employee: a manager's, not an employee's nor a department administrator's.
      requireWholeAccount(caller, { action: 'punches:read' });
      requireAccess(caller, 'punches:update');
      if (!(await clock.refusal(caller.accountId, logId))) throw notFound(messages.conflicts.notFound);
      await inTransaction(async (r) => {
        if (await r.clock.markFixed(caller.accountId, logId, caller.userId, nowIso()))
          await r.activity.record(caller.accountId, {
            userId: caller.userId,
            action: 'punch.conflict_fixed',
            details: { log_id: logId },
          });
      });
      return { message: messages.conflicts.fixed };
    },

    /**
     * A manager applies a refused punch for its employee, at its device time or a corrected one, through the one
     * save path (every punch rule; a refusal answers the rule's own status and code and changes nothing). In one
     * transaction: the issue is marked dealt with first (a second accept, or one after Mark fixed, is a 409 and
     * writes nothing), the punch is written, and one activity entry records both (punch.conflict_accepted).
     */
    async accept(caller: Caller, logId: number, body: AcceptPunchIssueBody): Promise<AcceptPunchIssueAnswer> {
      // The account's refusals name every employee: a manager's, not an employee's nor a department administrator's.
      requireWholeAccount(caller, { action: 'punches:read' });
      requireAccess(caller, 'punches:create');
      requireAccess(caller, 'punches:update');
      const accountId = caller.accountId;
      const log = await clock.refusal(accountId, logId);
      if (!log) throw notFound(messages.conflicts.notFound);
      const p = refusedPunch(log.details);
      const settings = await settingsOf(accountId);
      const { at, changed } = acceptedTime(p.deviceTime, body, settings.rules.zone);
      const now = nowIso();
      const row = await inTransaction(async (r) => {
        if (!(await r.clock.markFixed(accountId, logId, caller.userId, now)))
          throw conflict(messages.conflicts.alreadyDealtWith, undefined, 'punch_issue.already_dealt_with');
        const employee = await ownerOf(r.clock, accountId, p);
        const saved = await savePunch(r, caller, {
          candidate: {
            kind: p.kind,
            employeeRef: employee.id,
            timeIn: at,
            timeOut: p.kind === 'out' ? at : null,
            type: 'None',
          },
          now,
          attendanceOnly: false,
          write: acceptWrite(r, caller, p, employee, settings, { at, now }),
          activity: (row) => ({
            action: 'punch.conflict_accepted',
            details: {
              log_id: logId,
              punch_id: row.id,
              kind: p.kind,
              time: at,
              device_time: p.deviceTime,
              time_changed: changed,
              station_id: p.stationId,
            },
          }),
        });
        if (saved.ok) return saved.row;
        // Not written though the rules passed: the open shift appeared, or went, meanwhile.
        throw refusalError(
          saved.refusal ??
            (p.kind === 'in'
              ? { code: 'punch.shift_open', message: messages.clock.alreadyClockedInServer, status: 409 }
              : { code: 'punch.not_clocked_in', message: messages.clock.notClockedIn, status: 409 }),
        );
      });
      return {
        message: messages.conflicts.accepted,
        punch: { id: row.id, employee_ref: row.employee_ref, time_in: row.time_in, time_out: row.time_out },
        time: at,
        time_changed: changed,
      };
    },

    /**
     * The account's refused synced punches, newest first, a page of `limit` below `before` (a log id), with
     * employee and station names resolved; `next_before` goes on to the older ones.
     */
    async list(caller: Caller, q: { before?: number; limit?: number } = {}): Promise<PunchConflictsAnswer> {
      // The account's refusals name every employee: a manager's, not an employee's nor a department administrator's.
      requireWholeAccount(caller, { action: 'punches:read' });
      const limit = q.limit ?? 200;
      const found = await clock.refusedPunches(caller.accountId, limit + 1, q.before);
      const logs = found.slice(0, limit);
      const next_before = found.length > limit ? logs[logs.length - 1].id : null;
      const parsed = logs.map((l) => ({ log: l, d: JSON.parse(l.details ?? '{}') as Logged }));
      const { byCode, byRef, stations } = await clock.namesFor(
        caller.accountId,
        distinct(parsed.map((p) => p.d.punch?.employee_id)),
        distinct(parsed.map((p) => badgeRef(p.d.punch?.badge))),
        distinct(parsed.map((p) => p.d.station_id)),
      );
      const data = parsed.map(({ log, d }) => {
        const e = d.punch?.employee_id
          ? byCode.find((x) => x.employee_id === d.punch?.employee_id)
          : byRef.find((x) => x.id === badgeRef(d.punch?.badge));
        return {
          id: log.id,
          at: log.created_at,
          status: log.action === 'punch.conflict' ? ('conflict' as const) : ('rejected' as const),
          reason: d.reason ?? '',
          kind: d.punch?.kind ?? null,
          device_time: d.punch?.device_time ?? null,
          time: d.corrected_time ?? d.punch?.device_time ?? null,
          station: stations.find((s) => s.id === d.station_id)?.name ?? null,
          employee_id: e?.employee_id ?? d.punch?.employee_id ?? null,
          employee_name: e?.name ?? null,
          employee_ref: e?.id ?? null,
        };
      });
      return { data, next_before };
    },
  };
}
