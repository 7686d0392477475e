import { type CUSTOM_FIELD_TYPES, DATA_EXPORT_SHEETS, messages, RATES_SINCE } from '@punchclock/contract';
import { type Caller, reachOf, requireAccess } from '../../auth/access';
import { forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { formatDate, formatDateTime } from '../reports/renderers/format';
import type { Cell, ExportMeta, ReportColumn } from '../reports/renderers/types';
import type { SettingsRepository } from '../settings/settings.repository';
import { timeRulesFor } from '../time/time-rules';
import type { DataExportRepository } from './data-export.repository';

/** Rows read from the database per query while a file streams. */
export const EXPORT_BATCH = 500;

export interface DataSection {
  /** The sheet's / section's title (DATA_EXPORT_SHEETS). */
  name: string;
  columns: ReportColumn[];
  rows: AsyncIterable<Record<string, Cell>>;
}

export interface DataExport {
  meta: ExportMeta;
  fileBase: string;
  sections: DataSection[];
}

type Row = Record<string, Cell>;
const yesNo = (v: number | boolean | null | undefined): string => (v ? 'Yes' : 'No');
const col = (key: string, label: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({
  key,
  label,
  kind,
});
const FIELD_VALUE = [col('field', 'Field'), col('value', 'Value')];
/** A custom field's column: numbers and dates are written as such, so a sheet sums and sorts them. */
const FIELD_KIND: Record<(typeof CUSTOM_FIELD_TYPES)[number], ReportColumn['kind']> = {
  text: 'text',
  number: 'number',
  date: 'date',
};

/** Pages of rows by id until a short page: only one page is held at a time. */
async function* paged<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
  toRows: (page: T[]) => Promise<Row[]> | Row[],
): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const page = await read(after, EXPORT_BATCH);
    if (page.length === 0) return;
    yield* await toRows(page);
    if (page.length < EXPORT_BATCH) return;
    after = page[page.length - 1].id;
  }
}

async function* once(read: () => Promise<Row[]>): AsyncGenerator<Row> {
  yield* await read();
}

