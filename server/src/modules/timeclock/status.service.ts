import type { PageQuery } from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { pinHintKey } from '../../lib/badges';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { nowIso } from '../../lib/time';
import { elapsedSince } from '../time/worked';
import type { ClockRepository } from './clock.repository';

const KEY = ['string', 'number'] as const;

/**
 * The station's employee status list (GET /api/employee-status): current employees in (name, id) order, a page
 * at a time by position (keyset), each with whether they are clocked in and since when. A station (and only a
 * station: nobody else checks PINs offline) also gets the account's PIN hint key and each PIN's hint
 * (docs/RULES.md#pin-lock).
 */
export function statusService({
  clock,
  appSecret,
}: {
  clock: Pick<ClockRepository, 'employeesPage' | 'openShiftsOf'>;
  appSecret: string;
}) {
  return {
    async page(caller: Caller, q: PageQuery) {
      requireAccess(caller, 'clock:status');
      const cursor = decodeCursor('employee-status', q.cursor, KEY);
      const rows = await clock.employeesPage(caller.accountId, {
        after: cursor?.key,
        back: cursor?.back,
        limit: q.limit + 1,
      });
      const page = pageOf('employee-status', rows, {
        limit: q.limit,
        cursor,
        keyOf: (e) => [e.name_key, e.id],
      });
      const open = await clock.openShiftsOf(
        caller.accountId,
        page.data.map((e) => e.id),
      );
      const openBy = new Map(open.map((o) => [o.employee_ref, o.time_in]));
      const now = nowIso();
      const station = caller.stationId !== null;
      return {
        pin_hint_key: station ? pinHintKey(appSecret, caller.accountId) : null,
        data: page.data.map((e) => {
          const timeIn = openBy.get(e.id) ?? null;
          const elapsed = timeIn ? elapsedSince(timeIn, now) : null;
          return {
            id: e.id,
            employee_id: e.employee_id,
            name: e.name,
            // Whether typing the Employee ID asks the PIN (as check-employee says), so an offline station asks it too.
            needs_pin: !!e.use_card_or_pin && !!e.pin,
            pin_hint: station && e.use_card_or_pin && e.pin ? e.pin_hint : null,
            // Whether a station may punch them at all (the server's own test), and which badge prints are current:
            // offline, the station refuses what the server would refuse, instead of showing it as taken.
            can_punch: e.status !== 'inactive' && !!e.permission_app,
            badge_version: e.badge_version,
            clockedIn: !!timeIn,
            clockInTime: timeIn,
            elapsedTime: elapsed?.seconds ?? null,
            duration: elapsed?.minutes ?? null,
          };
        }),
        next_cursor: page.next_cursor,
        prev_cursor: page.prev_cursor,
      };
    },
  };
}
