import { messages } from '@punchclock/contract';
import { describe, expect, it, vi } from 'vitest';
import type { EmployeesRepos } from '../../src/modules/employees/employees.repositories';
import { newEmployee, type BatchRow } from '../../src/modules/employees/employee-admission';
import { employeesService } from '../../src/modules/employees/employees.service';

/** Fake repositories: an account with one department, one employee (E1, a@x.com) and a unique field holding '7'. */
function fakeRepos() {
  const calls = {
    insertMany: [] as unknown[][],
    setPins: [] as unknown[][],
    insertValues: [] as unknown[][],
  };
  const repos = {
    departments: {
      current: vi.fn(async () => [{ id: 10, dp_name: 'Dock' }]),
      insert: vi.fn(async () => 11),
    },
    employees: {
      identities: vi.fn(async () => [{ id: 1, employee_id: 'E1', email: 'a@x.com' }]),
      insertImportBatch: vi.fn(async () => 5),
      insertMany: vi.fn(async (_a: number, rows: { employee_id: string }[]) => {
        calls.insertMany.push(rows);
        return new Map(rows.map((r, i) => [r.employee_id, 100 + i]));
      }),
      setPins: vi.fn(async (_a: number, pins: unknown[]) => void calls.setPins.push(pins)),
    },
    fields: {
      list: vi.fn(async () => [{ id: 3, field_name: 'Locker', field_type: 'number', allow_duplicates: 0 }]),
      currentValues: vi.fn(async () => [{ field_id: 3, value: '7', employee_ref: 1 }]),
      insertValues: vi.fn(async (_a: number, values: unknown[]) => void calls.insertValues.push(values)),
    },
  } as unknown as EmployeesRepos;
  return { repos, calls };
}

function service(repos: EmployeesRepos) {
  return employeesService({
    repos,
    inTransaction: (work) => work(repos),
    mailer: { send: vi.fn() } as never,
    appSecret: 'secret',
    publicUrl: 'http://x.test',
  });
}

const row = (n: number, code: string, extra: Partial<Parameters<typeof newEmployee>[2]> = {}, custom = {}) =>
  newEmployee(
    n,
    { name: n % 2 ? 'Dock' : 'Night' },
    { name: `P${n}`, employee_id: code, title: null, email: null, hourly_rate: '12.5', pin: null, ...extra },
    { custom },
  );

describe('employeesService.add: the one create path', () => {
  it('reports taken and repeated codes, e-mails and unique custom values by row, and writes nothing on a dry run', async () => {
    const { repos, calls } = fakeRepos();
    const rows: BatchRow[] = [
      row(2, 'E1'),
      row(3, 'E2', { email: 'a@x.com' }),
      row(4, 'E3', {}, { 3: '7' }),
      row(5, 'E4', {}, { 3: 'x' }),
      row(6, 'E5'),
      row(7, 'E5'),
      { row: 8, malformed: true, custom: { 3: '7' } },
    ];
    const out = await service(repos).add(repos, 1, rows, { dryRun: true });
    expect(out.issues).toEqual([
      { row: 2, key: 'employee_id', message: messages.people.employeeIdTaken },
      { row: 3, key: 'email', message: messages.people.emailTaken },
      { row: 4, key: 'custom_fields.3', message: messages.people.fieldValueTaken('Locker') },
      { row: 5, key: 'custom_fields.3', message: messages.people.fieldNotNumber('Locker') },
      { row: 7, key: 'employee_id', message: messages.people.employeeIdTaken, repeated: true },
      { row: 8, key: 'custom_fields.3', message: messages.people.fieldValueTaken('Locker') },
    ]);
    expect(out.accepted).toEqual([6]);
    expect(out.newDepartments).toEqual(['Night']);
    expect(calls.insertMany).toEqual([]);
  });

  it('writes a batch set-based: one employees insert, one PIN statement, one values insert, whatever its size', async () => {
    const { repos, calls } = fakeRepos();
    const rows = Array.from({ length: 50 }, (_, i) =>
      row(i + 2, `N${i}`, { pin: i % 2 ? '1234' : null }, { 3: String(1000 + i) }),
    );
    const out = await service(repos).add(repos, 1, rows, { importFile: 'staff.xlsx' });
    expect(out.issues).toEqual([]);
    expect(out.ids).toHaveLength(50);
    expect(calls.insertMany).toHaveLength(1);
    expect(calls.insertMany[0]).toHaveLength(50);
    expect(calls.insertMany[0][0]).toMatchObject({
      hourly_rate_cents: 1250,
      import_batch_id: 5,
      permission_app: 1,
    });
    expect(calls.setPins).toEqual([expect.arrayContaining([expect.objectContaining({ id: 101 })])]);
    expect(calls.setPins[0]).toHaveLength(25);
    expect(calls.insertValues).toEqual([expect.any(Array)]);
    expect(calls.insertValues[0]).toHaveLength(50);
    // Each new department named by the batch is made once.
    expect(repos.departments.insert).toHaveBeenCalledTimes(1);
  });

  it('refuses a caller without employees:write before touching a repository', async () => {
    const { repos } = fakeRepos();
    const employee = {
      accountId: 1,
      userId: 2,
      ownerUserId: 1,
      employeeRef: 9,
      permissions: new Set(),
    } as never;
    await expect(service(repos).create(employee, {} as never)).rejects.toMatchObject({ statusCode: 403 });
    expect(repos.departments.current).not.toHaveBeenCalled();
  });
});
