import * as XLSX from '@e965/xlsx';
import {
  IMPORT_COLUMNS,
  importColumnKey,
  importColumnNamed,
  IMPORT_MAX_ROWS,
  employeeBody,
  messages,
  type ImportAnswer,
  type ImportIssue,
} from '@punchclock/contract';
import { z } from 'zod';
import { reachesWholeAccount, requireAccess, requireWholeAccount } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../unit-of-work';
import { unprocessable } from '../../lib/errors';
import { decimalFromCents } from '../../lib/money';
import type { CustomField } from '../custom-fields/custom-fields.repository';
import type { EmployeesRepos } from '../employees/employees.repositories';
import { type BatchRow, type EmployeeIssue, newEmployee } from '../employees/employee-admission';
import type { EmployeesService } from '../employees/employees.service';

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
/** How many rows under the template's header are formatted as text in its Employee ID and PIN columns. */
const TEMPLATE_TEXT_ROWS = 1000;

/**
 * A CSV file's text: UTF-8 (with or without a byte-order mark, as Google Sheets, Numbers and most tools write
 * it) when its bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows). Read as bytes, SheetJS took
 * UTF-8 without a mark for Latin-1 and stored "José" as "JosÃ©".
 */
function csvText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return windows1252(file);
  }
}

/**
 * Windows-1252's bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; five are unused). Node's
 * TextDecoder('windows-1252') decodes them as Latin-1's C1 controls, so "O’Brien" came in as "O\u0092Brien".
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const windows1252 = (bytes: Buffer): string =>
  bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);

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
    return XLSX.read(ext === 'csv' ? csvText(file) : file, {
      type: ext === 'csv' ? 'string' : 'buffer',
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

/**
 * A date cell as YYYY-MM-DD. SheetJS makes a spreadsheet's date (a day, no zone) midnight on the server's clock:
 * its local parts are the day (toISOString moved it to the day before on a server east of UTC).
 */
