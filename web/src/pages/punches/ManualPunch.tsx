import { Alert, Anchor, Loader, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../api/client';
import { useEmployee } from '../../api/people';
import { usePunchMutations } from '../../api/punches';
import { AppPage } from '../../components/AppPage';
import { notifySuccess } from '../../components/notify';
import { PunchForm } from './PunchForm';
import { punchBody, type PunchValues } from './punch-values';

/** /ManualPunch/:id — a manager adds a punch by hand for one employee. */
export default function ManualPunch() {
  const id = Number(useParams().id);
  const employee = useEmployee(id);
  const { create } = usePunchMutations();
  const navigate = useNavigate();

  const submit = (v: PunchValues) =>
    create.mutate(punchBody(id, v), {
      onSuccess: (a) => {
        notifySuccess(a.message || messages.punches.created);
        navigate(`/Employee/${id}`);
      },
    });

  const name = employee.data?.name;
  return (
    <AppPage
      title="Manual Punch"
      size="md"
      description={name ? `Add a punch for ${name}` : undefined}
      actions={
        <Anchor component={Link} to={`/Employee/${id}`}>
          Back to the employee
        </Anchor>
      }
    >
      {employee.isLoading && <Loader size="sm" mb="md" />}
      {employee.isError && (
        <Alert color="red" mb="md">
          {messageOf(employee.error, messages.punches.noEmployeeIdentifier)}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <PunchForm
          busy={create.isPending}
          onSubmit={submit}
          error={create.error ? messageOf(create.error, messages.punches.createFailed) : null}
          onAttempt={() => create.reset()}
        />
      </Paper>
    </AppPage>
  );
}
