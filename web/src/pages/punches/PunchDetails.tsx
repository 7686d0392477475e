import { Alert, Anchor, Button, Paper } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useOwnPermissions } from '../../api/auth';
import { useEmployee } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';
import { PunchTable } from './PunchTable';
import { ownEmployeeRef } from './punch-values';

/** What a manager's screen passes in the route state: whose punches to show. */
interface DetailsState {
  employeeId?: number;
  id?: number;
}

function stateOf(raw: unknown): DetailsState {
  return raw && typeof raw === 'object' ? (raw as DetailsState) : {};
}

function ManagerDetails({ employeeId }: { employeeId: number }) {
  const employee = useEmployee(employeeId);
  return (
    <AppPage
      title="Punch Details"
      description={employee.data?.name}
      actions={
        <Button component={Link} to={`/ManualPunch/${employeeId}`} leftSection={<IconPlus size={16} />}>
          Add punch
        </Button>
      }
    >
      <Paper withBorder p="md">
        <PunchTable employeeId={employeeId} />
      </Paper>
      <Anchor component={Link} to={`/Employee/${employeeId}`} mt="md" display="inline-block">
        Back to the employee
      </Anchor>
    </AppPage>
  );
}

/**
 * /PunchDetails and /ActivityDetail (managers) and /ActivityUser (employees). An employee sees their
 * own punches, with edit controls when their edit_time_entries permission (from /api/get-user)
 * allows; the server checks again. A manager needs the employee in the route state, else goes to
 * the employee list to pick one.
 */
export default function PunchDetails() {
  const user = useSession().user;
  const state = stateOf(useLocation().state);
  const permissions = useOwnPermissions();
  if (user?.user_type === 'employee') {
    const own = ownEmployeeRef();
    return (
      <AppPage
        title="Punch Details"
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
            <PunchTable employeeId={own} canEdit={permissions.edit_time_entries === true} />
          </Paper>
        )}
      </AppPage>
    );
  }
  const employeeId = Number(state.employeeId ?? state.id ?? 0);
  if (!(employeeId > 0)) return <Navigate to="/Employee" replace />;
  return <ManagerDetails employeeId={employeeId} />;
}
