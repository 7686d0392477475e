import * as XLSX from '@e965/xlsx';
import {
  DEFAULT_DEPARTMENT_TYPE,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  employeeBody,
  messages,
  type ImportAnswer,
  type ImportIssue,
} from '@punchclock/contract';
import { z } from 'zod';
import type { AuthContext } from '../../auth/guards';
import type { AppDeps } from '../../deps';
import { hashPin } from '../../lib/badges';
import { unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';
import { centsToRate } from './employees.repository';
import { normaliseFieldValue, type CustomField } from './fields.service';

/** One row's fields, checked by the same rules as the create form (contract `employeeBody`). */
const rowSchema = employeeBody
  .pick({ name: true, employee_id: true, title: true, email: true, hourly_rate: true, pin: true })
  .extend({
    department: z
      .string()
      .trim()
      .min(1, 'Department is required.')
      .max(120, 'Department must be at most 120 characters.'),
  });
type GoodRow = z.output<typeof rowSchema> & { row: number; custom: { field_id: number; value: string }[] };

const COLUMN_OF: Record<string, (typeof IMPORT_COLUMNS)[number]> = {
  name: 'Name',
  employee_id: 'Employee ID',
  department: 'Department',
  title: 'Title',
  email: 'Email',
  hourly_rate: 'Hourly Rate',
  pin: 'PIN',
};
const REQUIRED = ['Name', 'Employee ID', 'Department'] as const;
const CHUNK = 200;

/** Only real spreadsheets are parsed: .xlsx is a zip, .xls an OLE file, .csv plain text. */
function readWorkbook(file: Buffer, fileName: string): XLSX.WorkBook {
  const ext = fileName.toLowerCase().split('.').pop();
  const zip = file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const ole = file.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  const text = !file.subarray(0, 8192).includes(0);
  const fits = (ext === 'xlsx' && zip) || (ext === 'xls' && (ole || zip)) || (ext === 'csv' && text);
  if (!fits) throw unprocessable(messages.people.importNotSpreadsheet);
  try {
    // raw: CSV cells stay text (an Employee ID '0012' keeps its zeros); cellDates: date cells arrive as dates.
    return XLSX.read(file, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      raw: ext === 'csv',
      cellHTML: false,
      cellFormula: false,
    });
  } catch {
    throw unprocessable(messages.people.importNotSpreadsheet);
  }
}

const cellText = (v: unknown) =>
  v instanceof Date
    ? Number.isNaN(v.getTime())
      ? ''
      : v.toISOString().slice(0, 10)
    : v === null || v === undefined
      ? ''
      : String(v).trim();

/** The sheet as [row number, cells] pairs under a header row, skipping blank rows. */
function sheetRows(wb: XLSX.WorkBook): { header: string[]; rows: [number, string[]][] } {
  const ws = wb.Sheets[wb.SheetNames[0] ?? ''];
  if (!ws) throw unprocessable(messages.people.importEmpty);
  const first = ws['!ref'] ? XLSX.utils.decode_range(ws['!ref']).s.r : 0;
  const all = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: '', blankrows: true });
  const header = (all[0] ?? []).map(cellText);
  const rows: [number, string[]][] = [];
  all.slice(1).forEach((cells, i) => {
    const text = cells.map(cellText);
    if (text.some((c) => c !== '')) rows.push([first + i + 2, text]);
  });
  return { header, rows };
}

