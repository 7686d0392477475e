import {
  foldText,
  ROLL_CALL_PLACES,
  ROLL_CALL_TEXT,
  type RollCallAnswer,
  type RollCallPerson,
  type RollCallQuery,
} from '@punchclock/contract';
import { type Caller, reachOf, requireAccess, scopeOf } from '../../auth/access';
import { forbidden } from '../../lib/errors';
import { formatDateTime } from '../reports/renderers/format';
import type { SettingsRepository } from '../settings/settings.repository';
import { timeRulesFor } from '../time/time-rules';
import type { RollCallRepository } from './roll-call.repository';

type OnSiteRow = Awaited<ReturnType<RollCallRepository['onSite']>>[number];

/** Where a shift was punched in: its station's name, or how it was made when not at a station. */
function placeOf(row: Pick<OnSiteRow, 'source' | 'station_name'>): string {
  if (row.station_name !== null) return row.station_name;
  if (row.source === 'web') return ROLL_CALL_PLACES.web;
  if (row.source === 'station') return ROLL_CALL_PLACES.station;
  return ROLL_CALL_PLACES.manager;
}

const byName = (a: string, b: string) => {
  const fa = foldText(a);
  const fb = foldText(b);
  return fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

export function rollCallService(deps: {
  repo: Pick<RollCallRepository, 'onSite'>;
  settings: Pick<SettingsRepository, 'timeRulesRow'>;
  now?: () => Date;
}) {
  const rulesOf = timeRulesFor(deps.settings);
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * GET /api/roll-call: who is on site now, grouped by location or department. A paired station reads the whole
     * account (it is the site's device, and its Emergency screen must list everyone); an administrator reads the
     * departments they reach (reachOf); an employee's own login is refused (403), as the roll call names others.
     */
    async list(caller: Caller, q: RollCallQuery): Promise<RollCallAnswer> {
      const station = caller.stationId !== null && scopeOf(caller, 'clock:status') === 'all';
      if (!station && (requireAccess(caller, 'employees:read') !== 'all' || caller.userId === null))
        throw forbidden();

      const { accountId } = caller;
      const [rules, rows] = await Promise.all([
        rulesOf(accountId),
        deps.repo.onSite(accountId, reachOf(caller)),
      ]);
      const text = (iso: string) => formatDateTime(iso, rules.zone, rules.dateFormat, rules.timeFormat);

      const groups = new Map<string, RollCallPerson[]>();
      for (const row of rows) {
        const person: RollCallPerson = {
          employee_ref: row.employee_ref,
          employee_id: row.employee_id,
          name: row.name,
          department: row.dp_name ?? ROLL_CALL_TEXT.noDepartment,
          location: placeOf(row),
          station_id: row.station_id,
          time_in: row.time_in,
          time_in_text: text(row.time_in),
        };
        const key = q.group === 'location' ? person.location : person.department;
        const people = groups.get(key);
        if (people) people.push(person);
        else groups.set(key, [person]);
      }
      const at = now().toISOString();
      return {
        group: q.group,
        time_zone: rules.zone,
        generated_at: at,
        generated_at_text: text(at),
        count: rows.length,
        groups: [...groups.entries()]
          .sort(([a], [b]) => byName(a, b))
          .map(([name, people]) => ({ name, count: people.length, people })),
      };
    },
  };
}
