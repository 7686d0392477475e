import { messages, type PunchConflictsAnswer } from '@punchclock/contract';
import { requireAccess, type Caller } from '../../auth/access';
import type { UnitOfWork } from '../../db/unit-of-work';
import { forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { ActivityRepository } from '../activity/activity.repository';
import type { ClockRepository } from './clock.repository';

interface Logged {
  reason?: string;
  station_id?: number | null;
  punch?: { kind?: string; device_time?: string; employee_id?: string; badge?: string };
}

const badgeRef = (badge?: string) =>
  badge ? Number(/^PC1\.\d+\.(\d+)\./.exec(badge)?.[1] ?? 0) || null : null;
const distinct = <T>(values: (T | null | undefined)[]): T[] =>
  [...new Set(values)].filter((v): v is T => v !== null && v !== undefined);

/** The account's refusals name every employee: a manager's, not an employee's nor a department administrator's. */
function requireWholeAccount(caller: Caller) {
  if (requireAccess(caller, 'punches:read') !== 'all' || caller.departments !== 'all') throw forbidden();
}

export function conflictsService({
  clock,
  inTransaction,
}: {
  clock: ClockRepository;
  inTransaction: UnitOfWork<{ clock: ClockRepository; activity: ActivityRepository }>;
}) {
  return {
    /**
     * A manager dealt with a refused punch (entered the time by hand, or it needs nothing): it leaves the list.
     * Marking it again changes nothing; an id that is not one of the account's refusals is 404.
     */
    async fix(caller: Caller, logId: number) {
      requireWholeAccount(caller);
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

    /** The newest refused synced punches of the account, with employee and station names resolved. */
    async list(caller: Caller, limit = 200): Promise<PunchConflictsAnswer> {
      requireWholeAccount(caller);
      const logs = await clock.refusedPunches(caller.accountId, limit);
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
