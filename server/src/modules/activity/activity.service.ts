import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_MAX_ROWS,
  type ActivityFilter,
  type ActivityQuery,
  type ActivityRefs,
  detailEntries,
  type RefKind,
  refsIn,
} from '@punchclock/contract';
import { type Caller, requireAccess } from '../../auth/access';
import { csvHeaderLine, csvLine } from '../../lib/csv';
import { type Cursor, decodeCursor, pageOf } from '../../lib/cursor';
import { unprocessable } from '../../lib/errors';
import { localDay, localTime, zonedToUtc } from '../../lib/time';
import { formatClock, formatDate, formatDateTime } from '../reports/renderers/format';
import type { TimeRules } from '../time/time-rules';
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

/** The CSV's fixed columns; one column per detail label the export's entries hold follows them. */
const CSV_HEADER = [
  'ID',
  'Date',
  'Time',
  'Time zone',
  'Action',
  'Description',
  'User',
  'Employee ID',
  'Employee',
];
/** The column of details that have no field of their own (a rename, text that is not JSON). */
const CHANGE = 'Change';
/** A detail column named like a fixed column (ID, Employee ID) is told apart from it. */
const columnOf = (label: string | null) =>
  label === null ? CHANGE : CSV_HEADER.includes(label) ? `${label} (details)` : label;

type AccountClock = Pick<TimeRules, 'zone' | 'dateFormat' | 'timeFormat'>;
const instantIn = (c: AccountClock) => (iso: string) =>
  formatDateTime(iso, c.zone, c.dateFormat, c.timeFormat);

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

  /**
   * Names for the ids a batch of entries' details name, set-based: one query for the whole batch
   * (activity.repository `named`, a UNION ALL), never one per entry. Punches read as "employee, clock-in".
   */
  async function refsFor(
    accountId: number,
    rows: { details: string | null }[],
    clock: AccountClock,
  ): Promise<ActivityRefs> {
    const ids: Record<RefKind, Set<number>> = {
      station: new Set(),
      punch: new Set(),
      employee: new Set(),
      department: new Set(),
    };
    for (const r of rows) {
      for (const ref of refsIn(r.details)) {
        const [kind, id] = ref.split(':') as [RefKind, string];
        ids[kind].add(Number(id));
      }
    }
    if (Object.values(ids).every((set) => set.size === 0)) return {};
    const found = await logs.named(accountId, {
      station: [...ids.station],
      punch: [...ids.punch],
      employee: [...ids.employee],
      department: [...ids.department],
    });
    const when = instantIn(clock);
    const refs: ActivityRefs = {};
    for (const r of found) {
      const id = Number(r.id);
      if (r.kind === 'punch') refs[`punch:${id}`] = r.at ? `${r.name}, ${when(r.at)}` : r.name;
      else if (r.kind === 'employee') refs[`employee:${id}`] = `${r.name} (${r.code})`;
      else refs[`${r.kind}:${id}`] = r.name;
    }
    return refs;
  }

  return {
    /**
     * One page of the account's log, newest first, after the cursor's row (one index range scan, the same cost
     * on every page). The count is made on the first page only and carried in the cursors. Without a cursor,
     * `page` (the old client's parameter) is still answered by offset; a page past the end answers no rows.
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
      const refs = await refsFor(auth.accountId, page.data, await rulesOf(auth.accountId));
      return {
        data: page.data,
        current_page: page.page,
        ...(total === undefined ? {} : { last_page: Math.max(1, Math.ceil(total / limit)), total }),
        per_page: limit,
        next_cursor: page.next_cursor,
        prev_cursor: page.prev_cursor,
        refs,
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
      const clock = await rulesOf(accountId);
      const when = instantIn(clock);
      /** The filtered entries, oldest first, in keyset batches (one batch in memory at a time). */
      async function* batches() {
        let after: (string | number)[] | undefined;
        for (let sent = 0; sent < ACTIVITY_EXPORT_MAX_ROWS;) {
          const rows = await logs.page(accountId, filter, { after }, EXPORT_BATCH, 'asc');
          if (rows.length === 0) return;
          yield rows;
          sent += rows.length;
          if (rows.length < EXPORT_BATCH) return;
          after = keyOf(rows[rows.length - 1]);
        }
      }
      return (async function* () {
        // A first pass learns which detail labels the entries hold (a column each); the second writes them.
        const labels = new Map<string, number>();
        for await (const rows of batches()) {
          for (const r of rows) {
            for (const [label] of detailEntries(r.details)) {
              const name = columnOf(label);
              if (!labels.has(name)) labels.set(name, labels.size);
            }
          }
        }
        yield csvHeaderLine([...CSV_HEADER, ...labels.keys()]);
        for await (const rows of batches()) {
          const refs = await refsFor(accountId, rows, clock);
          yield rows
            .map((r) => {
              const at = new Date(r.created_at);
              const details: string[] = Array.from({ length: labels.size }, () => '');
              for (const [label, text] of detailEntries(r.details, { when, refs })) {
                const col = labels.get(columnOf(label));
                // An entry written after the first pass can bring a label it did not see: it has no column.
                if (col === undefined) continue;
                details[col] = details[col] ? `${details[col]}; ${text}` : text;
              }
              return csvLine([
                r.id,
                formatDate(localDay(at, clock.zone), clock.dateFormat),
                formatClock(localTime(at, clock.zone), clock.timeFormat),
                clock.zone,
                r.action,
                ACTIVITY_ACTIONS[r.action] ?? r.action,
                r.user_name,
                r.employee_code,
                r.employee_name,
                ...details,
              ]);
            })
            .join('');
        }
      })();
    },
  };
}
