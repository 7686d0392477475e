import { randomUUID } from 'node:crypto';
import {
  DATE_FORMATS,
  messages,
  TIME_FORMATS,
  type DateFormat,
  type ManualPunchBody,
  type TimeFormat,
} from '@punchclock/contract';
import type { AuthContext } from '../../auth/guards';
import type { Database } from '../../db/database';
import type { Selectable } from 'kysely';
import type { PunchesTable } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { reportedHours, roundingStep, roundToStep } from '../../lib/punch-rules';
import { localDay, localTime, nowIso, zonedToUtc } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';

interface ReportRules {
  zone: string;
  step: number | null;
  displayRounded: boolean;
  attendanceOnly: boolean;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
}

/** A stored format the contract does not know (never written by the settings screen) falls back to the sign-up default. */
const known = <T extends string>(options: readonly T[], value: string): T =>
  (options as readonly string[]).includes(value) ? (value as T) : options[0];

type Permission = 'create_time_entries' | 'edit_time_entries';

export function punchesService({ db }: { db: Database }) {
  /** What shapes a reported punch: the account's zone, time rounding, Attendance Only (no hours), and how screens show dates and times. */
  async function rulesOf(accountId: number): Promise<ReportRules> {
    const r = await db
      .selectFrom('accounts')
      .innerJoin('settings', 'settings.account_id', 'accounts.id')
      .select([
        'accounts.time_zone',
        'settings.time_rounding',
        'settings.display_round_in_out_times',
        'settings.attendance_mode',
        'settings.date_format',
        'settings.time_format',
      ])
      .where('accounts.id', '=', accountId)
      .executeTakeFirstOrThrow();
    return {
      zone: r.time_zone,
      step: roundingStep(r.time_rounding),
      displayRounded: !!r.display_round_in_out_times,
      attendanceOnly: r.attendance_mode === 'Attendance Only',
      dateFormat: known(DATE_FORMATS, r.date_format),
      timeFormat: known(TIME_FORMATS, r.time_format),
    };
  }

  /** Managers act on any employee of their account; an employee only on themself, with the permission asked. */
  async function employeeFor(auth: AuthContext, employeeRef: number, permission?: Permission) {
    const e = await db
      .selectFrom('employees')
      .select(['id', 'create_time_entries', 'edit_time_entries', 'view_gps_location'])
      .where('account_id', '=', auth.accountId)
      .where('id', '=', employeeRef)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!e || (auth.userType === 'employee' && auth.employeeRef !== e.id))
      throw notFound(messages.punches.noEmployeeIdentifier);
    if (auth.userType === 'employee' && permission && !e[permission]) {
      throw forbidden(
        permission === 'create_time_entries'
          ? messages.punches.notAllowedCreate
          : messages.punches.notAllowedEdit,
      );
    }
    return e;
  }

  /** A punch as the activity log keeps it: its values, not how the account happens to show them. */
  function record(p: Selectable<PunchesTable>, rules: ReportRules, showPosition: boolean) {
    const { zone, step } = rules;
    const local = (iso: string | null) => (iso ? localTime(new Date(iso), zone) : null);
    return {
      id: p.id,
      employee_id: p.employee_ref,
      date: p.work_date,
      time_in: local(p.time_in)!,
      time_out: local(p.time_out),
      rounded_time_in: local(roundToStep(p.time_in, step))!,
      rounded_time_out: local(p.time_out && roundToStep(p.time_out, step)),
      display_rounded: rules.displayRounded && !!step,
      hours: reportedHours(p.time_in, p.time_out, step, rules.attendanceOnly),
      deduction: p.deduction,
      type: p.type,
      notes: p.notes,
      source: p.source,
      late_sync: !!p.late_sync,
      conflict: p.conflict,
      latitude: showPosition ? p.latitude : null,
      longitude: showPosition ? p.longitude : null,
    };
  }

  /** A punch as the API answers it: the values plus the account's Date Format and Time Format, which screens apply. */
  function view(p: Selectable<PunchesTable>, rules: ReportRules, showPosition: boolean) {
    return {
      ...record(p, rules, showPosition),
      date_format: rules.dateFormat,
      time_format: rules.timeFormat,
    };
  }

  /** The instants of a manual punch, checked: out after in, not in the future, no overlap with the employee's other punches. */
  async function instants(
    auth: AuthContext,
    employeeRef: number,
    body: ManualPunchBody,
    zone: string,
    exceptId?: number,
  ) {
    const date = body.date ?? localDay(new Date(), zone);
    const timeIn = zonedToUtc(date, body.time_in, zone).toISOString();
    const timeOut = zonedToUtc(date, body.time_out, zone).toISOString();
    if (timeOut <= timeIn) throw unprocessable(messages.punches.timeOutAfterIn);
    if (timeOut > nowIso()) throw unprocessable(messages.punches.inFuture);
    let q = db
      .selectFrom('punches')
      .select('id')
      .where('account_id', '=', auth.accountId)
      .where('employee_ref', '=', employeeRef)
      .where('deleted_at', 'is', null)
      .where('time_in', '<', timeOut)
      .where((eb) => eb.or([eb('time_out', 'is', null), eb('time_out', '>', timeIn)]));
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict(messages.punches.overlaps);
    return { date, timeIn, timeOut };
  }

  async function findPunch(auth: AuthContext, id: number) {
    const p = await db
      .selectFrom('punches')
      .selectAll()
      .where('account_id', '=', auth.accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!p) throw notFound(messages.punches.dataNotFound);
    return p;
  }

  return {
    async list(auth: AuthContext, employeeRef: number) {
      const e = await employeeFor(auth, employeeRef);
      const rules = await rulesOf(auth.accountId);
      const rows = await db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', auth.accountId)
        .where('employee_ref', '=', e.id)
        .where('deleted_at', 'is', null)
        .orderBy('time_in', 'desc')
        .limit(1000)
        .execute();
      const showPosition = auth.userType === 'user' || !!e.view_gps_location;
      return { data: rows.map((p) => view(p, rules, showPosition)) };
    },

    async create(auth: AuthContext, body: ManualPunchBody) {
      const e = await employeeFor(auth, body.employee_id, 'create_time_entries');
      const rules = await rulesOf(auth.accountId);
      const t = await instants(auth, e.id, body, rules.zone);
      const at = nowIso();
      const row = await db
        .insertInto('punches')
        .values({
          account_id: auth.accountId,
          employee_ref: e.id,
          client_id: randomUUID(),
          clock_out_client_id: null,
          work_date: t.date,
          time_in: t.timeIn,
          time_out: t.timeOut,
          device_time_in: null,
          device_time_out: null,
          received_in_at: at,
          received_out_at: at,
          source: 'manual',
          station_id: null,
          station_out_id: null,
          deduction: body.deduction,
          type: body.type,
          notes: body.notes ?? null,
          latitude: null,
          longitude: null,
          accuracy: null,
          latitude_out: null,
          longitude_out: null,
          accuracy_out: null,
          screening: null,
          conflict: null,
          created_by_user_id: auth.userId,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const data = view(row, rules, true);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: e.id,
        action: 'punch.created',
        details: { new: record(row, rules, true) },
      });
      return { message: messages.punches.created, data };
    },

    async update(auth: AuthContext, id: number, body: ManualPunchBody) {
      const old = await findPunch(auth, id);
      await employeeFor(auth, old.employee_ref, 'edit_time_entries');
      if (body.employee_id !== old.employee_ref)
        throw unprocessable('A punch cannot be moved to another employee.');
      const rules = await rulesOf(auth.accountId);
      const t = await instants(auth, old.employee_ref, body, rules.zone, id);
      const row = await db
        .updateTable('punches')
        .set({
          work_date: t.date,
          time_in: t.timeIn,
          time_out: t.timeOut,
          deduction: body.deduction,
          type: body.type,
          notes: body.notes ?? null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('account_id', '=', auth.accountId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const data = view(row, rules, true);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: old.employee_ref,
        action: 'punch.updated',
        details: { old: record(old, rules, true), new: record(row, rules, true) },
      });
      return { message: messages.punches.updated, data };
    },

    /** Soft delete: the row stays for the audit trail; it no longer counts anywhere. */
    async remove(auth: AuthContext, id: number) {
      const old = await findPunch(auth, id);
      await employeeFor(auth, old.employee_ref, 'edit_time_entries');
      await db
        .updateTable('punches')
        .set({ deleted_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', id)
        .where('account_id', '=', auth.accountId)
        .execute();
      const rules = await rulesOf(auth.accountId);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        employeeId: old.employee_ref,
        action: 'punch.deleted',
        details: { old: record(old, rules, true) },
      });
      return { message: messages.punches.deleted };
    },
  };
}
