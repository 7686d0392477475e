import { Alert } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { useCurrentUser, useOwnPermissions } from '../../api/auth';
import { AppPage } from '../../components/AppPage';
import { NewPunchForm } from './NewPunchForm';
import { ownEmployeeRef } from './punch-values';

/** /ManualUserPunch — an employee adds a punch for themselves (the server checks create_time_entries). */
export default function ManualUserPunch() {
  const employeeId = ownEmployeeRef();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const permissions = useOwnPermissions();

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
        <NewPunchForm employeeId={employeeId} onCreated={() => navigate('/HomeUser')} />
      )}
    </AppPage>
  );
}
