import { Alert, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { useCurrentUser, useOwnPermissions } from '../../api/auth';
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
  const user = useCurrentUser();
  const permissions = useOwnPermissions();

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
      ) : user.data && !permissions.create_time_entries ? (
        // Said before the form is filled in (the server refuses it too).
        <Alert color="yellow">
          {messages.punches.notAllowedCreate} Ask your manager to allow Create Time Entries.
        </Alert>
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
