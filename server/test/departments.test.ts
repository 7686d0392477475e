import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';
import { peopleCalls } from './people-helpers';

const t = useTestApp();
const { call, department, employee } = peopleCalls(t);

describe('departments', () => {
  it('creates with the default type, refuses bad types and duplicate names, and never orphans employees', async () => {
    const s = await signUp(t.app);
    const created = await call(s, 'POST', '/departments', { dp_name: 'Dock', user_id: s.userId });
    expect(created.json().data).toMatchObject({
      dp_name: 'Dock',
      dp_type: 'Department',
      use_company_settings: true,
      employee_count: 0,
    });
    expect((await call(s, 'POST', '/departments', { dp_name: 'X', dp_type: '1' })).statusCode).toBe(400);
    expect((await call(s, 'POST', '/departments', { dp_name: '' })).statusCode).toBe(400);
    const dup = await call(s, 'POST', '/departments', { dp_name: 'Dock' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(messages.people.departmentNameTaken);
    expect(dup.json().code).toBe('department.name_taken');

    const dock = created.json().data.id;
    const yard = await department(s, 'Yard', { dp_type: 'Job Site' });
    const e = await employee(s, dock);
    const refused = await call(s, 'DELETE', `/departments/${dock}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.people.departmentHasMembers(1));
    expect(refused.json().code).toBe('department.has_members');
    expect((await call(s, 'POST', `/alldepartments?dep_id[]=[${dock},${yard}]`)).statusCode).toBe(409);
    expect((await call(s, 'DELETE', `/departments/${dock}?move_to=${dock}`)).statusCode).toBe(422);
    const moved = await call(s, 'DELETE', `/departments/${dock}?move_to=${yard}`);
    expect(moved.json().message).toBe(messages.departments.deleted);
    expect((await call(s, 'GET', `/api/employees/${e.id}`)).json().data.department_name).toBe('Yard');
    const detail = await call(s, 'GET', `/api/departments/${yard}`);
    expect(detail.json().members.map((m: { id: number }) => m.id)).toEqual([e.id]);
    const list = await call(s, 'GET', '/departments');
    expect(list.json().map((d: { dp_name: string }) => d.dp_name)).toEqual(['Yard']);
    expect((await call(s, 'GET', `/department/user/${s.userId}`)).json()).toMatchObject({
      status: 'success',
      data: [{ dp_name: 'Yard', employee_count: 1 }],
    });
    // Listed as names are read: any letter case, accents aside.
    for (const name of ['Zone 2', 'café', 'Ábside', 'bakery']) await department(s, name);
    expect((await call(s, 'GET', '/departments')).json().map((d: { dp_name: string }) => d.dp_name)).toEqual([
      'Ábside',
      'bakery',
      'café',
      'Yard',
      'Zone 2',
    ]);
    // The name of a deleted department can be used again.
    await department(s, 'Dock');
    const updated = await call(s, 'PUT', `/departments/${yard}`, {
      dp_name: 'Yard 2',
      dp_type: 'Location',
      exclude_from_reports: 1,
    });
    expect(updated.json()).toMatchObject({
      message: messages.departments.updated,
      data: { dp_name: 'Yard 2', dp_type: 'Location', exclude_from_reports: true },
    });
  });
});
