import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_PAGE_SIZE,
  type ActivityFilter,
  type ActivityQuery,
} from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { csvLine } from '../../lib/csv';
import { unprocessable } from '../../lib/errors';
import { zonedToUtc } from '../../lib/time';
import { timeRulesFor } from '../time/time-rules';
import type { SettingsRepository } from '../settings/settings.repository';
import type { ActivityRepository, InstantRange } from './activity.repository';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const CSV_HEADER = ['ID', 'Date', 'Action', 'Description', 'User', 'Employee ID', 'Employee', 'Details'];

export function activityService({
  repos,
}: {
  repos: { activity: ActivityRepository; settings: Pick<SettingsRepository, 'timeRulesRow'> };
}) {
  const logs = repos.activity;
  const rulesOf = timeRulesFor(repos.settings);

  /** The filter's days are days in the account's zone: start_date from its midnight, end_date up to the next midnight. */
  async function rangeOf(auth: Caller, q: ActivityFilter): Promise<InstantRange> {
    if (!q.start_date && !q.end_date) return {};
    const { zone } = await rulesOf(auth.accountId);
    return {
      from: q.start_date ? zonedToUtc(q.start_date, '00:00', zone).toISOString() : undefined,
      before: q.end_date ? zonedToUtc(nextDay(q.end_date), '00:00', zone).toISOString() : undefined,
    };
  }

  return {
    /** One page of the account's log, newest first; a page past the end answers no rows with the real last page. */
    async list(auth: Caller, q: ActivityQuery) {
      requireAccess(auth, 'activity:read');
      const filter = { action: q.action || undefined, ...(await rangeOf(auth, q)) };
      const total = await logs.count(auth.accountId, filter);
      const lastPage = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
      const data = await logs.page(
        auth.accountId,
        filter,
        (q.page - 1) * ACTIVITY_PAGE_SIZE,
        ACTIVITY_PAGE_SIZE,
      );
      return { data, current_page: q.page, last_page: lastPage, total, per_page: ACTIVITY_PAGE_SIZE };
    },

    /** The filtered log as CSV (activity_logs.csv), oldest first, so it reads like a journal. */
    async exportCsv(auth: Caller, q: ActivityFilter): Promise<string> {
      requireAccess(auth, 'activity:read');
      const filter = { action: q.action || undefined, ...(await rangeOf(auth, q)) };
      const total = await logs.count(auth.accountId, filter);
      if (total > ACTIVITY_EXPORT_MAX_ROWS)
        throw unprocessable(
          `The export would hold ${total} entries; narrow the dates to at most ${ACTIVITY_EXPORT_MAX_ROWS}.`,
        );
      const rows = await logs.page(auth.accountId, filter, 0, ACTIVITY_EXPORT_MAX_ROWS, 'asc');
      return (
        csvLine(CSV_HEADER) +
        rows
          .map((r) =>
            csvLine([
              r.id,
              r.created_at,
              r.action,
              ACTIVITY_ACTIONS[r.action] ?? r.action,
              r.user_name,
              r.employee_code,
              r.employee_name,
              r.details,
            ]),
          )
          .join('')
      );
    },
  };
}
