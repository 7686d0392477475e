import {
  FORGOTTEN_AFTER_MINUTES,
  MAX_SHIFT_MS,
  messages,
  type EmployeeIdentity,
  type ForgottenAnswerBody,
} from '@punchclock/contract';
import { type Caller, requireAccess, requireWholeAccount } from '../../auth/access';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { localDay, localTime, nowIso, zonedToUtc } from '../../lib/time';
import { addDays } from '../time/calendar';
import { timeRulesOf } from '../time/time-rules';
import { savePunch } from '../punches/punch-store';
import { punchRecord } from '../punches/punch-view';
import { refuseIfLocked, refusalError } from '../punches/rules/validate-punch';
import type { ClockIdentity } from '../timeclock/clock-identity';
import type { UnitOfWork } from '../unit-of-work';
import type { ForgottenRepos } from './forgotten.repositories';

/** How many forgotten shifts one sweep mails at most; the rest wait for the next sweep. */
const SWEEP_LIMIT = 500;
/** Open shifts read a query by the sweep. */
const SWEEP_PAGE = 1000;

const weekdayOf = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

/**
 * Forgotten clock-outs (docs/RULES.md#forgotten-clock-outs): the one mail to the employee, the station's question
 * at their next punch and their answer, and the manager's Accept or Dismiss of it.
 */