export function importService(deps: AppDeps) {
  const { db, config } = deps;

  /** What the account already holds, loaded once per file (set-based, not per row). */
  async function accountState(accountId: number) {
    const [employees, departments, fields] = await Promise.all([
      db
        .selectFrom('employees')
        .select(['employee_id', 'email'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .execute(),
      db
        .selectFrom('departments')
        .select(['id', 'dp_name'])
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .execute(),
      db.selectFrom('custom_fields').selectAll().where('account_id', '=', accountId).execute(),
    ]);
    const noDup = fields.filter((f) => !f.allow_duplicates).map((f) => f.id);
    const taken = noDup.length
      ? await db
          .selectFrom('custom_field_values as v')
          .innerJoin('employees as e', 'e.id', 'v.employee_ref')
          .select(['v.field_id', 'v.value'])
          .where('v.account_id', '=', accountId)
          .where('v.field_id', 'in', noDup)
          .where('e.deleted_at', 'is', null)
          .execute()
      : [];
    return {
      codes: new Set(employees.map((e) => e.employee_id)),
      emails: new Set(employees.flatMap((e) => (e.email ? [e.email] : []))),
      departments: new Map(departments.map((d) => [d.dp_name.toLowerCase(), d.id])),
      fields,
      takenValues: new Set(taken.map((t) => `${t.field_id}:${t.value}`)),
    };
  }

  /** Checks every row; answers the good ones and, for each bad row, its row number, field and reason. */
  function check(
    header: string[],
    rows: [number, string[]][],
    state: Awaited<ReturnType<typeof accountState>>,
  ) {
    const index = new Map(header.map((h, i) => [h.toLowerCase(), i]));
    for (const col of REQUIRED)
      if (!index.has(col.toLowerCase())) throw unprocessable(messages.people.importMissingColumn(col));
    const fieldCols = state.fields.flatMap((f) =>
      index.has(f.field_name.toLowerCase())
        ? [[f, index.get(f.field_name.toLowerCase())!] as [CustomField, number]]
        : [],
    );
    const issues: ImportIssue[] = [];
    const good: GoodRow[] = [];
    const codes = new Set(state.codes);
    const emails = new Set(state.emails);
    const values = new Set(state.takenValues);
    for (const [row, cells] of rows) {
      const raw = Object.fromEntries(
        Object.keys(COLUMN_OF).map((k) => [
          k,
          index.has(COLUMN_OF[k].toLowerCase()) ? (cells[index.get(COLUMN_OF[k].toLowerCase())!] ?? '') : '',
        ]),
      );
      const before = issues.length;
      const parsed = rowSchema.safeParse({
        ...raw,
        title: raw.title || null,
        email: raw.email || null,
        hourly_rate: raw.hourly_rate || null,
        pin: raw.pin || null,
      });
      if (!parsed.success) {
        for (const i of parsed.error.issues)
          issues.push({ row, field: COLUMN_OF[String(i.path[0])] ?? String(i.path[0]), reason: i.message });
      }
      const custom: GoodRow['custom'] = [];
      for (const [f, col] of fieldCols) {
        const v = normaliseFieldValue(f, cells[col]);
        if ('error' in v) issues.push({ row, field: f.field_name, reason: v.error });
        else if (v.value !== null && !f.allow_duplicates && values.has(`${f.id}:${v.value}`))
          issues.push({ row, field: f.field_name, reason: messages.people.fieldValueTaken(f.field_name) });
        else if (v.value !== null) custom.push({ field_id: f.id, value: v.value });
      }
      if (parsed.success) {
        const earlier = (taken: boolean, inAccount: boolean, field: string, already: string) => {
          if (taken)
            issues.push({ row, field, reason: inAccount ? already : messages.people.importRepeated(field) });
        };
        earlier(
          codes.has(parsed.data.employee_id),
          state.codes.has(parsed.data.employee_id),
          'Employee ID',
          messages.people.employeeIdTaken,
        );
        if (parsed.data.email)
          earlier(
            emails.has(parsed.data.email),
            state.emails.has(parsed.data.email),
            'Email',
            messages.people.emailTaken,
          );
      }
      if (issues.length > before || !parsed.success) continue;
      // Later rows are checked against the earlier good rows of the same file.
      codes.add(parsed.data.employee_id);
      if (parsed.data.email) emails.add(parsed.data.email);
      for (const c of custom) values.add(`${c.field_id}:${c.value}`);
      good.push({ ...parsed.data, row, custom });
    }
    return { good, issues };
  }

  async function write(auth: AuthContext, fileName: string, good: GoodRow[], known: Map<string, number>) {
    const at = nowIso();
    return db.transaction().execute(async (trx) => {
      const batch = await trx
        .insertInto('import_batches')
        .values({
          account_id: auth.accountId,
          file_name: fileName.slice(0, 200),
          row_count: good.length,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const depts = new Map(known);
      for (const r of good) {
        const key = r.department.toLowerCase();
        if (depts.has(key)) continue;
        const d = await trx
          .insertInto('departments')
          .values({
            account_id: auth.accountId,
            dp_name: r.department,
            dp_type: DEFAULT_DEPARTMENT_TYPE,
            use_company_settings: 1,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        depts.set(key, d.id);
      }
      const ids = new Map<string, number>();
      for (let i = 0; i < good.length; i += CHUNK) {
        const rows = good.slice(i, i + CHUNK).map((r) => ({
          account_id: auth.accountId,
          department_id: depts.get(r.department.toLowerCase())!,
          employee_id: r.employee_id,
          name: r.name,
          title: r.title || null,
          email: r.email || null,
          hourly_rate_cents: r.hourly_rate ?? 0,
          pin: null,
          permission_app: 1,
          punch_in_out: 0,
          import_batch_id: batch.id,
          created_at: at,
          updated_at: at,
        }));
        for (const e of await trx
          .insertInto('employees')
          .values(rows)
          .returning(['id', 'employee_id'])
          .execute())
          ids.set(e.employee_id, e.id);
      }
      for (const r of good) {
        if (r.pin)
          await trx
            .updateTable('employees')
            .set({ pin: hashPin(config.appSecret, ids.get(r.employee_id)!, r.pin) })
            .where('id', '=', ids.get(r.employee_id)!)
            .execute();
      }
      const values = good.flatMap((r) =>
        r.custom.map((c) => ({
          account_id: auth.accountId,
          employee_ref: ids.get(r.employee_id)!,
          field_id: c.field_id,
          value: c.value,
        })),
      );
      for (let i = 0; i < values.length; i += CHUNK * 2)
        await trx
          .insertInto('custom_field_values')
          .values(values.slice(i, i + CHUNK * 2))
          .execute();
      return { batchId: batch.id, newDepartments: depts.size - known.size };
    });
  }

  return {
    /** Preview (nothing written) or import: the valid rows go in one transaction; bad rows are reported, never half-written. */
    async run(auth: AuthContext, file: Buffer, fileName: string, preview: boolean): Promise<ImportAnswer> {
      const { header, rows } = sheetRows(readWorkbook(file, fileName));
      if (rows.length === 0) throw unprocessable(messages.people.importEmpty);
      if (rows.length > IMPORT_MAX_ROWS)
        throw unprocessable(messages.people.importTooManyRows(IMPORT_MAX_ROWS));
      const state = await accountState(auth.accountId);
      const { good, issues } = check(header, rows, state);
      const newDepartments = [
        ...new Map(
          good
            .filter((r) => !state.departments.has(r.department.toLowerCase()))
            .map((r) => [r.department.toLowerCase(), r.department]),
        ).values(),
      ];
      const answer = {
        preview,
        total_rows: rows.length,
        valid_rows: good.length,
        errors: issues,
        new_departments: newDepartments,
      };
      if (preview)
        return {
          ...answer,
          imported: 0,
          message: messages.people.importPreview(good.length, new Set(issues.map((i) => i.row)).size),
        };
      if (good.length === 0) throw unprocessable(messages.people.importNothingValid);
      await write(auth, fileName, good, state.departments);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'employees.imported',
        details: {
          file: fileName,
          imported: good.length,
          skipped_rows: [...new Set(issues.map((i) => i.row))],
        },
      });
      return { ...answer, imported: good.length, message: messages.employees.imported };
    },

    /** 'Uploaded Employees': the current employees of the account's latest import. */
    async uploaded(auth: AuthContext) {
      const batch = await db
        .selectFrom('import_batches')
        .select('id')
        .where('account_id', '=', auth.accountId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!batch) return { data: [] };
      const rows = await db
        .selectFrom('employees')
        .select(['id', 'name', 'employee_id', 'email', 'hourly_rate_cents'])
        .where('account_id', '=', auth.accountId)
        .where('import_batch_id', '=', batch.id)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          employee_id: r.employee_id,
          email: r.email,
          hourly_rate: centsToRate(r.hourly_rate_cents),
        })),
      };
    },

    /** The template: a header row of the import columns and the account's custom fields. */
    async template(auth: AuthContext): Promise<Buffer> {
      const fields = await db
        .selectFrom('custom_fields')
        .select('field_name')
        .where('account_id', '=', auth.accountId)
        .orderBy('field_name')
        .execute();
      const header = [...IMPORT_COLUMNS, ...fields.map((f) => f.field_name)];
      const ws = XLSX.utils.aoa_to_sheet([header]);
      ws['!cols'] = header.map((h) => ({ wch: Math.max(14, h.length + 2) }));
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, ws, 'Employees');
      return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    },
  };
}
