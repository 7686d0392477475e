import { Alert, Button, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOwnPermissions } from '../../api/auth';
import { AppPage } from '../../components/AppPage';
import { ownEmployeeRef } from './punch-values';

/**
 * An employee's own punches (/Activity, /PunchDetails): Create Manual Punch when their permission allows,
 * and the punches as `list` draws them, with edit controls when edit_time_entries allows (the server checks
 * both again); a login with no employee record says why instead.
 */
export function OwnPunchesPage({
  title,
  description,
  list,
}: {
  title: string;
  description?: string;
  list: (employeeId: number, canEdit: boolean) => ReactNode;
}) {
  const permissions = useOwnPermissions();
  const own = ownEmployeeRef();
  return (
    <AppPage
      title={title}
      description={description}
      actions={
        permissions.create_time_entries && (
          <Button component={Link} to="/ManualUserPunch" leftSection={<IconPlus size={16} />}>
            Create Manual Punch
          </Button>
        )
      }
    >
      {own === 0 ? (
        <Alert color="red">{messages.punches.noEmployeeIdentifier}</Alert>
      ) : (
        <Paper withBorder p="md">
          {list(own, permissions.edit_time_entries === true)}
        </Paper>
      )}
    </AppPage>
  );
}