export function forgottenService(deps: {
  repos: ForgottenRepos;
  inTransaction: UnitOfWork<ForgottenRepos>;
  identity: ClockIdentity;
  mailer: Mailer;
}) {
  const { repos, inTransaction, identity, mailer } = deps;

  /** After how many minutes an open shift is forgotten: the pay period settings' newest version. */
  async function forgottenAfter(accountId: number): Promise<number> {
    const versions = await repos.payPeriods.schedules(accountId);
    return versions.at(-1)?.forgotten_after_minutes ?? FORGOTTEN_AFTER_MINUTES;
  }
  const zoneOf = async (accountId: number) => timeRulesOf(await repos.settings.read(accountId)).zone;

  /** The employee's open work shift when it is a forgotten one (open longer than the account's limit). */
  async function forgottenShift(accountId: number, employeeRef: number, now: number) {
    const open = await repos.punches.openShift(accountId, employeeRef);
    if (!open) return undefined;
    const after = await forgottenAfter(accountId);
    return now - Date.parse(open.time_in) > after * 60_000 ? open : undefined;
  }

  /** Who is answering: the employee a station (or their own login) names, PIN checked as at a punch. */
  const employeeOf = async (caller: Caller, id: EmployeeIdentity) =>
    (await identity.identify(caller, id, repos)).employee;

  /** Claims the shift's mail and sends it; a send that fails gives the claim back. Answers whether it was sent. */
  async function mailOnce(
    row: {
      account_id: number;
      punch_id: number;
      employee_ref: number;
      time_in: string;
      email: string | null;
      name: string;
    },
    zone: string,
    claimedAt: string,
  ): Promise<boolean> {
    if (!(await repos.forgotten.claimMail(row.account_id, row.punch_id, row.employee_ref, claimedAt)))
      return false;
    const inAt = new Date(row.time_in);
    const since = `${weekdayOf(localDay(inAt, zone))} ${localDay(inAt, zone)} ${localTime(inAt, zone)}`;
    try {
      await mailer.send({
        to: row.email as string,
        subject: messages.forgotten.mailSubject,
        text: messages.forgotten.mailText(row.name, since),
      });
      return true;
    } catch {
      await repos.forgotten.unclaimMail(row.account_id, row.punch_id, claimedAt);
      return false;
    }
  }

  return {
    /**
     * Mails each employee once about each forgotten shift of theirs (every account; one whose employee has no
     * e-mail is not mailed). The claim is atomic (forgotten.repository claimMail), so two server instances
     * sweeping at once send one mail; a mail that fails to send is claimable again next time. Answers how many
     * were sent.
     */
    async sweep(at: Date = new Date()): Promise<number> {
      // 30 minutes is the least forgotten_after_minutes an account may set (contract pay-periods); each
      // account's own limit is applied here, page by page, so one account's many open shifts hide no other's.
      const before = new Date(at.getTime() - 30 * 60_000).toISOString();
      const limits = new Map<number, number>();
      const zones = new Map<number, string>();
      let sent = 0;
      let after: { time_in: string; punch_id: number } | undefined;
      while (sent < SWEEP_LIMIT) {
        const rows = await repos.forgotten.dueForMail(before, SWEEP_PAGE, after);
        for (const row of rows) {
          if (sent >= SWEEP_LIMIT) break;
          if (!limits.has(row.account_id)) {
            limits.set(row.account_id, await forgottenAfter(row.account_id));
            zones.set(row.account_id, await zoneOf(row.account_id));
          }
          if (at.getTime() - Date.parse(row.time_in) <= limits.get(row.account_id)! * 60_000) continue;
          if (await mailOnce(row, zones.get(row.account_id)!, at.toISOString())) sent += 1;
        }
        if (rows.length < SWEEP_PAGE) break;
        after = rows.at(-1);
      }
      return sent;
    },

    /** The station's question for the employee punching, or null when there is nothing to ask. */
    async question(caller: Caller, id: EmployeeIdentity) {
      const employee = await employeeOf(caller, id);
      const now = Date.now();
      const open = await forgottenShift(caller.accountId, employee.id, now);
      if (!open) return { question: null };
      const row = await repos.forgotten.byPunch(caller.accountId, open.id);
      if (row?.status) return { question: null };
      const zone = await zoneOf(caller.accountId);
      const date = localDay(new Date(open.time_in), zone);
      const weekday = weekdayOf(date);
      const latest = new Date(Math.min(now, Date.parse(open.time_in) + MAX_SHIFT_MS)).toISOString();
      return {
        question: {
          shift_id: open.id,
          time_in: open.time_in,
          date,
          weekday,
          text: messages.forgotten.question(weekday),
          latest,
        },
      };
    },

    /**
     * The employee's answer: when they left, a wall-clock time in the account's zone (on `date`, else on the
     * clock-in's day or, when not after the clock-in there, the day after). It must lie after the clock-in, not in
     * the future and within the longest shift the punch rules take (24 hours). `time` null: they skipped the
     * question. Either way the forgotten shift is set aside so their new clock-in is not blocked: closed at its
     * own clock-in (0 minutes, so never paid), logged as punch.updated, and the answer (a proposed clock-out, or
     * none) listed for a manager to accept or fix. One transaction, the employee's punches locked.
     */
    async answer(caller: Caller, body: ForgottenAnswerBody) {
      const employee = await employeeOf(caller, body);
      const now = Date.now();
      const open = await forgottenShift(caller.accountId, employee.id, now);
      if (!open || (body.shift_id !== undefined && open.id !== body.shift_id))
        throw notFound(messages.forgotten.noShift, 'forgotten.no_shift');
      const rules = timeRulesOf(await repos.settings.read(caller.accountId));
      const zone = rules.zone;
      const inAt = Date.parse(open.time_in);
      let leftAt: string | null = null;
      if (body.time !== null) {
        const day = body.date ?? localDay(new Date(open.time_in), zone);
        let left = zonedToUtc(day, body.time, zone).getTime();
        if (!body.date && left <= inAt) left = zonedToUtc(addDays(day, 1), body.time, zone).getTime();
        const field = (message: string) => unprocessable(message, { time: [message] }, 'forgotten.bad_time');
        if (left <= inAt) throw field(messages.forgotten.beforeClockIn);
        if (left > now) throw field(messages.forgotten.inFuture);
        const latest = inAt + MAX_SHIFT_MS;
        if (left > latest) {
          const l = new Date(latest);
          throw field(messages.forgotten.tooLate(`${localDay(l, zone)} ${localTime(l, zone)}`));
        }
        leftAt = new Date(left).toISOString();
      }
      const answeredAt = new Date(now).toISOString();
      await inTransaction(async (r) => {
        await r.punches.lockEmployee(caller.accountId, employee.id);
        const old = await r.punches.find(caller.accountId, open.id);
        if (!old || old.time_out !== null) throw notFound(messages.forgotten.noShift, 'forgotten.no_shift');
        await refuseIfLocked(r.periodLocks.of(caller.accountId), [old.time_in, null], answeredAt);
        const recorded = await r.forgotten.recordAnswer(caller.accountId, open.id, employee.id, {
          left_at: leftAt,
          answered_at: answeredAt,
          answered_station_id: caller.stationId,
        });
        if (!recorded) throw conflict(messages.forgotten.alreadyDecided, undefined, 'forgotten.decided');
        const row = await r.punches.update(caller.accountId, old.id, { time_out: old.time_in });
        if (!row) throw notFound(messages.forgotten.noShift, 'forgotten.no_shift');
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          employeeId: employee.id,
          action: 'punch.updated',
          details: {
            old: punchRecord(old, rules, true),
            new: punchRecord(row, rules, true),
            reason: messages.forgotten.setAside,
          },
        });
      });
      return {
        message: leftAt ? messages.forgotten.answered : messages.forgotten.skipped,
        left_at: leftAt,
      };
    },

    /** The answers waiting for a manager (Punch issues). */
    async list(caller: Caller) {
      requireWholeAccount(caller, { action: 'punches:read' });
      requireAccess(caller, 'punches:update');
      const rows = await repos.forgotten.pending(caller.accountId);
      return {
        data: rows.map((r) => ({ ...r, left_at: r.left_at as string, answered_at: r.answered_at as string })),
      };
    },

    /**
     * Accept: the shift is closed at the employee's time through the one save path, as a manual edit (every punch
     * rule, the locked-period rule too), logged as punch.updated; the answer is marked accepted in the same
     * transaction.
     */
    async accept(caller: Caller, id: number) {
      requireWholeAccount(caller, { action: 'punches:read' });
      requireAccess(caller, 'punches:update');
      const accountId = caller.accountId;
      const row = await repos.forgotten.find(accountId, id);
      if (!row || row.status === null) throw notFound(messages.forgotten.notFound, 'forgotten.not_found');
      if (row.status !== 'proposed')
        throw conflict(messages.forgotten.alreadyDecided, undefined, 'forgotten.decided');
      const rules = timeRulesOf(await repos.settings.read(accountId));
      const at = nowIso();
      await inTransaction(async (r) => {
        const old = await r.punches.find(accountId, row.punch_id);
        // Set aside at the answer (closed at its clock-in); changed since by hand: nothing to accept.
        if (!old || old.time_out !== old.time_in)
          throw conflict(messages.forgotten.shiftClosed, undefined, 'forgotten.shift_closed');
        if (!row.left_at)
          throw unprocessable(messages.forgotten.nothingToAccept, undefined, 'forgotten.bad_time');
        const leftAt = row.left_at;
        const saved = await savePunch(r, caller, {
          candidate: {
            kind: 'interval',
            employeeRef: old.employee_ref,
            timeIn: old.time_in,
            timeOut: leftAt,
            type: old.type,
            punchId: old.id,
            was: [old.time_in, old.time_out],
          },
          now: at,
          attendanceOnly: rules.attendanceOnly,
          write: () => r.punches.update(accountId, old.id, { time_out: leftAt }),
          activity: (p) => ({
            action: 'punch.updated',
            details: { old: punchRecord(old, rules, true), new: punchRecord(p, rules, true) },
          }),
        });
        if (!saved.ok) {
          if (saved.refusal) throw refusalError(saved.refusal);
          throw conflict(messages.forgotten.shiftClosed, undefined, 'forgotten.shift_closed');
        }
        if (!(await r.forgotten.decide(accountId, id, 'accepted', caller.userId, at)))
          throw conflict(messages.forgotten.alreadyDecided, undefined, 'forgotten.decided');
      });
      return { message: messages.forgotten.accepted };
    },

    /** Dismiss: the answer leaves the list; the shift stays open (listed as forgotten) for a manager to fix. */
    async dismiss(caller: Caller, id: number) {
      requireWholeAccount(caller, { action: 'punches:read' });
      requireAccess(caller, 'punches:update');
      const row = await repos.forgotten.find(caller.accountId, id);
      if (!row || row.status === null) throw notFound(messages.forgotten.notFound, 'forgotten.not_found');
      if (!(await repos.forgotten.decide(caller.accountId, id, 'dismissed', caller.userId, nowIso())))
        throw conflict(messages.forgotten.alreadyDecided, undefined, 'forgotten.decided');
      return { message: messages.forgotten.dismissed };
    },
  };
}
