import { randomUUID } from 'node:crypto';
import { messages, type ManualPunchBody } from '@punchclock/contract';
import type { AuthContext } from '../../auth/guards';
import type { Database } from '../../db/database';
import type { Selectable } from 'kysely';
import type { PunchesTable } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { localDay, localTime, nowIso, zonedToUtc } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';

type Permission = 'create_time_entries' | 'edit_time_entries';

export function punchesService({ db }: { db: Database }) {
  const zoneOf = async (accountId: number) => (await db.selectFrom('accounts').select('time_zone').where('id', '=', accountId).executeTakeFirstOrThrow()).time_zone;

  /** Managers act on any employee of their account; an employee only on themself, with the permission asked. */
  async function employeeFor(auth: AuthContext, employeeRef: number, permission?: Permission) {
    const e = await db.selectFrom('employees').select(['id', 'create_time_entries', 'edit_time_entries', 'view_gps_location'])
      .where('account_id', '=', auth.accountId).where('id', '=', employeeRef).where('deleted_at', 'is', null).executeTakeFirst();
    if (!e || (auth.userType === 'employee' && auth.employeeRef !== e.id)) throw notFound(messages.punches.noEmployeeIdentifier);
    if (auth.userType === 'employee' && permission && !e[permission]) {
      throw forbidden(permission === 'create_time_entries' ? messages.punches.notAllowedCreate : messages.punches.notAllowedEdit);
    }
    return e;
  }

  function view(p: Selectable<PunchesTable>, zone: string, showPosition: boolean) {
    const hours = p.time_out ? Math.round(((Date.parse(p.time_out) - Date.parse(p.time_in)) / 3_600_000) * 100) / 100 : null;
    return {
      id: p.id, employee_id: p.employee_ref, date: p.work_date, time_in: localTime(new Date(p.time_in), zone),
      time_out: p.time_out ? localTime(new Date(p.time_out), zone) : null, hours, deduction: p.deduction, type: p.type, notes: p.notes,
      source: p.source, late_sync: !!p.late_sync, conflict: p.conflict,
      latitude: showPosition ? p.latitude : null, longitude: showPosition ? p.longitude : null,
    };
  }

  /** The instants of a manual punch, checked: out after in, not in the future, no overlap with the employee's other punches. */
  async function instants(auth: AuthContext, employeeRef: number, body: ManualPunchBody, zone: string, exceptId?: number) {
    const date = body.date ?? localDay(new Date(), zone);
    const timeIn = zonedToUtc(date, body.time_in, zone).toISOString();
    const timeOut = zonedToUtc(date, body.time_out, zone).toISOString();
    if (timeOut <= timeIn) throw unprocessable(messages.punches.timeOutAfterIn);
    if (timeOut > nowIso()) throw unprocessable(messages.punches.inFuture);
    let q = db.selectFrom('punches').select('id').where('account_id', '=', auth.accountId).where('employee_ref', '=', employeeRef).where('deleted_at', 'is', null)
      .where('time_in', '<', timeOut).where((eb) => eb.or([eb('time_out', 'is', null), eb('time_out', '>', timeIn)]));
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict(messages.punches.overlaps);
    return { date, timeIn, timeOut };
  }

  async function findPunch(auth: AuthContext, id: number) {
    const p = await db.selectFrom('punches').selectAll().where('account_id', '=', auth.accountId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!p) throw notFound(messages.punches.dataNotFound);
    return p;
  }

  return {
    async list(auth: AuthContext, employeeRef: number) {
      const e = await employeeFor(auth, employeeRef);
      const zone = await zoneOf(auth.accountId);
      const rows = await db.selectFrom('punches').selectAll().where('account_id', '=', auth.accountId).where('employee_ref', '=', e.id).where('deleted_at', 'is', null).orderBy('time_in', 'desc').limit(1000).execute();
      const showPosition = auth.userType === 'user' || !!e.view_gps_location;
      return { data: rows.map((p) => view(p, zone, showPosition)) };
    },

    async create(auth: AuthContext, body: ManualPunchBody) {
      const e = await employeeFor(auth, body.employee_id, 'create_time_entries');
      const zone = await zoneOf(auth.accountId);
      const t = await instants(auth, e.id, body, zone);
      const at = nowIso();
      const row = await db.insertInto('punches').values({
        account_id: auth.accountId, employee_ref: e.id, client_id: randomUUID(), clock_out_client_id: null, work_date: t.date, time_in: t.timeIn, time_out: t.timeOut,
        device_time_in: null, device_time_out: null, received_in_at: at, received_out_at: at, source: 'manual', station_id: null, station_out_id: null,
        deduction: body.deduction, type: body.type, notes: body.notes ?? null, latitude: null, longitude: null, accuracy: null, latitude_out: null, longitude_out: null,
        accuracy_out: null, screening: null, conflict: null, created_by_user_id: auth.userId, created_at: at, updated_at: at,
      }).returningAll().executeTakeFirstOrThrow();
      const data = view(row, zone, true);
      await recordActivity(db, { accountId: auth.accountId, userId: auth.userId, employeeId: e.id, action: 'punch.created', details: { new: data } });
      return { message: messages.punches.created, data };
    },

    async update(auth: AuthContext, id: number, body: ManualPunchBody) {
      const old = await findPunch(auth, id);
      await employeeFor(auth, old.employee_ref, 'edit_time_entries');
      if (body.employee_id !== old.employee_ref) throw unprocessable('A punch cannot be moved to another employee.');
      const zone = await zoneOf(auth.accountId);
      const t = await instants(auth, old.employee_ref, body, zone, id);
      const row = await db.updateTable('punches').set({ work_date: t.date, time_in: t.timeIn, time_out: t.timeOut, deduction: body.deduction, type: body.type, notes: body.notes ?? null, updated_at: nowIso() })
        .where('id', '=', id).where('account_id', '=', auth.accountId).returningAll().executeTakeFirstOrThrow();
      const data = view(row, zone, true);
      await recordActivity(db, { accountId: auth.accountId, userId: auth.userId, employeeId: old.employee_ref, action: 'punch.updated', details: { old: view(old, zone, true), new: data } });
      return { message: messages.punches.updated, data };
    },

    /** Soft delete: the row stays for the audit trail; it no longer counts anywhere. */
    async remove(auth: AuthContext, id: number) {
      const old = await findPunch(auth, id);
      await employeeFor(auth, old.employee_ref, 'edit_time_entries');
      await db.updateTable('punches').set({ deleted_at: nowIso(), updated_at: nowIso() }).where('id', '=', id).where('account_id', '=', auth.accountId).execute();
      const zone = await zoneOf(auth.accountId);
      await recordActivity(db, { accountId: auth.accountId, userId: auth.userId, employeeId: old.employee_ref, action: 'punch.deleted', details: { old: view(old, zone, true) } });
      return { message: messages.punches.deleted };
    },
  };
}
