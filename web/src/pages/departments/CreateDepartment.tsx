import { Group, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { fieldErrors, messageOf } from '../../api/client';
import { usePeopleMutations } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { SubmitButton } from '../../components/SubmitButton';
import { DepartmentFields, useDepartmentForm } from './DepartmentForm';

/** /CreateDepartment: a new department, then back to the list. */
export default function CreateDepartment() {
  const navigate = useNavigate();
  const { createDepartment } = usePeopleMutations();
  const form = useDepartmentForm();
  const submit = form.onSubmit((values) =>
    createDepartment.mutate(
      { ...values, dp_name: values.dp_name.trim() },
      {
        onSuccess: () => {
          notifySuccess(messages.departments.created);
          navigate('/DepartmentsDetail');
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messages.departments.error(messageOf(e, messages.general.genericError)));
        },
      },
    ),
  );
  return (
    <AppPage title="Create Department" size="md">
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <DepartmentFields form={form} />
          <Group justify="flex-end" mt="lg">
            <SubmitButton busy={createDepartment.isPending} busyLabel="Creating...">
              Create Department
            </SubmitButton>
          </Group>
        </form>
      </Paper>
    </AppPage>
  );
}
