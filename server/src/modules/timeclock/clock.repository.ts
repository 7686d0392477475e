import type { Kysely } from 'kysely';
import { keysetAfter, nameOrder } from '../../db/keyset';
import { anyOf } from '../../db/in-list';
import { precompiled } from '../../db/precompiled';
import { turnBatched } from '../../db/turn-batch';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';
import type { KeyPart } from '../../lib/cursor';
import { keepPlan } from '../../db/database';
import { insertActivities } from '../activity/activity.repository';

/** An employee as the clock needs them: who they are, how they identify, whether they may punch. */
export type ClockEmployee = {
  id: number;
  employee_id: string;
  name: string;
  pin: string | null;
  use_card_or_pin: number;
  permission_app: number;
  status: string;
  badge_version: number;
  department_name: string | null;
  /** Revocations while offline (docs/RULES.md#revocations-while-offline): a synced punch made before them counts. */
  badge_replaced_at: string | null;
  app_login_removed_at: string | null;
  deleted_at: string | null;
};

/** The activity actions of a synced punch the server did not apply. */
const REFUSALS = ['punch.conflict', 'punch.rejected'];

const clockEmployees = (db: Kysely<DB>, accountId: number) =>
  anyClockEmployees(db, accountId).where('employees.deleted_at', 'is', null);

/** Employees as the clock reads them, deleted ones too (a sync batch's punches made before the deletion). */
const anyClockEmployees = (db: Kysely<DB>, accountId: number) =>
  db
    .selectFrom('employees')
    .leftJoin('departments', 'departments.id', 'employees.department_id')
    .select([
      'employees.id',
      'employees.employee_id',
      'employees.name',
      'employees.pin',
      'employees.use_card_or_pin',
      'employees.permission_app',
      'employees.status',
      'employees.badge_version',
      'departments.dp_name as department_name',
      'employees.badge_replaced_at',
      'employees.app_login_removed_at',
      'employees.deleted_at',
    ])
    .where('employees.account_id', '=', accountId);

// Every live punch asks one of these: compiled once (db/precompiled).
const employeeByCode = precompiled((db, v: { accountId: number; code: string }) =>
  clockEmployees(db, v.accountId).where('employees.employee_id', '=', v.code),
);
const employeeById = precompiled((db, v: { accountId: number; id: number }) =>
  clockEmployees(db, v.accountId).where('employees.id', '=', v.id),
);

/**
 * Employees of concurrent punches by Employee ID (PostgreSQL: one query an account, db/turn-batch). The key is
 * the account and the code, joined by a character neither holds.
 */
const employeeOfCode = turnBatched<string, ClockEmployee>({
  one: async (db, key) => {
    const [accountId, code] = splitKey(key);
    return (await employeeByCode(db, { accountId, code }))[0];
  },
  async many(db, keys) {
    const codesOf = new Map<number, string[]>();
    for (const key of keys) {
      const [accountId, code] = splitKey(key);
      const codes = codesOf.get(accountId);
      if (codes) codes.push(code);
      else codesOf.set(accountId, [code]);
    }
    const found = new Map<string, ClockEmployee>();
    for (const [accountId, codes] of codesOf)
      for (const e of await clockEmployees(db, accountId)
        .where(anyOf('employees.employee_id', codes, 'text'))
        .modifyEnd(keepPlan)
        .execute())
        found.set(codeKey(accountId, e.employee_id), e);
    return found;
  },
});
const codeKey = (accountId: number, code: string) => `${accountId}\u0000${code}`;
const splitKey = (key: string): [number, string] => {
  const at = key.indexOf('\u0000');
  return [Number(key.slice(0, at)), key.slice(at + 1)];
};