export function dataExportService({
  repo,
  settings,
}: {
  repo: DataExportRepository;
  settings: Pick<SettingsRepository, 'timeRulesRow'>;
}) {
  const rulesOf = timeRulesFor(settings);

  return {
    /**
     * The caller's data as sections (profile, settings, departments, employees with custom fields, punches),
     * each a lazy row source read in pages when the renderer pulls it. Managers only: an employee's login or
     * a caller that is not a signed-in manager is refused (403).
     */
    async build(auth: Caller): Promise<DataExport> {
      requireAccess(auth, 'settings:write');
      requireAccess(auth, 'employees:read');
      if (auth.userId === null || auth.employeeRef !== null) throw forbidden(messages.general.forbidden);
      const accountId = auth.accountId;
      const reach = reachOf(auth);
      const [profile, rules] = await Promise.all([repo.profile(accountId, auth.userId), rulesOf(accountId)]);
      if (!profile) throw notFound();
      const meta: ExportMeta = {
        reportTitle: 'Your data',
        reportName: 'user_data',
        companyName: profile.company_name,
        start: null,
        end: null,
        generatedAt: nowIso(),
        zone: rules.zone,
        dateFormat: rules.dateFormat,
        timeFormat: rules.timeFormat,
        currency: rules.currency,
      };
      const fields = await repo.customFields(accountId);

      const profileRows = once(async () => [
        { field: 'Name', value: profile.name },
        { field: 'Username', value: profile.username },
        { field: 'Email', value: profile.email },
        { field: 'Phone number', value: profile.phone_number },
        {
          field: 'Date of birth',
          value: profile.date_of_birth && formatDate(profile.date_of_birth, rules.dateFormat),
        },
        { field: 'Company', value: profile.company_name },
        { field: 'Plan', value: profile.plan },
        { field: 'Time zone', value: profile.time_zone },
        {
          field: 'Member since',
          value: formatDateTime(profile.created_at, rules.zone, rules.dateFormat, rules.timeFormat),
        },
      ]);
      const settingsRows = once(async () => {
        const s = await repo.settings(accountId);
        if (!s) return [];
        return [
          { field: 'Company name', value: s.company_name },
          { field: 'Attendance mode', value: s.attendance_mode },
          { field: 'Enable GPS tracking', value: yesNo(s.enable_gps_tracking) },
          { field: 'Require location', value: yesNo(s.require_location) },
          { field: 'COVID screening', value: yesNo(s.enable_covid_screening) },
          { field: 'Time rounding', value: s.time_rounding ?? 'None' },
          { field: 'Display rounded times', value: yesNo(s.display_round_in_out_times) },
          { field: 'Date format', value: s.date_format },
          { field: 'Time format', value: s.time_format },
          { field: 'Week starts on', value: s.week_start },
          { field: 'Time zone', value: rules.zone },
        ];
      });

      const departmentRows = paged(
        (after, limit) => repo.departments(accountId, reach, after, limit),
        (page) =>
          page.map((d) => ({
            id: d.id,
            name: d.dp_name,
            type: d.dp_type,
            exclude: yesNo(d.exclude_from_reports),
            company: yesNo(d.use_company_settings),
            all: yesNo(d.assign_to_all_employees),
            created_at: d.created_at,
            deleted_at: d.deleted_at,
          })),
      );

      const employeeRows = paged(
        (after, limit) => repo.employees(accountId, reach, after, limit),
        async (page) => {
          const values = await repo.fieldValues(
            accountId,
            page.map((e) => e.id),
          );
          const byEmployee = new Map<number, Row>();
          for (const v of values) {
            let row = byEmployee.get(v.employee_ref);
            if (!row) byEmployee.set(v.employee_ref, (row = {}));
            row[`field_${v.field_id}`] = v.value;
          }
          return page.map((e) => ({
            id: e.id,
            employee_id: e.employee_id,
            name: e.name,
            title: e.title,
            email: e.email,
            department: e.dp_name,
            rate: e.hourly_rate_cents,
            status: e.status,
            app: yesNo(e.permission_app),
            site: yesNo(e.permission_site),
            created_at: e.created_at,
            deleted_at: e.deleted_at,
            ...byEmployee.get(e.id),
          }));
        },
      );

      const rateRows = paged(
        (after, limit) => repo.rates(accountId, reach, after, limit),
        (page) =>
          page.map((r) => ({
            id: r.id,
            employee_id: r.employee_code,
            employee: r.employee_name,
            // The rate before the first change has no day of its own: blank, not 1900-01-01.
            from: r.effective_from === RATES_SINCE ? null : r.effective_from,
            rate: r.rate_cents,
            set_at: r.created_at,
          })),
      );

      const punchRows = paged(
        (after, limit) => repo.punches(accountId, reach, after, limit),
        (page) =>
          page.map((p) => ({
            id: p.id,
            employee_id: p.employee_code,
            employee: p.employee_name,
            work_date: p.work_date,
            time_in: p.time_in,
            time_out: p.time_out,
            source: p.source,
            type: p.type,
            deduction: p.deduction,
            station_in: p.station_in,
            station_out: p.station_out,
            notes: p.notes,
            location: p.latitude === null || p.longitude === null ? null : `${p.latitude}, ${p.longitude}`,
          })),
      );

      return {
        meta,
        fileBase: `user_data_${auth.userId}`,
        sections: [
          { name: DATA_EXPORT_SHEETS.profile, columns: FIELD_VALUE, rows: profileRows },
          { name: DATA_EXPORT_SHEETS.settings, columns: FIELD_VALUE, rows: settingsRows },
          {
            name: DATA_EXPORT_SHEETS.departments,
            columns: [
              col('id', 'ID', 'integer'),
              col('name', 'Department'),
              col('type', 'Type'),
              col('exclude', 'Excluded from reports'),
              col('company', 'Company settings'),
              col('all', 'All employees'),
              col('created_at', 'Created', 'datetime'),
              col('deleted_at', 'Deleted', 'datetime'),
            ],
            rows: departmentRows,
          },
          {
            name: DATA_EXPORT_SHEETS.employees,
            columns: [
              col('id', 'ID', 'integer'),
              col('employee_id', 'Employee ID'),
              col('name', 'Name'),
              col('title', 'Title'),
              col('email', 'Email'),
              col('department', 'Department'),
              col('rate', 'Hourly rate', 'money'),
              col('status', 'Status'),
              col('app', 'App access'),
              col('site', 'Site access'),
              col('created_at', 'Created', 'datetime'),
              col('deleted_at', 'Deleted', 'datetime'),
              ...fields.map((f) => col(`field_${f.id}`, f.field_name, FIELD_KIND[f.field_type])),
            ],
            rows: employeeRows,
          },
          {
            name: DATA_EXPORT_SHEETS.rates,
            columns: [
              col('id', 'ID', 'integer'),
              col('employee_id', 'Employee ID'),
              col('employee', 'Employee'),
              col('from', 'Paid from', 'date'),
              col('rate', 'Hourly rate', 'money'),
              col('set_at', 'Set', 'datetime'),
            ],
            rows: rateRows,
          },
          {
            name: DATA_EXPORT_SHEETS.punches,
            columns: [
              col('id', 'ID', 'integer'),
              col('employee_id', 'Employee ID'),
              col('employee', 'Employee'),
              col('work_date', 'Date', 'date'),
              col('time_in', 'Time in', 'datetime'),
              col('time_out', 'Time out', 'datetime'),
              col('source', 'Source'),
              col('type', 'Type'),
              col('deduction', 'Deduction'),
              col('station_in', 'Station in'),
              col('station_out', 'Station out'),
              col('notes', 'Notes'),
              col('location', 'Location'),
            ],
            rows: punchRows,
          },
        ],
      };
    },
  };
}