const dayOf = (d: Date) =>
  `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const cellText = (v: unknown) =>
  v instanceof Date
    ? Number.isNaN(v.getTime())
      ? ''
      : dayOf(v)
    : v === null || v === undefined
      ? ''
      : String(v).trim();

/**
 * A number cell shown with leading zeros (format "0000": 42 shown as 0042, an Employee ID or a PIN) is read as it
 * is shown; other numbers keep their value (a rate 12.5 shown as $12.50 stays 12.5).
 */
function keepShownDigits(ws: XLSX.WorkSheet) {
  for (const row of (ws['!data'] ?? []) as (XLSX.CellObject | undefined)[][])
    for (const cell of row ?? []) {
      const shown = cell?.w?.trim();
      if (cell?.t === 'n' && shown && /^0\d+$/.test(shown) && Number(shown) === cell.v) {
        cell.t = 's';
        cell.v = shown;
      }
    }
}

/** The sheet as [row number, cells] pairs under a header row, skipping blank rows. */
function sheetRows(wb: XLSX.WorkBook): { header: string[]; rows: [number, string[]][] } {
  const ws = wb.Sheets[wb.SheetNames[0] ?? ''];
  if (!ws) throw unprocessable(messages.people.importEmpty);
  keepShownDigits(ws);
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

/**
 * Which column each import column and custom field reads: every column feeds one of them at most, the employee's
 * own fields first, then the custom fields, each taking the first unclaimed column of its name (ignoring case). A
 * field named like an employee field (allowed before such names were refused) reads nothing; two fields whose
 * names differ only in case each read their own column, in order.
 */
function columnsOf(header: string[], fields: CustomField[]) {
  const free = new Map<string, number[]>();
  header.forEach((h, i) => {
    const key = importColumnKey(h);
    free.set(key, [...(free.get(key) ?? []), i]);
  });
  const claimed = new Set<number>();
  const claim = (name: string) => {
    const col = free.get(importColumnKey(name))?.shift();
    if (col !== undefined) claimed.add(col);
    return col;
  };
  const index = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), claim(c)]));
  const fieldCols = fields.flatMap((f) => {
    const col = importColumnNamed(f.field_name) ? undefined : claim(f.field_name);
    return col === undefined ? [] : [[f.id, col] as const];
  });
  // Said in the preview: a column read by nothing would otherwise import as empty (a rate of $0.00) unnoticed.
  const ignored = header.filter((h, i) => h.trim() !== '' && !claimed.has(i));
  return { index, fieldCols, ignored };
}

/**
 * The sheet's rows as a batch for the employees module: each row read by the column headers and checked by
 * the form's rules; a row that fails them still has its custom values checked, and is never written.
 */
function toBatch(header: string[], rows: [number, string[]][], fields: CustomField[]) {
  const { index, fieldCols, ignored } = columnsOf(header, fields);
  for (const col of REQUIRED)
    if (index.get(col.toLowerCase()) === undefined)
      throw unprocessable(messages.people.importMissingColumn(col));
  const issues: ImportIssue[] = [];
  const batch: BatchRow[] = rows.map(([row, cells]) => {
    const cell = (k: string) => {
      const col = index.get(COLUMN_OF[k].toLowerCase());
      return col === undefined ? '' : (cells[col] ?? '');
    };
    const custom = Object.fromEntries(fieldCols.map(([id, col]) => [String(id), cells[col]]));
    const parsed = rowSchema.safeParse({
      name: cell('name'),
      employee_id: cell('employee_id'),
      department: cell('department'),
      title: cell('title') || null,
      email: cell('email') || null,
      hourly_rate: cell('hourly_rate') || null,
      pin: cell('pin') || null,
    });
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        issues.push({ row, field: COLUMN_OF[String(i.path[0])] ?? String(i.path[0]), reason: i.message });
      return { row, malformed: true, custom };
    }
    return newEmployee(row, { name: parsed.data.department }, parsed.data, { custom });
  });
  return { batch, issues, ignored };
}

/**
 * An issue of the employees module in the sheet's words: its column, and "repeated" for a code, e-mail or custom
 * value used twice in the file (no employee holds it yet: "Another employee already has" would send them looking).
 */
function sheetIssue(i: EmployeeIssue, fields: Map<number, string>): ImportIssue {
  const custom = i.key.startsWith('custom_fields.');
  const field = custom
    ? (fields.get(Number(i.key.slice('custom_fields.'.length))) ?? i.key)
    : (COLUMN_OF[i.key] ?? i.key);
  const repeated = custom ? messages.people.importValueRepeated : messages.people.importRepeated;
  return { row: i.row, field, reason: i.repeated ? repeated(field) : i.message };
}

export function importService({
  repos,
  inTransaction,
  employees,
  afterImport = async () => {},
}: {
  repos: EmployeesRepos;
  inTransaction: UnitOfWork<EmployeesRepos>;
  employees: Pick<EmployeesService, 'add'>;
  /** Once an import has committed, before it answers (PostgreSQL: its tables analyzed; never throws). */
  afterImport?: () => Promise<void>;
}) {
  return {
    /** Preview (nothing written) or import: the valid rows go in one transaction; bad rows are reported, never half-written. */
    async run(auth: AuthContext, file: Buffer, fileName: string, preview: boolean): Promise<ImportAnswer> {
      requireAccess(auth, 'employees:write');
      // An import can name new departments, which only an administrator of the whole account may create.
      requireWholeAccount(auth, { message: messages.account.scopedCannotImport });
      const { header, rows } = sheetRows(readWorkbook(file, fileName));
      if (rows.length === 0) throw unprocessable(messages.people.importEmpty);
      if (rows.length > IMPORT_MAX_ROWS)
        throw unprocessable(messages.people.importTooManyRows(IMPORT_MAX_ROWS));
      const fields = await repos.fields.list(auth.accountId);
      const { batch, issues: unread, ignored } = toBatch(header, rows, fields);
      const names = new Map(fields.map((f) => [f.id, f.field_name]));
      const answerOf = (added: Awaited<ReturnType<EmployeesService['add']>>) => {
        const errors = [...unread, ...added.issues.map((i) => sheetIssue(i, names))].sort(
          (a, b) => a.row - b.row,
        );
        return {
          preview,
          total_rows: rows.length,
          valid_rows: added.accepted.length,
          errors,
          new_departments: added.newDepartments,
          ignored_columns: ignored,
        };
      };

      if (preview) {
        const answer = answerOf(await employees.add(repos, auth.accountId, batch, { dryRun: true }));
        const skipped = new Set(answer.errors.map((i) => i.row)).size;
        return { ...answer, imported: 0, message: messages.people.importPreview(answer.valid_rows, skipped) };
      }
      const answer = await inTransaction(async (r) => {
        const answer = answerOf(await employees.add(r, auth.accountId, batch, { importFile: fileName }));
        if (answer.valid_rows === 0) throw unprocessable(messages.people.importNothingValid);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'employees.imported',
          details: {
            file: fileName,
            imported: answer.valid_rows,
            skipped_rows: [...new Set(answer.errors.map((i) => i.row))],
          },
        });
        return answer;
      });
      await afterImport();
      return { ...answer, imported: answer.valid_rows, message: messages.employees.imported };
    },

    /** 'Uploaded Employees': the current employees of the account's latest import. */
    async uploaded(auth: AuthContext) {
      requireAccess(auth, 'employees:read');
      if (!reachesWholeAccount(auth)) return { data: [] };
      const rows = await repos.employees.latestImported(auth.accountId);
      return {
        data: rows.map(({ hourly_rate_cents, ...r }) => ({
          ...r,
          hourly_rate: decimalFromCents(hourly_rate_cents),
        })),
      };
    },

    /** The template: a header row of the import columns and the account's custom fields. */
    async template(auth: AuthContext): Promise<Buffer> {
      requireAccess(auth, 'employees:read');
      const fields = await repos.fields.list(auth.accountId);
      // A field named like an employee field is not imported (columnsOf): not offered either.
      const custom = fields.filter((f) => !importColumnNamed(f.field_name));
      const header = [...IMPORT_COLUMNS, ...custom.map((f) => f.field_name)];
      const ws = XLSX.utils.aoa_to_sheet([header]);
      ws['!cols'] = header.map((h) => ({ wch: Math.max(14, h.length + 2) }));
      // Employee ID and PIN are text in Excel too, so 0012 typed there stays 0012 (a number would drop the zeros).
      for (const name of ['Employee ID', 'PIN']) {
        const c = header.indexOf(name);
        for (let r = 1; r <= TEMPLATE_TEXT_ROWS; r += 1)
          ws[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: '', z: '@' };
      }
      ws['!ref'] = XLSX.utils.encode_range({
        s: { r: 0, c: 0 },
        e: { r: TEMPLATE_TEXT_ROWS, c: header.length - 1 },
      });
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, ws, 'Employees');
      return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    },
  };
}
