import { Button, Group, Modal } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { fieldErrors, messageOf } from '../../api/client';
import { type DepartmentView, usePeopleMutations } from '../../api/people';
import { notifyError, notifySuccess } from '../../components/notify';
import { DepartmentFields, departmentInput, useDepartmentForm } from './DepartmentForm';

function EditForm({ dept, onClose }: { dept: DepartmentView; onClose: () => void }) {
  const { updateDepartment } = usePeopleMutations();
  const form = useDepartmentForm(departmentInput(dept));
  const submit = form.onSubmit((values) =>
    updateDepartment.mutate(
      { ...values, dp_name: values.dp_name.trim(), id: dept.id },
      {
        onSuccess: () => {
          notifySuccess(messages.departments.updated);
          onClose();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messageOf(e, messages.departments.updateFailed));
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <DepartmentFields form={form} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={updateDepartment.isPending}>
          Save Changes
        </Button>
      </Group>
    </form>
  );
}

/** Full-screen edit of one department; the form is keyed by id so it always starts from that row's values. */
export function EditDepartmentModal({ dept, onClose }: { dept: DepartmentView | null; onClose: () => void }) {
  return (
    <Modal opened={dept !== null} onClose={onClose} title="Edit Department" fullScreen>
      {dept && <EditForm key={dept.id} dept={dept} onClose={onClose} />}
    </Modal>
  );
}
