import type { Database } from '../../db/database';

/** A synced punch the server did not apply (conflict rule, README): what the manager must fix by hand. */
export interface PunchIssue {
  id: number;
  at: string;
  status: 'conflict' | 'rejected';
  reason: string;
  kind: string | null;
  device_time: string | null;
  station: string | null;
  employee_id: string | null;
  employee_name: string | null;
  employee_ref: number | null;
}

interface Logged {
  reason?: string;
  station_id?: number | null;
  punch?: { kind?: string; device_time?: string; employee_id?: string; badge?: string };
}

const badgeRef = (badge?: string) =>
  badge ? Number(/^PC1\.\d+\.(\d+)\./.exec(badge)?.[1] ?? 0) || null : null;

export function conflictsService({ db }: { db: Database }) {
  return {
    /** The newest refused synced punches of the account (activity log punch.conflict / punch.rejected), with names resolved in two queries. */
    async list(accountId: number, limit = 200): Promise<{ data: PunchIssue[] }> {
      const logs = await db
        .selectFrom('activity_logs')
        .select(['id', 'action', 'details', 'created_at'])
        .where('account_id', '=', accountId)
        .where('action', 'in', ['punch.conflict', 'punch.rejected'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const parsed = logs.map((l) => ({ log: l, d: JSON.parse(l.details ?? '{}') as Logged }));
      const codes = [
        ...new Set(parsed.flatMap((p) => (p.d.punch?.employee_id ? [p.d.punch.employee_id] : []))),
      ];
      const refs = [
        ...new Set(
          parsed.flatMap((p) => {
            const r = badgeRef(p.d.punch?.badge);
            return r ? [r] : [];
          }),
        ),
      ];
      const stationIds = [...new Set(parsed.flatMap((p) => (p.d.station_id ? [p.d.station_id] : [])))];
      const [byCode, byRef, stations] = await Promise.all([
        codes.length
          ? db
              .selectFrom('employees')
              .select(['id', 'employee_id', 'name'])
              .where('account_id', '=', accountId)
              .where('employee_id', 'in', codes)
              .where('deleted_at', 'is', null)
              .execute()
          : [],
        refs.length
          ? db
              .selectFrom('employees')
              .select(['id', 'employee_id', 'name'])
              .where('account_id', '=', accountId)
              .where('id', 'in', refs)
              .execute()
          : [],
        stationIds.length
          ? db
              .selectFrom('stations')
              .select(['id', 'name'])
              .where('account_id', '=', accountId)
              .where('id', 'in', stationIds)
              .execute()
          : [],
      ]);
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
          station: stations.find((s) => s.id === d.station_id)?.name ?? null,
          employee_id: e?.employee_id ?? d.punch?.employee_id ?? null,
          employee_name: e?.name ?? null,
          employee_ref: e?.id ?? null,
        };
      });
      return { data };
    },
  };
}
