import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { Session, TestApp } from './helper';

/** The calls the people tests (employees, badges, departments, custom fields, import, self-clock) share. */
export function peopleCalls(t: TestApp) {
  const call = (s: Session, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: s.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function department(s: Session, name = 'Warehouse', extra: object = {}) {
    const res = await call(s, 'POST', '/departments', { dp_name: name, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  async function employee(s: Session, departmentId: number, extra: object = {}) {
    const res = await call(s, 'POST', '/employees', {
      name: 'Ada Lovelace',
      department_id: departmentId,
      employee_id: 'A100',
      hourly_rate: '18.50',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; employee_id: string };
  }

  const upload = (s: Session, file: Buffer, filename: string, preview = false) => {
    const body = multipart(file, filename);
    return t.app.inject({
      method: 'POST',
      url: `/employees/import${preview ? '?preview=1' : ''}`,
      headers: { ...s.auth, ...body.headers },
      payload: body.payload,
    });
  };

  /** A number custom field "Locker" without Allow Duplicates, in the account of `who`: its id. */
  const lockerField = async (who: Session) =>
    (
      await call(who, 'POST', '/api/fields', {
        field_name: 'Locker',
        field_type: 'number',
        field_options: 'false',
      })
    ).json().data.id as number;

  return { call, department, employee, upload, lockerField };
}

function multipart(file: Buffer, filename: string, field = 'file') {
  const boundary = '----punchclock-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function xlsx(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Employees');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}
export const HEADER = ['Name', 'Employee ID', 'Department', 'Title', 'Email', 'Hourly Rate', 'PIN'];
