import { Alert, Anchor, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMPLOYEE_STATUSES,
  employeeBody,
  type EmployeeStatus,
  messages,
  PIN_MAX_LENGTH,
} from '@punchclock/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDepartments, usePeopleMutations } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { FormActions } from '../../components/FormActions';
import { saveCallbacks } from '../../forms/save-callbacks';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { CustomFieldInputs } from '../fields/CustomFieldInputs';
import { effectiveFlags, type Flags, newEmployeeFlags, PermissionGroups } from './PermissionGroups';
import { HourlyRateInput } from './rate-fields';

interface Values {
  name: string;
  department_id: string | null;
  title: string;
  employee_id: string;
  hourly_rate: number | string;
  email: string;
  pin: string;
  status: EmployeeStatus;
}

/** Blank required fields first, then the contract's checks of the request (custom field values too). */
const validate = (v: Values, custom: Record<string, string>) =>
  firstErrors(
    requiredErrors({ ...v }, { name: 'Name', department_id: 'Department', employee_id: 'Employee ID' }),
    schemaErrors(employeeBody, { ...v, custom_fields: custom }),
  );

function useEmployeeForm(custom: Record<string, string>) {
  return useForm<Values>({
    initialValues: {
      name: '',
      department_id: null,
      title: '',
      employee_id: '',
      hourly_rate: '',
      email: '',
      pin: '',
      status: 'active',
    },
    validate: (v) => validate(v, custom),
  });
}

function DepartmentField({ form }: { form: ReturnType<typeof useEmployeeForm> }) {
  const departments = useDepartments();
  const data = (departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name }));
  return (
    <Stack gap={4}>
      <Select
        label="Department"
        required
        allowDeselect={false}
        placeholder={departments.isLoading ? 'Loading…' : 'Choose a department'}
        data={data}
        {...form.getInputProps('department_id')}
      />
      {departments.isSuccess && data.length === 0 && (
        <Anchor component={Link} to="/CreateDepartment" size="sm">
          Create a department
        </Anchor>
      )}
    </Stack>
  );
}

/** /CreateNewEmployee: one employee with its permissions and custom field values. */
export default function CreateEmployee() {
  const navigate = useNavigate();
  const { createEmployee } = usePeopleMutations();
  const [flags, setFlags] = useState<Flags>(newEmployeeFlags);
  const [custom, setCustom] = useState<Record<string, string>>({});
  const form = useEmployeeForm(custom);

  const submit = form.onSubmit((v) =>
    createEmployee.mutate(
      {
        ...effectiveFlags(flags),
        name: v.name.trim(),
        department_id: Number(v.department_id),
        title: v.title.trim(),
        employee_id: v.employee_id.trim(),
        hourly_rate: v.hourly_rate === '' ? 0 : v.hourly_rate,
        email: v.email.trim(),
        pin: v.pin || null,
        status: v.status,
        custom_fields: custom,
      },
      saveCallbacks(form, messages.employees.created, messages.employees.createFailed, () =>
        navigate('/Employee'),
      ),
    ),
  );

  return (
    <AppPage title="Create New Employee" size="md">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required maxLength={120} {...form.getInputProps('name')} />
            <DepartmentField form={form} />
            <TextInput label="Title" maxLength={120} {...form.getInputProps('title')} />
            <TextInput label="Employee ID" required maxLength={40} {...form.getInputProps('employee_id')} />
            <HourlyRateInput {...form.getInputProps('hourly_rate')} />
            <TextInput label="Email" type="email" maxLength={254} {...form.getInputProps('email')} />
            <TextInput
              label="PIN"
              inputMode="numeric"
              maxLength={PIN_MAX_LENGTH}
              autoComplete="off"
              description={
                flags.permission_app && !flags.use_card_or_pin
                  ? 'Asked at time stations only with Use Card or PIN on (App Login).'
                  : undefined
              }
              {...form.getInputProps('pin')}
              onChange={(e) => {
                // A first PIN typed turns Use Card or PIN on: a PIN is set to be asked (untick to not ask it).
                if (e.currentTarget.value && !form.getValues().pin)
                  setFlags((f) => ({ ...f, use_card_or_pin: f.permission_app || f.use_card_or_pin }));
                form.getInputProps('pin').onChange(e);
              }}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={EMPLOYEE_STATUSES.map((s) => ({
                value: s,
                label: s === 'active' ? 'Active' : 'Inactive',
              }))}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <CustomFieldInputs
            values={custom}
            onChange={setCustom}
            errors={form.errors as Record<string, string>}
          />
          <PermissionGroups flags={flags} onChange={setFlags} />
          {flags.permission_site && (
            <Alert color="blue" variant="light">
              With Site Login and an email address, the employee gets an e-mail with a link to set a password.
            </Alert>
          )}
          <FormActions
            onCancel={() => navigate('/Employee')}
            busy={createEmployee.isPending}
            busyLabel={messages.employees.creating}
            submitLabel="Create Employee"
          />
        </Stack>
      </Paper>
    </AppPage>
  );
}
