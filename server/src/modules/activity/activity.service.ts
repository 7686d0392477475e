import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_MAX_ROWS,
  type ActivityFilter,
  type ActivityQuery,
} from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { csvLine } from '../../lib/csv';
import { type Cursor, decodeCursor, pageOf } from '../../lib/cursor';
import { unprocessable } from '../../lib/errors';
import { zonedToUtc } from '../../lib/time';
import { timeRulesFor } from '../time/time-rules';
import type { SettingsRepository } from '../settings/settings.repository';
import type { ActivityRepository, InstantRange } from './activity.repository';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The log's sort key is (created_at, id), newest first. */
const LIST = 'activity';
const KEY = ['string', 'number'] as const;
const keyOf = (r: { created_at: string; id: number }) => [r.created_at, r.id];
/** Rows the CSV export reads per query while it streams. */
const EXPORT_BATCH = 1000;

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
    /**
     * One page of the account's log, newest first, after the cursor's row (one index range scan, the same cost
     * on every page). The count is made on the first page only and carried in the cursors. Without a cursor,
     * `page` (the spec's parameter) is still answered by offset; a page past the end answers no rows.
     */
    async list(auth: Caller, q: ActivityQuery) {
      requireAccess(auth, 'activity:read');
      const cursor = decodeCursor(LIST, q.cursor, KEY);
      const filter = { action: q.action || undefined, ...(await rangeOf(auth, q)) };
      const total =
        cursor?.total ??
        (cursor || q.count === 'false' ? undefined : await logs.count(auth.accountId, filter));
      const limit = q.limit;
      const byOffset: Cursor | undefined =
        !cursor && q.page > 1 ? { key: [], back: false, page: q.page } : undefined;
      const rows = await logs.page(
        auth.accountId,
        filter,
        byOffset ? { offset: (q.page - 1) * limit } : { after: cursor?.key },
        limit + 1,
        cursor?.back ? 'asc' : 'desc',
      );
      const page = pageOf(LIST, rows, { limit, cursor: cursor ?? byOffset, keyOf, total });
      return {
        data: page.data,
        current_page: page.page,
        ...(total === undefined ? {} : { last_page: Math.max(1, Math.ceil(total / limit)), total }),
        per_page: limit,
        next_cursor: page.next_cursor,
        prev_cursor: page.prev_cursor,
      };
    },

    /** How many entries the filters match: asked once per filter by the web, beside count=false pages. */
    async count(auth: Caller, q: ActivityFilter) {
      requireAccess(auth, 'activity:read');
      const filter = { action: q.action || undefined, ...(await rangeOf(auth, q)) };
      return { total: await logs.count(auth.accountId, filter) };
    },

    /**
     * The filtered log as CSV (activity_logs.csv), oldest first, so it reads like a journal. Refused (422)
     * before anything is sent when it would pass the row limit; then streamed, read in keyset batches.
     */
    async exportCsv(auth: Caller, q: ActivityFilter): Promise<AsyncIterable<string>> {
      requireAccess(auth, 'activity:read');
      const filter = { action: q.action || undefined, ...(await rangeOf(auth, q)) };
      const total = await logs.count(auth.accountId, filter);
      if (total > ACTIVITY_EXPORT_MAX_ROWS)
        throw unprocessable(
          `The export would hold ${total} entries; narrow the dates to at most ${ACTIVITY_EXPORT_MAX_ROWS}.`,
        );
      const accountId = auth.accountId;
      return (async function* () {
        yield csvLine(CSV_HEADER);
        let after: (string | number)[] | undefined;
        for (let sent = 0; sent < ACTIVITY_EXPORT_MAX_ROWS;) {
          const rows = await logs.page(accountId, filter, { after }, EXPORT_BATCH, 'asc');
          if (rows.length === 0) return;
          yield rows
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
            .join('');
          sent += rows.length;
          if (rows.length < EXPORT_BATCH) return;
          after = keyOf(rows[rows.length - 1]);
        }
      })();
    },
  };
}
