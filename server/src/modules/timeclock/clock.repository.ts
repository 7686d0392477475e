import type { Kysely } from 'kysely';
import type { DB, PunchesTable } from '../../db/schema';
import { nowIso } from '../../lib/time';

export type ClockEmployee = {
  id: number;
  employee_id: string;
  name: string;
  pin: string | null;
  use_card_or_pin: number;
  permission_app: number;
  permission_site: number;
  punch_in_out: number;
  status: string;
  badge_version: number;
  department_name: string | null;
};

export type NewPunch = Omit<
  PunchesTable,
  'id' | 'created_at' | 'updated_at' | 'deleted_at' | 'late_sync' | 'deduction' | 'type'
> & { late_sync?: number };

/** Works on the database or inside a transaction (a synced batch is written in chunks, one transaction each). */
export function clockRepository(db: Kysely<DB>) {
  const employees = () =>
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
        'employees.permission_site',
        'employees.punch_in_out',
        'employees.status',
        'employees.badge_version',
        'departments.dp_name as department_name',
      ])
      .where('employees.deleted_at', 'is', null);

  return {
    employeeByCode: (accountId: number, code: string): Promise<ClockEmployee | undefined> =>
      employees()
        .where('employees.account_id', '=', accountId)
        .where('employees.employee_id', '=', code)
        .executeTakeFirst(),
    employeeById: (accountId: number, id: number): Promise<ClockEmployee | undefined> =>
      employees()
        .where('employees.account_id', '=', accountId)
        .where('employees.id', '=', id)
        .executeTakeFirst(),
    allEmployees: (accountId: number): Promise<ClockEmployee[]> =>
      employees().where('employees.account_id', '=', accountId).execute(),

    openShift: (employeeRef: number) =>
      db
        .selectFrom('punches')
        .select(['id', 'time_in'])
        .where('employee_ref', '=', employeeRef)
        .where('time_out', 'is', null)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    openShifts: (accountId: number) =>
      db
        .selectFrom('punches')
        .select(['employee_ref', 'time_in'])
        .where('account_id', '=', accountId)
        .where('time_out', 'is', null)
        .where('deleted_at', 'is', null)
        .execute(),

    byClientId: (accountId: number, clientId: string) =>
      db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),
    byClockOutClientId: (accountId: number, clientId: string) =>
      db
        .selectFrom('punches')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('clock_out_client_id', '=', clientId)
        .executeTakeFirst(),

    /** Client ids of this batch the server already has (as a clock-in or a clock-out), in one query per chunk. */
    async knownClientIds(accountId: number, ids: string[]): Promise<Set<string>> {
      const known = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await db
          .selectFrom('punches')
          .select(['client_id', 'clock_out_client_id'])
          .where('account_id', '=', accountId)
          .where((eb) => eb.or([eb('client_id', 'in', chunk), eb('clock_out_client_id', 'in', chunk)]))
          .execute();
        for (const r of rows) {
          known.add(r.client_id);
          if (r.clock_out_client_id) known.add(r.clock_out_client_id);
        }
      }
      return known;
    },

    /** Inserts a clock-in; the partial unique index refuses a second open shift (the caller catches it). */
    insertPunch: (p: NewPunch) => {
      const at = nowIso();
      return db
        .insertInto('punches')
        .values({ ...p, created_at: at, updated_at: at })
        .returning(['id', 'time_in'])
        .executeTakeFirstOrThrow();
    },

    /**
     * The same insert for synced punches: a second open shift or a replayed client id writes nothing
     * and answers undefined instead of raising, so one conflict cannot abort a whole chunk's transaction
     * on PostgreSQL.
     */
    insertPunchIfFree: (p: NewPunch) => {
      const at = nowIso();
      return db
        .insertInto('punches')
        .values({ ...p, created_at: at, updated_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'time_in'])
        .executeTakeFirst();
    },

    /** Closes the open shift in one conditional UPDATE: two clock-outs racing cannot both succeed. */
    closeShift: (
      accountId: number,
      employeeRef: number,
      out: Pick<
        PunchesTable,
        | 'time_out'
        | 'clock_out_client_id'
        | 'device_time_out'
        | 'received_out_at'
        | 'station_out_id'
        | 'latitude_out'
        | 'longitude_out'
        | 'accuracy_out'
      > & { late?: boolean },
    ) => {
      const { late, ...values } = out;
      return db
        .updateTable('punches')
        .set({ ...values, ...(late ? { late_sync: 1 } : {}), updated_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('employee_ref', '=', employeeRef)
        .where('time_out', 'is', null)
        .where('deleted_at', 'is', null)
        .returning(['id', 'time_in', 'time_out'])
        .executeTakeFirst();
    },

    settings: (accountId: number) =>
      db
        .selectFrom('settings')
        .innerJoin('accounts', 'accounts.id', 'settings.account_id')
        .select([
          'settings.require_location',
          'settings.enable_covid_screening',
          'settings.enable_gps_tracking',
          'settings.attendance_mode',
          'accounts.time_zone',
        ])
        .where('settings.account_id', '=', accountId)
        .executeTakeFirstOrThrow(),

    touchSync: (stationId: number, at: string) =>
      db.updateTable('stations').set({ last_sync_at: at }).where('id', '=', stationId).execute(),
  };
}
export type ClockRepository = ReturnType<typeof clockRepository>;
