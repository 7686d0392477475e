import { messages } from '@punchclock/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  type Method,
  type Owner,
  registerOwner as registerOwnerAt,
  screenshot,
  useBrowser,
  chooseOption,
  signInAsManager as signIn,
} from './support';

const b = useBrowser();

interface Dept {
  id: number;
  dp_name: string;
  dp_type: string;
  employee_count: number;
  exclude_from_reports: boolean;
  updated_at: string;
}

const call = (token: string, method: Method, path: string, body?: unknown) =>
  apiCall(b.baseUrl, token, method, path, body);

async function api<T>(token: string, method: Method, path: string, body?: unknown): Promise<T> {
  const a = await call(token, method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body as T;
}

const registerOwner = (prefix: string) => registerOwnerAt(b.baseUrl, prefix);

const departments = (o: Owner) => api<Dept[]>(o.token, 'GET', '/departments');
const departmentId = async (o: Owner, name: string) =>
  (await departments(o)).find((d) => d.dp_name === name)?.id as number;
const createDepartment = (o: Owner, dp_name: string) =>
  api<{ data: Dept }>(o.token, 'POST', '/departments', { dp_name }).then((a) => a.data.id);
const createEmployee = (o: Owner, name: string, department_id: number, employee_id: string) =>
  api<{ data: { id: number } }>(o.token, 'POST', '/employees', { name, department_id, employee_id }).then(
    (a) => a.data.id,
  );

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

async function createInUi(page: Page, name: string, type?: string) {
  await page.goto('/Departments');
  await page.getByRole('button', { name: 'Create Department' }).click();
  await page.waitForURL(/\/CreateDepartment$/);
  await page.getByLabel('Department Name').fill(name);
  if (type)
    await chooseOption(
      page,
      page
        .getByRole('textbox', { name: 'Type' })
        .or(page.getByRole('combobox', { name: 'Type' }))
        .first(),
      type,
    );
  await page.getByRole('button', { name: 'Create Department' }).click();
  await page.waitForURL(/\/DepartmentsDetail$/);
  await toast(page, messages.departments.created);
  await row(page, name).waitFor();
}

describe('departments and custom fields', () => {
  it('creates, edits, moves members out of, deletes and bulk-deletes departments; creates a custom field', async () => {
    const owner = await registerOwner('depts');
    const { page, context } = await b.newPage();
    await signIn(page, owner);
    await page.goto('/Departments');
    await page.getByText(messages.departments.empty).waitFor();

    // Create: the blank name is refused in the browser, then a Location is made.
    await page.getByRole('button', { name: 'Create Department' }).click();
    await page.waitForURL(/\/CreateDepartment$/);
    expect(await page.getByLabel('Use Company Settings').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Department' }).click();
    await page.getByText('Department name is required.').waitFor();
    await screenshot(page, 'departments-create');
    await createInUi(page, 'Night Shift', 'Location');
    expect(await row(page, 'Night Shift').textContent()).toContain('Location');
    await screenshot(page, 'departments-list');

    // Edit in the full-screen modal.
    await page.getByRole('button', { name: 'Edit Night Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Department' });
    await dialog.getByLabel('Department Name').fill('Night Crew');
    await dialog.getByLabel('Exclude from Reports').check();
    await screenshot(page, 'departments-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, messages.departments.updated);
    await row(page, 'Night Crew').waitFor();
    const edited = (await departments(owner)).find((d) => d.dp_name === 'Night Crew');
    expect(edited).toMatchObject({ dp_type: 'Location', exclude_from_reports: true });

    // A number custom field that refuses duplicates.
    await page.goto('/CustomFields');
    await page.getByText(messages.customFields.empty).waitFor();
    await page.getByRole('button', { name: 'Create Custom Field' }).click();
    const fieldDialog = page.getByRole('dialog', { name: 'Create Custom Field' });
    await fieldDialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, messages.customFields.requiredFields);
    await fieldDialog.getByLabel('Field Name').fill('Locker Number');
    await chooseOption(
      page,
      fieldDialog
        .getByRole('textbox', { name: 'Type' })
        .or(fieldDialog.getByRole('combobox', { name: 'Type' }))
        .first(),
      'Number',
    );
    expect(await fieldDialog.getByLabel('Allow Duplicates').isChecked()).toBe(false);
    await fieldDialog.getByRole('button', { name: 'Submit' }).click();
    await fieldDialog.waitFor({ state: 'detached' });
    expect(await row(page, 'Locker Number').textContent()).toMatch(/number\s*No\s*0/);
    const fields = await api<{
      data: { field_name: string; field_type: string; allow_duplicates: boolean }[];
    }>(owner.token, 'GET', '/api/fields');
    expect(fields.data).toMatchObject([
      { field_name: 'Locker Number', field_type: 'number', allow_duplicates: false },
    ]);
    await screenshot(page, 'departments-custom-field');

    // Delete with a member: the prompt asks where the member goes.
    await createInUi(page, 'Day Crew');
    const nightId = await departmentId(owner, 'Night Crew');
    const dayId = await departmentId(owner, 'Day Crew');
    const memberId = await createEmployee(owner, 'Sam Mover', nightId, 'SM-1');
    await page.reload();
    expect(await row(page, 'Night Crew').textContent()).toContain('Location');
    await page.getByRole('button', { name: 'Delete Night Crew' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Night Crew' });
    await confirm.getByText('It has 1 employee;').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('Choose where its employees go.').waitFor();
    await chooseOption(
      page,
      confirm
        .getByRole('textbox', { name: 'Move its employees to' })
        .or(confirm.getByRole('combobox', { name: 'Move its employees to' }))
        .first(),
      'Day Crew',
    );
    await confirm.getByText('Choose where its employees go.').waitFor({ state: 'detached' });
    await screenshot(page, 'departments-delete-move');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, messages.departments.deleted);
    await row(page, 'Night Crew').waitFor({ state: 'detached' });
    const member = await api<{ data: { department_id: number } }>(
      owner.token,
      'GET',
      `/api/employees/${memberId}`,
    );
    expect(member.data.department_id).toBe(dayId);

    // The row opens the department with its member.
    await row(page, 'Day Crew').getByText('Day Crew').click();
    await page.waitForURL(new RegExp(`/Departments/${dayId}$`));
    await page.getByRole('link', { name: 'Sam Mover' }).waitFor();
    await screenshot(page, 'departments-detail');

    // The "Custom Filed" list searches the real departments.
    await page.goto('/CustomFieldDetail');
    await row(page, 'Day Crew').waitFor();
    await page.getByPlaceholder('Search by Department Name, Type').fill('nothing-like-this');
    await page.getByText('No departments found').waitFor();
    await page.getByPlaceholder('Search by Department Name, Type').fill('DEPARTMENT');
    await row(page, 'Day Crew').waitFor();

    // Bulk delete: refused while one has members, done once only empty ones are chosen.
    await createDepartment(owner, 'Temp A');
    await createDepartment(owner, 'Temp B');
    await page.goto('/Departments');
    const bulk = page.getByRole('button', { name: 'Delete Selected Departments' });
    expect(await bulk.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select Day Crew' }).check();
    await page.getByRole('checkbox', { name: 'Select Temp A' }).check();
    await bulk.click();
    await page
      .getByRole('dialog', { name: 'Delete Selected Departments' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByText(/^Error: /)
      .first()
      .waitFor();
    expect((await departments(owner)).map((d) => d.dp_name).sort()).toEqual(['Day Crew', 'Temp A', 'Temp B']);
    await page.getByRole('checkbox', { name: 'Select Day Crew' }).uncheck();
    await page.getByRole('checkbox', { name: 'Select Temp B' }).check();
    await screenshot(page, 'departments-bulk');
    await bulk.click();
    await page
      .getByRole('dialog', { name: 'Delete Selected Departments' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, messages.departments.bulkDeleted);
    await row(page, 'Temp A').waitFor({ state: 'detached' });
    expect((await departments(owner)).map((d) => d.dp_name)).toEqual(['Day Crew']);
    await context.close();
  });

  it("keeps one account's departments, fields and employees away from another", async () => {
    const one = await registerOwner('iso1');
    const two = await registerOwner('iso2');
    const deptId = await createDepartment(one, 'Secret Lab');
    const field = await api<{ data: { id: number } }>(one.token, 'POST', '/api/fields', {
      field_name: 'Secret Code',
      field_type: 'text',
      field_options: true,
    });
    const empId = await createEmployee(one, 'Hidden Person', deptId, 'HP-1');
    const before = {
      dept: await departments(one),
      fields: await api<unknown>(one.token, 'GET', '/api/fields'),
      emp: await api<unknown>(one.token, 'GET', `/api/employees/${empId}`),
    };

    const { page, context } = await b.newPage();
    await signIn(page, two);
    await page.goto('/Departments');
    await page.getByText(messages.departments.empty).waitFor();
    expect(await page.getByText('Secret Lab').count()).toBe(0);
    await page.goto('/CustomFields');
    await page.getByText(messages.customFields.empty).waitFor();
    expect(await page.getByText('Secret Code').count()).toBe(0);
    await page.goto('/Employee');
    await page.getByText(messages.employees.noneSetup).waitFor();
    expect(await page.getByText('Hidden Person').count()).toBe(0);
    await page.goto(`/Departments/${deptId}`);
    await page.getByText('Department not found').waitFor();
    await screenshot(page, 'departments-isolation');
    await context.close();

    // Account 2 writes with valid bodies (its own department), so only ownership can refuse them.
    const ownDept = await createDepartment(two, 'Own Dept');
    const refusals = [
      await call(two.token, 'GET', `/api/departments/${deptId}`),
      await call(two.token, 'PUT', `/departments/${deptId}`, { dp_name: 'Taken Over' }),
      await call(two.token, 'DELETE', `/departments/${deptId}`),
      await call(two.token, 'DELETE', `/departments/${deptId}?move_to=${ownDept}`),
      await call(two.token, 'GET', `/api/employees/${empId}`),
      await call(two.token, 'PUT', `/employees/${empId}`, {
        name: 'Taken Over',
        department_id: ownDept,
        employee_id: 'X-1',
      }),
      await call(two.token, 'DELETE', `/employees/${empId}`),
      await call(two.token, 'PUT', `/api/fields/${field.data.id}`, {
        field_name: 'Taken Over',
        field_type: 'number',
        field_options: false,
      }),
      await call(two.token, 'DELETE', `/fields/${field.data.id}`),
    ];
    expect(refusals.map((r) => r.status)).toEqual(refusals.map(() => 404));
    expect(await departments(two)).toMatchObject([{ dp_name: 'Own Dept', employee_count: 0 }]);

    const after = {
      dept: await departments(one),
      fields: await api<unknown>(one.token, 'GET', '/api/fields'),
      emp: await api<unknown>(one.token, 'GET', `/api/employees/${empId}`),
    };
    expect(after).toEqual(before);
  });
});
