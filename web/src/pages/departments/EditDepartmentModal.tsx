import { Modal } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { type DepartmentView, usePeopleMutations } from '../../api/people';
import { FormActions } from '../../components/FormActions';
import { saveCallbacks } from '../../forms/save-callbacks';
import { DepartmentFields, departmentInput, useDepartmentForm } from './DepartmentForm';

function EditForm({ dept, onClose }: { dept: DepartmentView; onClose: () => void }) {
  const { updateDepartment } = usePeopleMutations();
  const form = useDepartmentForm(departmentInput(dept));
  const submit = form.onSubmit((values) =>
    updateDepartment.mutate(
      { ...values, dp_name: values.dp_name.trim(), id: dept.id },
      saveCallbacks(form, messages.departments.updated, messages.departments.updateFailed, onClose),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <DepartmentFields form={form} />
      <FormActions onCancel={onClose} busy={updateDepartment.isPending} submitLabel="Save Changes" mt="lg" />
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
