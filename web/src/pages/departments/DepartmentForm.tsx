import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { DEFAULT_DEPARTMENT_TYPE, DEPARTMENT_TYPES, departmentBody } from '@punchclock/contract';
import type { DepartmentInput, DepartmentView } from '../../api/people';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';

export type DepartmentForm = UseFormReturnType<DepartmentInput>;

/** A new department starts as the server would default it: type Department, company settings on. */
const blank: DepartmentInput = {
  dp_name: '',
  dp_type: DEFAULT_DEPARTMENT_TYPE,
  exclude_from_reports: false,
  use_company_settings: true,
  assign_to_all_employees: false,
};

export const departmentInput = (d: DepartmentView): DepartmentInput => ({
  dp_name: d.dp_name,
  dp_type: d.dp_type,
  exclude_from_reports: d.exclude_from_reports,
  use_company_settings: d.use_company_settings,
  assign_to_all_employees: d.assign_to_all_employees,
});

/** The create page and the edit modal validate with the contract schema, so both say what the server would. */
export function useDepartmentForm(initial: DepartmentInput = blank): DepartmentForm {
  return useForm<DepartmentInput>({
    initialValues: initial,
    validate: (v) =>
      firstErrors(requiredErrors(v, { dp_name: 'Department name' }), schemaErrors(departmentBody, v)),
  });
}

export function DepartmentFields({ form }: { form: DepartmentForm }) {
  return (
    <Stack>
      <TextInput
        label="Department Name"
        required
        maxLength={120}
        data-autofocus
        {...form.getInputProps('dp_name')}
      />
      <Select
        label="Type"
        data={[...DEPARTMENT_TYPES]}
        allowDeselect={false}
        {...form.getInputProps('dp_type')}
      />
      <Checkbox
        label="Exclude from Reports"
        {...form.getInputProps('exclude_from_reports', { type: 'checkbox' })}
      />
      <Checkbox
        label="Use Company Settings"
        {...form.getInputProps('use_company_settings', { type: 'checkbox' })}
      />
      <Checkbox
        label="Assign to All Employees"
        {...form.getInputProps('assign_to_all_employees', { type: 'checkbox' })}
      />
    </Stack>
  );
}
