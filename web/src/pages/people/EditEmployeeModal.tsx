import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@punchclock/contract';
import { useState } from 'react';
import { fieldErrors, messageOf } from '../../api/client';
import { type EmployeeView, useCustomFields, useDepartments, usePeopleMutations } from '../../api/people';
import { notifyError, notifySuccess } from '../../components/notify';
import { CustomFieldInputs } from '../fields/CustomFieldInputs';

interface EditValues {
  name: string;
  department_id: string;
  title: string;
  employee_id: string;
  hourly_rate: number | string;
}

const valuesOf = (e: EmployeeView): EditValues => ({
  name: e.name,
  department_id: String(e.department_id),
  title: e.title ?? '',
  employee_id: e.employee_id,
  hourly_rate: Number(e.hourly_rate) || 0,
});

function EditForm({ employee, onClose }: { employee: EmployeeView; onClose: () => void }) {
  const departments = useDepartments();
  const fields = useCustomFields();
  const { updateEmployee } = usePeopleMutations();
  const [custom, setCustom] = useState<Record<string, string>>(employee.custom_fields ?? {});
  const form = useForm<EditValues>({
    initialValues: valuesOf(employee),
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      department_id: (v) => (v ? null : 'Department is required.'),
      employee_id: (v) => (v.trim() ? null : 'Employee ID is required.'),
    },
  });
  const submit = form.onSubmit((v) =>
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
        custom_fields: custom,
      },
      {
        onSuccess: () => {
          notifySuccess(messages.employees.updated);
          onClose();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messageOf(e, messages.employees.updateFailed));
        },
      },
    ),
  );
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
          <NumberInput
            label="Hourly Rate ($)"
            step={0.01}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            {...form.getInputProps('hourly_rate')}
          />
        </SimpleGrid>
        <CustomFieldInputs
          fields={fields.data ?? []}
          values={custom}
          onChange={setCustom}
          errors={form.errors as Record<string, string>}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={updateEmployee.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
