import { randomUUID } from 'node:crypto';
import { messages, type ManualPunchBody, type PageQuery } from '@punchclock/contract';
import { type Caller, may, reachOf, requireAccess, requireReach } from '../../auth/access';
import type { UnitOfWork } from '../unit-of-work';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { localDay, nowIso, zonedToUtc } from '../../lib/time';
import { addDays } from '../time/calendar';
import type { EmployeesRepository } from '../employees/employees.repository';
import type { TimeRules } from '../time/time-rules';
import type { PunchRepos } from './punch-store';
import { savePunch } from './punch-store';
import { punchRecord, punchView } from './punch-view';
import type { PunchListRepository } from './punch-list.repository';
import type { PunchRow } from './punches.repository';
import { refuseIfLocked, refusalError } from './rules/validate-punch';

type Actor = Caller & { userId: number };
/** An employee's punches are paged newest first by (time_in, id). */
const PUNCH_KEY = ['string', 'number'] as const;
const punchKey = (p: PunchRow) => [p.time_in, p.id];

export function punchesService(deps: {
  repos: PunchRepos;
  inTransaction: UnitOfWork<PunchRepos>;
  timeRules: (accountId: number) => Promise<TimeRules>;
  punchList: PunchListRepository;
  /** Whose punches these are: the employee look-ups. */
  employees: Pick<EmployeesRepository, 'isCurrent' | 'departmentOf'>;
}) {
  const { repos, inTransaction, timeRules, punchList, employees } = deps;
  const noEmployee = messages.punches.noEmployeeIdentifier;

  /**
   * The employee must be a current one of the caller's account (an `own` caller's is checked by requireAccess)
   * and, for a department-scoped administrator, of one of their departments. `withDeleted` (their list): a
   * deleted employee's punches are kept, still paid in reports, and shown (and corrected) on their page.
   */
  async function mustExist(caller: Caller, employeeRef: number, withDeleted = false) {
    if (!(await employees.isCurrent(caller.accountId, employeeRef, reachOf(caller), withDeleted)))
      throw notFound(noEmployee);
  }

  /**
   * A punch of the account, of an employee the caller reaches (another department's answers 404 too). A deleted
   * employee's punches are found: reports still pay them, so a wrong one is corrected like any other (no new punch
   * is added for a deleted employee, mustExist).
   */
  async function findPunch(caller: Caller, id: number) {
    const p = await repos.punches.find(caller.accountId, id);
    if (!p) throw notFound(messages.punches.dataNotFound);
    await requireReach(
      caller,
      () => employees.departmentOf(caller.accountId, p.employee_ref, true),
      messages.punches.dataNotFound,
    );
    return p;
  }

  /**
   * The instants of a manual punch: wall-clock times on `date` (default today) in the account's zone; its day is
   * the local day of the instant in (as for every punch), which a time the clocks skipped can move past midnight.
   */
  function instants(body: ManualPunchBody, zone: string) {
    const date = body.date ?? localDay(new Date(), zone);
    const timeIn = zonedToUtc(date, body.time_in, zone);
    return {
      date: localDay(timeIn, zone),
      timeIn: timeIn.toISOString(),
      timeOut:
        body.time_out === null
          ? null
          : zonedToUtc(body.out_next_day ? addDays(date, 1) : date, body.time_out, zone).toISOString(),
    };
  }

  /** Create and edit share the one save path: rules, write and activity entry in one transaction. */
  async function save(caller: Actor, body: ManualPunchBody, employeeRef: number, old?: PunchRow) {
    // Only a shift that is open now may stay open: a new punch, or a closed one, has a clock-out.
    if (body.time_out === null && (!old || old.time_out !== null))
      throw badRequest(messages.punches.timeOutRequired, { time_out: [messages.punches.timeOutRequired] });
    const rules = await timeRules(caller.accountId);
    const t = instants(body, rules.zone);
    const now = nowIso();
    const values = {
      work_date: t.date,
      time_in: t.timeIn,
      time_out: t.timeOut,
      deduction: body.deduction,
      type: body.type,
      notes: body.notes ?? null,
    };
    const saved = await inTransaction((r) =>
      savePunch(r, caller, {
        candidate: {
          kind: 'interval',
          employeeRef,
          timeIn: t.timeIn,
          timeOut: t.timeOut,
          type: body.type,
          punchId: old?.id,
          was: old ? [old.time_in, old.time_out] : undefined,
        },
        now,
        attendanceOnly: rules.attendanceOnly,
        write: () =>
          old
            ? r.punches.update(caller.accountId, old.id, values)
            : r.punches.insertIfFree(caller.accountId, {
                ...newManualPunch(caller, employeeRef, now),
                ...values,
              }),
        activity: (row) =>
          old
            ? {
                action: 'punch.updated',
                details: { old: punchRecord(old, rules, true), new: punchRecord(row, rules, true) },
              }
            : { action: 'punch.created', details: { new: punchRecord(row, rules, true) } },
      }),
    );
    if (!saved.ok) {
      if (saved.refusal) throw refusalError(saved.refusal);
      throw notFound(messages.punches.dataNotFound);
    }
    return punchView(saved.row, rules, true);
  }

  /**
   * The punches of a page that lie in an approved pay period (their lock icon). Asked oldest first: the lookup
   * reads the approved periods once, from the earliest day on (pay-periods/period-locks.repository.ts).
   */
  async function lockedOf(accountId: number, page: readonly PunchRow[]): Promise<Set<number>> {
    const locks = repos.periodLocks.of(accountId);
    const locked = new Set<number>();
    const oldestFirst = [...page].sort((a, b) => (a.time_in < b.time_in ? -1 : 1));
    for (const p of oldestFirst) if (await locks.lockedAt([p.time_in, p.time_out])) locked.add(p.id);
    return locked;
  }

  return {
    /** One page of the employee's punches, newest first, after the cursor's punch. */
    async list(caller: Caller, employeeRef: number, q: PageQuery) {
      requireAccess(caller, 'punches:read', { employeeRef, notFoundMessage: noEmployee });
      const cursor = decodeCursor('punches', q.cursor, PUNCH_KEY);
      await mustExist(caller, employeeRef, true);
      const [rules, rows] = await Promise.all([
        timeRules(caller.accountId),
        punchList.pageForEmployee(caller.accountId, employeeRef, {
          after: cursor?.key,
          back: cursor?.back,
          limit: q.limit + 1,
        }),
      ]);
      const page = pageOf('punches', rows, { limit: q.limit, cursor, keyOf: punchKey });
      const showPosition = may(caller, 'punches:gps', { employeeRef });
      const locked = await lockedOf(caller.accountId, page.data);
      return {
        data: page.data.map((p) => ({ ...punchView(p, rules, showPosition), locked: locked.has(p.id) })),
        next_cursor: page.next_cursor,
        prev_cursor: page.prev_cursor,
      };
    },

    async create(caller: Actor, body: ManualPunchBody) {
      requireAccess(caller, 'punches:create', {
        employeeRef: body.employee_id,
        notFoundMessage: noEmployee,
        forbiddenMessage: messages.punches.notAllowedCreate,
      });
      await mustExist(caller, body.employee_id);
      return { message: messages.punches.created, data: await save(caller, body, body.employee_id) };
    },

    async update(caller: Actor, id: number, body: ManualPunchBody) {
      const old = await findPunch(caller, id);
      requireAccess(caller, 'punches:update', {
        employeeRef: old.employee_ref,
        notFoundMessage: messages.punches.dataNotFound,
        forbiddenMessage: messages.punches.notAllowedEdit,
      });
      if (body.employee_id !== old.employee_ref)
        throw unprocessable('A punch cannot be moved to another employee.');
      return { message: messages.punches.updated, data: await save(caller, body, old.employee_ref, old) };
    },

    /** Soft delete: the row stays for the audit trail; it no longer counts anywhere. Logged in the same transaction. */
    async remove(caller: Actor, id: number) {
      const old = await findPunch(caller, id);
      requireAccess(caller, 'punches:delete', {
        employeeRef: old.employee_ref,
        notFoundMessage: messages.punches.dataNotFound,
        forbiddenMessage: messages.punches.notAllowedEdit,
      });
      const rules = await timeRules(caller.accountId);
      await inTransaction(async (r) => {
        // The locked-period rule: a punch of an approved period is not deleted (docs/RULES.md#pay-periods).
        await refuseIfLocked(r.periodLocks.of(caller.accountId), [old.time_in, old.time_out], nowIso());
        await r.punches.softDelete(caller.accountId, id);
        await r.activity.record(caller.accountId, {
          userId: caller.userId,
          employeeId: old.employee_ref,
          action: 'punch.deleted',
          details: { old: punchRecord(old, rules, true) },
        });
      });
      return { message: messages.punches.deleted };
    },
  };
}

/** The columns of a manual punch that are not its times. */
const newManualPunch = (caller: Actor, employeeRef: number, at: string) => ({
  employee_ref: employeeRef,
  client_id: randomUUID(),
  clock_out_client_id: null,
  device_time_in: null,
  device_time_out: null,
  received_in_at: at,
  received_out_at: at,
  source: 'manual' as const,
  station_id: null,
  station_out_id: null,
  latitude: null,
  longitude: null,
  accuracy: null,
  latitude_out: null,
  longitude_out: null,
  accuracy_out: null,
  screening: null,
  conflict: null,
  created_by_user_id: caller.userId,
  deleted_at: null,
});
