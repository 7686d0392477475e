import { Alert, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/client';
import { usePunchMutations } from '../../api/punches';
import { AppPage } from '../../components/AppPage';
import { notifySuccess } from '../../components/notify';
import { PunchForm } from './PunchForm';
import { ownEmployeeRef, punchBody, type PunchValues } from './punch-values';

/** /ManualUserPunch — an employee adds a punch for themselves (the server checks create_time_entries). */
export default function ManualUserPunch() {
  const employeeId = ownEmployeeRef();
  const { create } = usePunchMutations();
  const navigate = useNavigate();

  const submit = (v: PunchValues, reset: () => void) =>
    create.mutate(punchBody(employeeId, v), {
      onSuccess: (a) => {
        notifySuccess(a.message || messages.punches.created);
        reset();
        navigate('/HomeUser');
      },
    });

  return (
    <AppPage title="Manual Punch" size="md" description="Add a punch you forgot to record.">
      {employeeId === 0 ? (
        <Alert color="red">{messages.punches.noEmployeeIdentifier}</Alert>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <PunchForm
            busy={create.isPending}
            onSubmit={submit}
            error={create.error ? messageOf(create.error, messages.punches.createFailed) : null}
            onAttempt={() => create.reset()}
          />
        </Paper>
      )}
    </AppPage>
  );
}