/** The clock's reads of employees, stations and the log of refused punches; account first. */
export function clockRepository(db: Kysely<DB>) {
  const employees = (accountId: number) => clockEmployees(db, accountId);

  return {
    employeeByCode: (accountId: number, code: string): Promise<ClockEmployee | undefined> =>
      employeeOfCode(db, codeKey(accountId, code)),
    employeeById: async (accountId: number, id: number): Promise<ClockEmployee | undefined> =>
      (await employeeById(db, { accountId, id }))[0],

    /** A sync batch's employees at once, by Employee ID and by id (badges), 500 per query. */
    async employeesOf(accountId: number, codes: string[], ids: number[]): Promise<ClockEmployee[]> {
      const found: ClockEmployee[] = [];
      const uniqueCodes = [...new Set(codes)];
      const uniqueIds = [...new Set(ids)];
      for (let i = 0; i < uniqueCodes.length; i += 500)
        found.push(
          ...(await employees(accountId)
            .where('employees.employee_id', 'in', uniqueCodes.slice(i, i + 500))
            .execute()),
        );
      for (let i = 0; i < uniqueIds.length; i += 500)
        found.push(
          ...(await employees(accountId)
            .where('employees.id', 'in', uniqueIds.slice(i, i + 500))
            .execute()),
        );
      return found;
    },

    /**
     * Deleted employees with these Employee IDs or ids (a sync batch's, 500 per query), the latest deleted first:
     * their punches made before the deletion still count (docs/RULES.md#revocations-while-offline).
     */
    async formerEmployeesOf(accountId: number, codes: string[], ids: number[]): Promise<ClockEmployee[]> {
      const found: ClockEmployee[] = [];
      const former = () =>
        anyClockEmployees(db, accountId)
          .where('employees.deleted_at', 'is not', null)
          .orderBy('employees.deleted_at', 'desc')
          .orderBy('employees.id', 'desc');
      const uniqueCodes = [...new Set(codes)];
      const uniqueIds = [...new Set(ids)];
      for (let i = 0; i < uniqueCodes.length; i += 500)
        found.push(
          ...(await former()
            .where('employees.employee_id', 'in', uniqueCodes.slice(i, i + 500))
            .execute()),
        );
      for (let i = 0; i < uniqueIds.length; i += 500)
        found.push(
          ...(await former()
            .where('employees.id', 'in', uniqueIds.slice(i, i + 500))
            .execute()),
        );
      return found;
    },

    /** The answers the server gave before to these client ids when it refused them (sync_refusals). */
    async refusedBefore(accountId: number, ids: string[]) {
      const found = new Map<string, { status: 'conflict' | 'rejected'; message: string }>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('sync_refusals')
          .select(['client_id', 'status', 'message'])
          .where('account_id', '=', accountId)
          .where('client_id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of rows)
          found.set(r.client_id, { status: r.status as 'conflict' | 'rejected', message: r.message });
      }
      return found;
    },

    /**
     * Keeps a batch's refusals by client id, so a batch sent again is answered the same (refusedBefore). Answers
     * the client ids this call added: a copy of the batch sent at the same instant waits on the unique index and
     * adds none, so only the first lists them (docs/RULES.md, Revocations while offline).
     */
    async rememberRefusals(
      accountId: number,
      rows: { client_id: string; status: 'conflict' | 'rejected'; message: string }[],
    ) {
      const at = nowIso();
      const added = new Set<string>();
      // In client id order: two copies of a batch then take the index's entries in the same order (no deadlock).
      const sorted = [...rows].sort((a, b) =>
        a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0,
      );
      for (let i = 0; i < sorted.length; i += 500) {
        const inserted = await db
          .insertInto('sync_refusals')
          .values(sorted.slice(i, i + 500).map((r) => ({ ...r, account_id: accountId, created_at: at })))
          .onConflict((oc) => oc.columns(['account_id', 'client_id']).doNothing())
          .returning('client_id')
          .execute();
        for (const r of inserted) added.add(r.client_id);
      }
      return added;
    },

    /** Activity rows of a sync batch (its refused punches) in multi-row INSERTs, in the given order. */
    async recordActivities(
      accountId: number,
      entries: { userId: number | null; employeeId?: number | null; action: string; details: unknown }[],
    ) {
      const at = nowIso();
      // insertActivities seals them in the ledger (db/ledger.ts).
      for (let i = 0; i < entries.length; i += 500)
        await insertActivities(
          db,
          entries.slice(i, i + 500).map((e) => ({
            account_id: accountId,
            user_id: e.userId,
            employee_id: e.employeeId ?? null,
            action: e.action,
            details: JSON.stringify(e.details),
            created_at: at,
            updated_at: at,
          })),
        );
    },

    /**
     * One page of the station's status list: current employees in (folded name, id) order after `after` (before it,
     * read backwards, when `back`): one range of employees_account_name.
     */
    employeesPage: (accountId: number, page: { after?: readonly KeyPart[]; back?: boolean; limit: number }) =>
      db
        .selectFrom('employees')
        .select([
          'id',
          'employee_id',
          'name',
          'use_card_or_pin',
          'pin',
          'pin_hint',
          'status',
          'permission_app',
          'badge_version',
        ])
        .select(nameOrder('name').as('name_key'))
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .$if(!!page.after, (q) => q.where(keysetAfter([nameOrder('name'), 'id'], page.after!, !!page.back)))
        .orderBy(nameOrder('name'), page.back ? 'desc' : 'asc')
        .orderBy('id', page.back ? 'desc' : 'asc')
        .limit(page.limit)
        .execute(),

    /** The open shifts of the given employees (the partial unique index on open shifts, one probe each). */
    openShiftsOf: (accountId: number, employeeRefs: number[]) =>
      employeeRefs.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('punches')
            .select(['employee_ref', 'time_in'])
            .where('account_id', '=', accountId)
            .where('employee_ref', 'in', employeeRefs)
            .where('time_out', 'is', null)
            .where('deleted_at', 'is', null)
            .execute(),

    /** A station's sync: when, and its clock then (server minus device, seconds) when the batch told it. */
    touchSync: (accountId: number, stationId: number, at: string, clockOffset: number | null = null) =>
      db
        .updateTable('stations')
        .set({
          last_sync_at: at,
          ...(clockOffset !== null ? { clock_offset: clockOffset, clock_offset_at: at } : {}),
        })
        .where('account_id', '=', accountId)
        .where('id', '=', stationId)
        .execute(),

    /**
     * The newest synced punches the server refused (activity log punch.conflict / punch.rejected) that no manager
     * has marked as fixed (punch_conflict_fixes).
     */
    /** Refused synced punches not marked fixed, newest first, below the log id `before` when given. */
    refusedPunches: (accountId: number, limit: number, before?: number) =>
      db
        .selectFrom('activity_logs as l')
        .leftJoin('punch_conflict_fixes as f', (j) =>
          j.onRef('f.log_id', '=', 'l.id').on('f.account_id', '=', accountId),
        )
        .select(['l.id', 'l.action', 'l.details', 'l.created_at'])
        .where('l.account_id', '=', accountId)
        .where('l.action', 'in', REFUSALS)
        .where('f.id', 'is', null)
        .$if(before !== undefined, (q) => q.where('l.id', '<', before!))
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute(),

    /** One refused synced punch of the account, by its log id (undefined for any other log row). */
    refusal: (accountId: number, logId: number) =>
      db
        .selectFrom('activity_logs')
        .select(['id', 'action', 'details'])
        .where('account_id', '=', accountId)
        .where('id', '=', logId)
        .where('action', 'in', REFUSALS)
        .executeTakeFirst(),

    /** Marks it as dealt with; once only (a second mark changes nothing). Answers whether this call marked it. */
    async markFixed(accountId: number, logId: number, userId: number | null, at: string) {
      const made = await db
        .insertInto('punch_conflict_fixes')
        .values({ account_id: accountId, log_id: logId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'log_id']).doNothing())
        .executeTakeFirst();
      return Number(made.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * The employees of the account a refused punch names, by Employee ID or by id (a badge), deleted ones too: an
     * accepted punch needs a current one, and a deleted one is told apart from an unknown ID.
     */
    punchOwners: (accountId: number, by: { code: string } | { ref: number }) =>
      db
        .selectFrom('employees')
        .select(['id', 'deleted_at'])
        .where('account_id', '=', accountId)
        .$if('code' in by, (q) => q.where('employee_id', '=', (by as { code: string }).code))
        .$if('ref' in by, (q) => q.where('id', '=', (by as { ref: number }).ref))
        .execute(),

    /** Names for those punches: employees by Employee ID or by id (badges), and stations, in three queries. */
    async namesFor(accountId: number, codes: string[], refs: number[], stationIds: number[]) {
      const pick = db
        .selectFrom('employees')
        .select(['id', 'employee_id', 'name'])
        .where('account_id', '=', accountId);
      const [byCode, byRef, stations] = await Promise.all([
        codes.length ? pick.where('employee_id', 'in', codes).where('deleted_at', 'is', null).execute() : [],
        refs.length ? pick.where('id', 'in', refs).execute() : [],
        stationIds.length
          ? db
              .selectFrom('stations')
              .select(['id', 'name'])
              .where('account_id', '=', accountId)
              .where('id', 'in', stationIds)
              .execute()
          : [],
      ]);
      return { byCode, byRef, stations };
    },
  };
}
export type ClockRepository = ReturnType<typeof clockRepository>;
