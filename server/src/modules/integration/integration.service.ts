import {
  type Action,
  API_KEY_SCOPES,
  type ApiKeyScope,
  getDataBody,
  type integrationPageQuery,
  type integrationPunchesQuery,
  type integrationReportQuery,
  messages,
  REPORTS,
} from '@punchclock/contract';
import type { z } from 'zod';
import { type Caller, requireAccess } from '../../auth/access';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { badRequest, type FieldErrors } from '../../lib/errors';
import { decimalFromCents } from '../../lib/money';
import { reportNamed } from '../reports/reports.registry';
import type { reportsService } from '../reports/reports.service';
import type { IntegrationRepository } from './integration.repository';

/** The action each scope grants, so a refusal names the scope the key lacks. */
const scopeFor = (action: Action): ApiKeyScope =>
  (Object.keys(API_KEY_SCOPES) as ApiKeyScope[]).find((s) =>
    API_KEY_SCOPES[s].permission.startsWith(`${action}:`),
  )!;

const need = (caller: Caller, action: Action) =>
  requireAccess(caller, action, { forbiddenMessage: messages.apiKeys.scopeMissing(scopeFor(action)) });

/** The cursor of a page cut from `limit + 1` rows: the last row's key when there are more. */
function nextOf<R>(list: string, rows: R[], limit: number, keyOf: (r: R) => (string | number)[]) {
  const more = rows.length > limit;
  const data = rows.slice(0, limit);
  return {
    data,
    next_cursor: more ? encodeCursor(list, { key: keyOf(data[data.length - 1]), back: false }) : null,
  };
}

/**
 * The read-only integration API (X-API-Key): the account's employees, departments, punches and reports. Every
 * method asks `requireAccess` for the read its scope grants; nothing here writes.
 */
export function integrationService(deps: {
  repo: IntegrationRepository;
  reports: ReturnType<typeof reportsService>;
}) {
  const { repo, reports } = deps;
  return {
    async employees(caller: Caller, q: z.output<typeof integrationPageQuery>) {
      need(caller, 'employees:read');
      const cursor = decodeCursor('integration-employees', q.cursor, ['number']);
      const rows = await repo.employees(caller.accountId, cursor?.key[0] as number | undefined, q.limit + 1);
      const page = nextOf('integration-employees', rows, q.limit, (r) => [r.id]);
      return {
        data: page.data.map(({ hourly_rate_cents, ...e }) => ({
          ...e,
          hourly_rate: decimalFromCents(hourly_rate_cents),
        })),
        next_cursor: page.next_cursor,
      };
    },

    async departments(caller: Caller) {
      need(caller, 'departments:read');
      const rows = await repo.departments(caller.accountId);
      return { data: rows.map((d) => ({ ...d, exclude_from_reports: !!d.exclude_from_reports })) };
    },

    async punches(caller: Caller, q: z.output<typeof integrationPunchesQuery>) {
      need(caller, 'punches:read');
      const cursor = decodeCursor('integration-punches', q.cursor, ['string', 'number']);
      const rows = await repo.punches(
        caller.accountId,
        { from: q.start_date, to: q.end_date, employeeCode: q.employee_id },
        cursor?.key,
        q.limit + 1,
      );
      return nextOf('integration-punches', rows, q.limit, (r) => [r.work_date, r.id]);
    },

    reportList(caller: Caller) {
      need(caller, 'reports:run');
      return {
        data: REPORTS.map((r) => ({ name: r.name, title: r.title, params: [...r.params] })),
      };
    },

    /** A report of the registry, as POST /getdata runs it (the same checks, rows and paging). */
    async report(caller: Caller, name: string, q: z.output<typeof integrationReportQuery>) {
      need(caller, 'reports:run');
      const reportname = reportNamed(name) ? name : name.replace(/[-_]+/g, ' ');
      const parsed = getDataBody.safeParse({ reportname, ...q });
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const i of parsed.error.issues) (errors[i.path.join('.') || 'query'] ??= []).push(i.message);
        throw badRequest(parsed.error.issues[0]?.message ?? messages.general.badInput, errors);
      }
      const run = await reports.run(caller, parsed.data);
      return reports.page(run, parsed.data);
    },
  };
}
