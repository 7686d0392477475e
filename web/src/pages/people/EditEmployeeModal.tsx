import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { employeeBody, messages } from '@punchclock/contract';
import { useState } from 'react';
import { type EmployeeView, useDepartments, useEmployeeRates, usePeopleMutations } from '../../api/people';
import { FormActions } from '../../components/FormActions';
import { saveCallbacks } from '../../forms/save-callbacks';
import { firstErrors, problemErrors, schemaErrors } from '../../forms/validation';
import { useCurrentUser } from '../../api/auth';
import { CustomFieldInputs } from '../fields/CustomFieldInputs';
import { todayIn } from '../reports/periods';
import { HourlyRateInput, RateFromInput, rateFromProblem } from './rate-fields';

interface EditValues {
  name: string;
  department_id: string;
  title: string;
  employee_id: string;
  hourly_rate: number | string;
  /** The day a changed rate is paid from (YYYY-MM-DD); today unless the manager back-dates it. */
  rate_effective_from: string;
}

const valuesOf = (e: EmployeeView, today: string): EditValues => ({
  name: e.name,
  department_id: String(e.department_id),
  title: e.title ?? '',
  employee_id: e.employee_id,
  hourly_rate: Number(e.hourly_rate) || 0,
  rate_effective_from: today,
});

function EditForm({ employee, onClose }: { employee: EmployeeView; onClose: () => void }) {
  const departments = useDepartments();
  const { updateEmployee } = usePeopleMutations();
  const [custom, setCustom] = useState<Record<string, string>>(employee.custom_fields ?? {});
  const today = todayIn(useCurrentUser().data?.time_zone);
  const form = useForm<EditValues>({
    initialValues: valuesOf(employee, today),
    // Blank fields and the rate's day first, then the contract's checks, in the words the server would use.
    validate: (v) =>
      firstErrors(
        problemErrors({
          name: v.name.trim() ? null : 'Name is required.',
          department_id: v.department_id ? null : 'Department is required.',
          employee_id: v.employee_id.trim() ? null : 'Employee ID is required.',
          rate_effective_from: rateChanged(employee, v.hourly_rate)
            ? rateFromProblem(v.rate_effective_from, today)
            : null,
        }),
        schemaErrors(employeeBody, { ...v, custom_fields: custom }),
      ),
  });
  const changed = rateChanged(employee, form.values.hourly_rate);
  // With a rate history, the day the current rate started can be corrected (the same rate sent with a day).
  const rates = useEmployeeRates(employee.id).data;
  const currentFrom = rates && rates.length > 1 ? rates[0].effective_from : null;
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const movedError = movedFrom === null ? null : rateFromProblem(movedFrom, today);
  const moved = !changed && currentFrom && movedFrom && movedFrom !== currentFrom ? movedFrom : null;
  const submit = form.onSubmit((v) => {
    if (!changed && currentFrom && movedError) return;
    updateEmployee.mutate(
      // The modal edits a subset: the rest is sent as it is, since the server clears an absent email.
      {
        id: employee.id,
        email: employee.email ?? '',
        status: employee.status,
        name: v.name.trim(),
        department_id: Number(v.department_id),
        title: v.title.trim(),
        employee_id: v.employee_id.trim(),
        hourly_rate: v.hourly_rate === '' ? 0 : v.hourly_rate,
        ...(changed
          ? { rate_effective_from: v.rate_effective_from }
          : moved
            ? { rate_effective_from: moved }
            : {}),
        custom_fields: custom,
      },
      saveCallbacks(form, messages.employees.updated, messages.employees.updateFailed, onClose),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required maxLength={120} data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Department"
            required
            allowDeselect={false}
            data={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name }))}
            {...form.getInputProps('department_id')}
          />
          <TextInput label="Title" maxLength={120} {...form.getInputProps('title')} />
          <TextInput label="Employee ID" required maxLength={40} {...form.getInputProps('employee_id')} />
          <HourlyRateInput {...form.getInputProps('hourly_rate')} />
          {changed && <RateFromInput today={today} {...form.getInputProps('rate_effective_from')} />}
          {!changed && currentFrom && (
            <RateFromInput
              today={today}
              label={messages.employees.rateCurrentFrom}
              description={messages.employees.rateCurrentHint}
              value={movedFrom ?? currentFrom}
              onChange={(e) => setMovedFrom(e.currentTarget.value)}
              error={movedError}
            />
          )}
        </SimpleGrid>
        <CustomFieldInputs
          values={custom}
          onChange={setCustom}
          errors={form.errors as Record<string, string>}
        />
        <FormActions onCancel={onClose} busy={updateEmployee.isPending} submitLabel="Save Changes" />
      </Stack>
    </form>
  );
}

/** Whether the form's rate differs from the employee's (to the cent): only then is a start day asked. */
const rateChanged = (e: EmployeeView, rate: number | string) =>
  Math.round(Number(rate === '' ? 0 : rate) * 100) !== Math.round(Number(e.hourly_rate) * 100);

/** The list's edit dialog; the form mounts per employee so it always starts from that row's values. */
export function EditEmployeeModal({
  employee,
  onClose,
}: {
  employee: EmployeeView | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={!!employee} onClose={onClose} title="Edit Employee" size="lg" centered>
      {employee && <EditForm key={employee.id} employee={employee} onClose={onClose} />}
    </Modal>
  );
}
